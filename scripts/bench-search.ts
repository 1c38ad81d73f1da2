/**
 * Search speed on a built site: keystroke-to-results time and bytes fetched from /pagefind/ per query, in Chromium.
 *
 *   npx node scripts/bench-search.ts --dist /tmp/dist-search-10k [--port 4352] [--runs 5] [--json out.json] [--cpu 4]
 *
 * Serves the directory with `astro preview` (OUT_DIR=dist), then for each run, in a fresh browser context (empty
 * cache, no service worker): opens /search, waits until the page is idle (the box is autofocused, so Pagefind's
 * script, WebAssembly and metadata load on focus), types the first query letter by letter and times the last
 * keystroke to the rendered results (and, in another fresh page, "cold": the query pasted the moment the page is
 * ready, so everything loads between keystroke and results) (the island's `window.__searchTimings`, measured from the input event to the
 * commit of the results: the first 12 cards; the rest of the 50 load as the shopper scrolls and are not counted). Then it types further queries in the same page ("warm": index loaded, new words may
 * still fetch index chunks and result fragments). Bytes are the response bodies of /pagefind/ requests as
 * served, and what a gzip-serving host would send (Pagefind's index files are already gzipped; its JS and the
 * entry JSON are not compressed by `astro preview`). Prints a summary and writes JSON (stdout and --json).
 * `--cpu N` slows the CPU N times (Chrome DevTools throttling) to approximate a mid-range phone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from '@playwright/test';
import { chromiumLaunch } from './lib/chromium.ts';

interface Options {
  dist: string;
  port: number;
  runs: number;
  json: string | null;
  cpu: number;
  first: string;
  warm: string[];
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    dist: process.env['OUT_DIR'] || '/tmp/dist-search-10k',
    port: Number(process.env['BENCH_PORT'] || 4352),
    runs: Number(process.env['BENCH_RUNS'] || 5),
    json: null,
    cpu: 1,
    first: 'milk',
    warm: ['bread', 'eggs', 'banana', 'rice', 'doodh', 'atta', 'tea', 'chips', 'soap', 'paneer'],
  };
  for (let i = 0; i < argv.length; i += 1) {
    const value = argv[i + 1] ?? '';
    switch (argv[i]) {
      case '--dist':
        options.dist = path.resolve(value);
        i += 1;
        break;
      case '--port':
        options.port = Number(value);
        i += 1;
        break;
      case '--runs':
        options.runs = Math.max(1, Number(value) || 1);
        i += 1;
        break;
      case '--json':
        options.json = value;
        i += 1;
        break;
      case '--cpu':
        options.cpu = Math.max(1, Number(value) || 1);
        i += 1;
        break;
      case '--first':
        options.first = value;
        i += 1;
        break;
      case '--warm':
        options.warm = value.split(',').map((q) => q.trim()).filter(Boolean);
        i += 1;
        break;
      case '--help':
        console.log('usage: node scripts/bench-search.ts --dist DIR [--port N] [--runs N] [--json FILE] [--cpu N] [--first Q] [--warm q1,q2]');
        process.exit(0);
      default:
        throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  return options;
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const percentile = (values: number[], p: number): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const round = (n: number | null, digits = 1): number | null => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits);

/** Starts `astro preview` on the built directory and resolves once /search/ answers. */
async function serve(dist: string, port: number): Promise<ChildProcess> {
  const root = path.resolve(import.meta.dirname, '..');
  // Another server on the port would be measured instead of this site (Vite would quietly pick another port).
  const taken = await fetch(`http://127.0.0.1:${port}/`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use; pass --port`);
  const expected = await readFile(path.join(dist, 'pagefind', 'pagefind-entry.json'), 'utf8');
  // This Node (24), not whatever `node` is first on PATH; --ignore-lock: other previews of this project may run.
  const astro = path.join(root, 'node_modules/astro/bin/astro.mjs');
  const child = spawn(process.execPath, [astro, 'preview', '--ignore-lock', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: root,
    env: { ...process.env, OUT_DIR: dist },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`astro preview exited ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/pagefind/pagefind-entry.json`);
      if (response.ok) {
        if ((await response.text()) !== expected) throw new Error(`port ${port} serves another site than ${dist}`);
        return child;
      }
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('port')) {
        child.kill();
        throw error;
      }
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`astro preview did not answer on port ${port}:\n${output}`);
}

/** One /pagefind/ response: bytes as served and as a gzip-serving host would send them. */
interface Fetched {
  url: string;
  bytes: number;
  gzipBytes: number;
}

/** Records /pagefind/ responses of a page into `sink`. */
function watchPagefind(page: Page, sink: { list: Fetched[] }): void {
  page.on('requestfinished', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/pagefind/')) return;
    void (async () => {
      const response = await request.response();
      if (!response) return;
      const sizes = await request.sizes();
      const encoded = (await response.headerValue('content-encoding')) !== null;
      let gzipBytes = sizes.responseBodySize;
      // Pagefind's .pf_* chunks and its wasm are gzip inside; text files would be gzipped by a CDN.
      if (!encoded && /\.(js|json|css)$/.test(url.pathname)) {
        const body = await response.body().catch(() => null);
        if (body) gzipBytes = gzipSync(body, { level: 9 }).length;
      }
      sink.list.push({ url: url.pathname, bytes: sizes.responseBodySize, gzipBytes });
    })();
  });
}

interface Timing {
  query: string;
  status: string;
  total: number;
  ms: number;
}

/** Types `query` letter by letter into the box and returns the island's timing for the final text. */
async function typeQuery(page: Page, query: string): Promise<Timing> {
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill('');
  await page.waitForFunction(() => document.querySelector('#search-results')?.getAttribute('data-search-state') === 'idle');
  await page.evaluate(() => {
    window.__searchTimings = [];
  });
  await box.pressSequentially(query, { delay: 60 });
  await page.waitForFunction(
    (q) => {
      const region = document.querySelector('#search-results');
      // Results on screen: the first 12 cards (the rest load as the shopper scrolls; not part of this measure).
      return region?.getAttribute('data-search-query') === q && ['results', 'empty', 'error'].includes(region.getAttribute('data-search-state') ?? '');
    },
    query,
    { timeout: 30_000 },
  );
  const timings = await page.evaluate(() => window.__searchTimings ?? []);
  const last = [...timings].reverse().find((t) => t.query === query);
  if (!last) throw new Error(`no timing recorded for "${query}": ${JSON.stringify(timings)}`);
  return last;
}

/** Waits until no /pagefind/ request has finished for `quietMs` (late fragment loads land in the right query). */
async function quiet(sink: { list: Fetched[] }, quietMs = 400): Promise<void> {
  let count = -1;
  while (count !== sink.list.length) {
    count = sink.list.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

/**
 * The harshest first search: a fresh page, the query pasted the moment the island is ready, so Pagefind's
 * script, WebAssembly, metadata, index chunk and result fragments all load between keystroke and results.
 */
async function coldRun(origin: string, options: Options, browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<{ ms: number; bytes: number; requests: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  if (options.cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
  const sink = { list: [] as Fetched[] };
  watchPagefind(page, sink);
  try {
    await page.goto(`${origin}/search`, { waitUntil: 'domcontentloaded' });
    await page.locator('[data-search-ready]').waitFor({ state: 'attached' });
    await page.getByRole('searchbox', { name: 'Search products' }).fill(options.first);
    await page.waitForFunction(
      (q) => {
        const region = document.querySelector('#search-results');
        return region?.getAttribute('data-search-query') === q && ['results', 'empty', 'error'].includes(region.getAttribute('data-search-state') ?? '');
      },
      options.first,
      { timeout: 30_000 },
    );
    const timings = await page.evaluate(() => window.__searchTimings ?? []);
    const last = [...timings].reverse().find((t) => t.query === options.first);
    if (!last) throw new Error(`no timing recorded for "${options.first}"`);
    await quiet(sink);
    return { ms: last.ms, bytes: sink.list.reduce((n, f) => n + f.bytes, 0), requests: sink.list.length };
  } finally {
    await context.close();
  }
}

interface RunResult {
  cold: { ms: number; bytes: number; requests: number };
  first: { query: string; ms: number; total: number; bytes: number; gzipBytes: number; requests: number; files: string[] };
  warm: { query: string; ms: number; total: number; bytes: number; gzipBytes: number; requests: number }[];
}

async function oneRun(origin: string, options: Options, browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  if (options.cpu > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
  }
  const sink = { list: [] as Fetched[] };
  watchPagefind(page, sink);
  try {
    await page.goto(`${origin}/search`, { waitUntil: 'networkidle' });
    await quiet(sink);
    const first = await typeQuery(page, options.first);
    await quiet(sink);
    const firstFetched = [...sink.list];
    const warm: RunResult['warm'] = [];
    for (const query of options.warm) {
      const before = sink.list.length;
      const timing = await typeQuery(page, query);
      await quiet(sink);
      const fetched = sink.list.slice(before);
      warm.push({
        query,
        ms: timing.ms,
        total: timing.total,
        bytes: fetched.reduce((n, f) => n + f.bytes, 0),
        gzipBytes: fetched.reduce((n, f) => n + f.gzipBytes, 0),
        requests: fetched.length,
      });
    }
    return {
      cold: await coldRun(origin, options, browser),
      first: {
        query: options.first,
        ms: first.ms,
        total: first.total,
        bytes: firstFetched.reduce((n, f) => n + f.bytes, 0),
        gzipBytes: firstFetched.reduce((n, f) => n + f.gzipBytes, 0),
        requests: firstFetched.length,
        files: firstFetched.map((f) => `${f.url} ${f.bytes}`),
      },
      warm,
    };
  } finally {
    await context.close();
  }
}

/** Size of the Pagefind bundle on disk and the number of pages it indexes. */
async function indexFacts(dist: string): Promise<{ pages: number | null; files: number; bytes: number }> {
  const dir = path.join(dist, 'pagefind');
  let files = 0;
  let bytes = 0;
  const walk = async (d: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        files += 1;
        bytes += (await stat(full)).size;
      }
    }
  };
  await walk(dir);
  let pages: number | null = null;
  try {
    const entry = JSON.parse(await readFile(path.join(dir, 'pagefind-entry.json'), 'utf8')) as { languages?: Record<string, { page_count?: number }> };
    pages = Object.values(entry.languages ?? {}).reduce((n, l) => n + (l.page_count ?? 0), 0);
  } catch {
    pages = null;
  }
  return { pages, files, bytes };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const index = await indexFacts(options.dist);
  const server = await serve(options.dist, options.port);
  const origin = `http://127.0.0.1:${options.port}`;
  const browser = await chromium.launch({ ...chromiumLaunch, headless: true });
  const runs: RunResult[] = [];
  try {
    for (let i = 0; i < options.runs; i += 1) {
      runs.push(await oneRun(origin, options, browser));
      const run = runs.at(-1)!;
      process.stderr.write(
        `run ${i + 1}/${options.runs}: cold ${Math.round(run.cold.ms)} ms, typed ${Math.round(run.first.ms)} ms, ${Math.round(run.first.bytes / 1024)} KB, warm median ${Math.round(median(run.warm.map((w) => w.ms)) ?? 0)} ms\n`,
      );
    }
  } finally {
    await browser.close();
    server.kill();
  }
  const warmAll = runs.flatMap((r) => r.warm);
  const result = {
    dist: options.dist,
    products: index.pages,
    runs: options.runs,
    cpuThrottle: options.cpu,
    index: { files: index.files, bytes: index.bytes },
    cold: {
      query: options.first,
      medianMs: round(median(runs.map((r) => r.cold.ms))),
      maxMs: round(Math.max(...runs.map((r) => r.cold.ms))),
      bytes: median(runs.map((r) => r.cold.bytes)),
      requests: median(runs.map((r) => r.cold.requests)),
    },
    first: {
      query: options.first,
      medianMs: round(median(runs.map((r) => r.first.ms))),
      maxMs: round(Math.max(...runs.map((r) => r.first.ms))),
      bytes: median(runs.map((r) => r.first.bytes)),
      gzipBytes: median(runs.map((r) => r.first.gzipBytes)),
      requests: median(runs.map((r) => r.first.requests)),
      results: runs[0]?.first.total ?? null,
      files: runs[0]?.first.files ?? [],
    },
    warm: {
      queries: options.warm,
      medianMs: round(median(warmAll.map((w) => w.ms))),
      p95Ms: round(percentile(warmAll.map((w) => w.ms), 95)),
      maxMs: round(Math.max(...warmAll.map((w) => w.ms))),
      bytesPerQueryMedian: median(warmAll.map((w) => w.bytes)),
      gzipBytesPerQueryMedian: median(warmAll.map((w) => w.gzipBytes)),
      requestsPerQueryMedian: median(warmAll.map((w) => w.requests)),
      perQuery: options.warm.map((query) => {
        const mine = warmAll.filter((w) => w.query === query);
        return { query, medianMs: round(median(mine.map((w) => w.ms))), bytes: median(mine.map((w) => w.bytes)), results: mine[0]?.total ?? null };
      }),
    },
    summary: {
      products: index.pages,
      // The first search as a shopper makes it: arrive, type letter by letter (Pagefind loads on focus).
      firstMs: round(median(runs.map((r) => r.first.ms))),
      // The same query pasted the instant the page is ready: everything loads between keystroke and results.
      coldMs: round(median(runs.map((r) => r.cold.ms))),
      warmMs: round(median(warmAll.map((w) => w.ms))),
      firstBytes: median(runs.map((r) => r.first.bytes)),
      firstGzipBytes: median(runs.map((r) => r.first.gzipBytes)),
      laterBytes: median(warmAll.map((w) => w.bytes)),
    },
  };
  const text = JSON.stringify(result, null, 2);
  if (options.json) await writeFile(options.json, `${text}\n`);
  console.log(text);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
