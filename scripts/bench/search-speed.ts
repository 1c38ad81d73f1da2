/**
 * Search speed on a built site, in Chromium: keystroke to results (the island's `search:results` measure) and bytes fetched from
 * /pagefind/, cold, warm and corrected (method: bench/README.md). `npm run bench` calls `measureSearch`; run alone it prints the JSON.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from '@playwright/test';
import { formatSearchRun } from './report.ts';
import { directoryStats, median, ROOT } from './util.ts';
import { chromiumLaunch } from '../lib/chromium.ts';
import { commaList, parseCommand, usageError } from '../lib/cli.ts';

/** How to measure: the port `astro preview` serves the build on, runs, CPU slowdown, and the queries. */
export interface SearchOptions {
  port: number;
  runs: number;
  cpu: number;
  first: string;
  warm: string[];
  corrected: string[];
}

/** The queries and settings of a run when none are given. */
export const SEARCH_DEFAULTS: Omit<SearchOptions, 'port' | 'runs'> = {
  cpu: 1,
  first: 'milk',
  warm: commaList('bread,eggs,banana,rice,doodh,atta,tea,chips,soap,paneer'),
  corrected: commaList('mlik,tomtao,bnana,toothpsate,britania,colgte,dodh'),
};

const percentile = (values: number[], p: number): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
const round = (n: number | null, digits = 1): number | null => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits);

/** Starts `astro preview` on the built directory and resolves once /search/ answers. */
async function serve(dist: string, port: number): Promise<ChildProcess> {
  const root = ROOT;
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
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
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
  /** The corrected query the results are for, or null. */
  corrected: string | null;
  /** When the results were on screen (performance.now() of the page). */
  endMs: number;
}

/** The name of the island's Performance measure for each settled answer (src/islands/search/useResultsMeasure.tsx). */
const RESULTS_MEASURE = 'search:results';

/** Waits until the page shows the answer to `query`, then reads the island's measure of it. */
async function measured(page: Page, query: string): Promise<Timing> {
  await page.waitForFunction(
    (q) => {
      const region = document.querySelector('#search-results');
      // Results on screen: the first cards (the rest load as the shopper scrolls; not part of this measure).
      return (
        region?.getAttribute('data-search-query') === q &&
        ['results', 'empty', 'error'].includes(region.getAttribute('data-search-state') ?? '')
      );
    },
    query,
    { timeout: 30_000 },
  );
  // The measure is taken just after the commit that rendered the answer.
  const handle = await page.waitForFunction(
    ([name, q]) => {
      const entry = performance
        .getEntriesByName(name, 'measure')
        .findLast((e) => ((e as PerformanceMeasure).detail as { query?: string } | null)?.query === q) as PerformanceMeasure | undefined;
      if (!entry) return null;
      const d = entry.detail as { status: string; total: number; corrected: string | null };
      return {
        query: q,
        status: d.status,
        total: d.total,
        corrected: d.corrected ?? null,
        ms: entry.duration,
        endMs: entry.startTime + entry.duration,
      };
    },
    [RESULTS_MEASURE, query] as const,
    { timeout: 5_000 },
  );
  return (await handle.jsonValue()) as Timing;
}

/** Types `query` letter by letter into the box and returns the island's timing for the final text. */
async function typeQuery(page: Page, query: string): Promise<Timing> {
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill('');
  await page.waitForFunction(() => document.querySelector('#search-results')?.getAttribute('data-search-state') === 'idle');
  await page.evaluate((name) => performance.clearMeasures(name), RESULTS_MEASURE);
  await box.pressSequentially(query, { delay: 60 });
  return measured(page, query);
}

/** /pagefind/ files whose response had fully arrived by `endMs` (page clock), from Resource Timing. */
async function loadedBy(page: Page, endMs: number): Promise<{ url: string; bytes: number }[]> {
  return page.evaluate(
    (end) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname.startsWith('/pagefind/') && e.responseEnd > 0 && e.responseEnd <= end)
        .map((e) => ({ url: new URL(e.name).pathname, bytes: e.encodedBodySize })),
    endMs,
  );
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
 * A page in a fresh browser context (empty cache, no service worker) sized as a phone, its CPU slowed `cpu` times,
 * with its /pagefind/ responses collected in `sink`.
 */
async function phonePage(browser: Awaited<ReturnType<typeof chromium.launch>>, cpu: number) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const sink = { list: [] as Fetched[] };
  watchPagefind(page, sink);
  return { context, page, sink };
}

/**
 * The harshest first search: a fresh page, the query pasted the moment the island is ready, so Pagefind's
 * script, WebAssembly, metadata, index chunk and result fragments all load between keystroke and results.
 */
interface ColdResult {
  query: string;
  ms: number;
  /** Bytes (and gzip bytes) of the /pagefind/ files loaded before the results were on screen. */
  bytes: number;
  gzipBytes: number;
  requests: number;
  corrected: string | null;
  files: string[];
}

async function coldRun(
  origin: string,
  options: SearchOptions,
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  query = options.first,
): Promise<ColdResult> {
  const { context, page, sink } = await phonePage(browser, options.cpu);
  try {
    await page.goto(`${origin}/search`, { waitUntil: 'domcontentloaded' });
    await page.locator('[data-search-ready]').waitFor({ state: 'attached' });
    await page.getByRole('searchbox', { name: 'Search products' }).fill(query);
    const timing = await measured(page, query);
    const before = await loadedBy(page, timing.endMs);
    await quiet(sink);
    const gzipOf = new Map(sink.list.map((f) => [f.url, f.gzipBytes]));
    return {
      query,
      ms: timing.ms,
      bytes: before.reduce((n, f) => n + f.bytes, 0),
      gzipBytes: before.reduce((n, f) => n + (gzipOf.get(f.url) ?? f.bytes), 0),
      requests: before.length,
      corrected: timing.corrected,
      files: before.map((f) => `${f.url} ${f.bytes}`),
    };
  } finally {
    await context.close();
  }
}

interface QueryResult {
  query: string;
  ms: number;
  total: number;
  bytes: number;
  gzipBytes: number;
  requests: number;
  corrected: string | null;
}

/** One run's figures. */
export interface RunResult {
  cold: ColdResult;
  coldCorrected: ColdResult;
  first: { query: string; ms: number; total: number; bytes: number; gzipBytes: number; requests: number; files: string[] };
  warm: QueryResult[];
  corrected: QueryResult[];
}

async function oneRun(origin: string, options: SearchOptions, browser: Awaited<ReturnType<typeof chromium.launch>>): Promise<RunResult> {
  const { context, page, sink } = await phonePage(browser, options.cpu);
  try {
    await page.goto(`${origin}/search`, { waitUntil: 'networkidle' });
    await quiet(sink);
    const first = await typeQuery(page, options.first);
    // Everything of /pagefind/ the page had loaded when the first results were on screen (on focus, then typing).
    const firstLoaded = await loadedBy(page, first.endMs);
    await quiet(sink);
    const gzipOf = new Map(sink.list.map((f) => [f.url, f.gzipBytes]));
    const firstFetched = firstLoaded.map((f) => ({ url: f.url, bytes: f.bytes, gzipBytes: gzipOf.get(f.url) ?? f.bytes }));
    const typeAll = async (queries: string[]): Promise<QueryResult[]> => {
      const out: QueryResult[] = [];
      for (const query of queries) {
        const before = sink.list.length;
        const timing = await typeQuery(page, query);
        await quiet(sink);
        const fetched = sink.list.slice(before);
        out.push({
          query,
          ms: timing.ms,
          total: timing.total,
          bytes: fetched.reduce((n, f) => n + f.bytes, 0),
          gzipBytes: fetched.reduce((n, f) => n + f.gzipBytes, 0),
          requests: fetched.length,
          corrected: timing.corrected,
        });
      }
      return out;
    };
    const warm = await typeAll(options.warm);
    const corrected = await typeAll(options.corrected);
    return {
      cold: await coldRun(origin, options, browser),
      coldCorrected: await coldRun(origin, options, browser, options.corrected[0] ?? 'mlik'),
      corrected,
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
async function indexFacts(dist: string) {
  const dir = path.join(dist, 'pagefind');
  const entry = JSON.parse(await readFile(path.join(dir, 'pagefind-entry.json'), 'utf8')) as {
    languages?: Record<string, { page_count?: number }>;
  };
  return { pages: Object.values(entry.languages ?? {}).reduce((n, l) => n + (l.page_count ?? 0), 0), ...(await directoryStats(dir)) };
}

/** Measures search on the built site in `dist`; `onRun` hears of each run as it ends. */
export async function measureSearch(dist: string, options: SearchOptions, onRun?: (index: number, run: RunResult) => void) {
  const index = await indexFacts(dist);
  const server = await serve(dist, options.port);
  const origin = `http://127.0.0.1:${options.port}`;
  const browser = await chromium.launch({ ...chromiumLaunch, headless: true });
  const runs: RunResult[] = [];
  try {
    for (let i = 0; i < options.runs; i += 1) {
      const run = await oneRun(origin, options, browser);
      runs.push(run);
      onRun?.(i, run);
    }
  } finally {
    await browser.close();
    server.kill();
  }
  const warmAll = runs.flatMap((r) => r.warm);
  const correctedAll = runs.flatMap((r) => r.corrected);
  const vocabulary = await readFile(path.join(dist, 'pagefind', 'vocabulary.json')).then(
    (body) => ({ bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }),
    () => null,
  );
  const coldOf = (pick: (r: RunResult) => ColdResult) => ({
    query: pick(runs[0] as RunResult).query,
    medianMs: round(median(runs.map((r) => pick(r).ms))),
    maxMs: round(Math.max(...runs.map((r) => pick(r).ms))),
    bytes: median(runs.map((r) => pick(r).bytes)),
    gzipBytes: median(runs.map((r) => pick(r).gzipBytes)),
    requests: median(runs.map((r) => pick(r).requests)),
    corrected: pick(runs[0] as RunResult).corrected,
    files: pick(runs[0] as RunResult).files,
  });
  return {
    dist,
    products: index.pages,
    runs: options.runs,
    cpuThrottle: options.cpu,
    index: { files: index.files, bytes: index.bytes },
    vocabulary,
    // Pasted the moment the page is ready; bytes are those loaded before the results were on screen.
    cold: coldOf((r) => r.cold),
    coldCorrected: coldOf((r) => r.coldCorrected),
    corrected: {
      queries: options.corrected,
      medianMs: round(median(correctedAll.map((w) => w.ms))),
      maxMs: round(Math.max(...correctedAll.map((w) => w.ms))),
      gzipBytesPerQueryMedian: median(correctedAll.map((w) => w.gzipBytes)),
      perQuery: options.corrected.map((query) => {
        const mine = correctedAll.filter((w) => w.query === query);
        return {
          query,
          corrected: mine[0]?.corrected ?? null,
          medianMs: round(median(mine.map((w) => w.ms))),
          results: mine[0]?.total ?? null,
          gzipBytes: median(mine.map((w) => w.gzipBytes)),
        };
      }),
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
      p95Ms: round(
        percentile(
          warmAll.map((w) => w.ms),
          95,
        ),
      ),
      maxMs: round(Math.max(...warmAll.map((w) => w.ms))),
      bytesPerQueryMedian: median(warmAll.map((w) => w.bytes)),
      gzipBytesPerQueryMedian: median(warmAll.map((w) => w.gzipBytes)),
      requestsPerQueryMedian: median(warmAll.map((w) => w.requests)),
      perQuery: options.warm.map((query) => {
        const mine = warmAll.filter((w) => w.query === query);
        return {
          query,
          medianMs: round(median(mine.map((w) => w.ms))),
          bytes: median(mine.map((w) => w.bytes)),
          results: mine[0]?.total ?? null,
        };
      }),
    },
  };
}

/** What `measureSearch` found. */
export type SearchSpeed = Awaited<ReturnType<typeof measureSearch>>;

if (import.meta.main) {
  const { values } = parseCommand(
    'bench-search',
    'usage: node scripts/bench/search-speed.ts --dist DIR [--port N] [--runs N] [--json FILE] [--cpu N] [--first Q] [--warm q1,q2] [--corrected q1,q2]',
    {
      dist: { type: 'string' },
      port: { type: 'string', default: '4352' },
      runs: { type: 'string', default: '5' },
      json: { type: 'string' },
      cpu: { type: 'string', default: String(SEARCH_DEFAULTS.cpu) },
      first: { type: 'string', default: SEARCH_DEFAULTS.first },
      warm: { type: 'string', default: SEARCH_DEFAULTS.warm.join(',') },
      corrected: { type: 'string', default: SEARCH_DEFAULTS.corrected.join(',') },
    },
  );
  if (values.dist === undefined) usageError('bench-search', '--dist DIR is required (a built site with a Pagefind index)');
  const options: SearchOptions = {
    port: Number(values.port),
    runs: Math.max(1, Number(values.runs) || 1),
    cpu: Math.max(1, Number(values.cpu) || 1),
    first: values.first,
    warm: commaList(values.warm),
    corrected: commaList(values.corrected),
  };
  const result = await measureSearch(path.resolve(values.dist), options, (i, run) =>
    process.stderr.write(`${formatSearchRun(i, options.runs, run)}\n`),
  );
  const text = JSON.stringify(result, null, 2);
  if (values.json) await writeFile(values.json, `${text}\n`);
  console.log(text);
}

/** The search section of the results: the figures, or why there are none. */
export type SearchResult = SearchSpeed | { skipped: string };
