/**
 * Search speed on a built site, in Chromium: keystroke to results (the island's `search:results` measure) and bytes fetched from
 * /pagefind/, cold, warm and corrected (method: bench/README.md). `npm run bench` calls `measureSearch`; run alone it prints the JSON.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { directoryStats, median, millis, ROOT } from './util.ts';
import { chromiumLaunch } from '../lib/chromium.ts';
import { parseCommand, usageError, wholeNumber } from '../lib/cli.ts';

const FIRST = 'milk';
const WARM = ['bread', 'eggs', 'banana', 'rice', 'doodh', 'atta', 'tea', 'chips', 'soap', 'paneer'];
const CORRECTED = ['mlik', 'tomtao', 'bnana', 'toothpsate', 'britania', 'colgte', 'dodh'];
/** The island's Performance measure of each settled answer (src/islands/search/useResultsMeasure.tsx). */
const RESULTS_MEASURE = 'search:results';

const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

/** Starts `astro preview` on the build and resolves once /pagefind/ answers with this build's entry file. */
async function serve(dist: string, port: number): Promise<ChildProcess> {
  // Another server on the port would be measured instead (Vite would quietly pick another port).
  if (await fetch(`http://127.0.0.1:${port}/`).catch(() => null)) throw new Error(`port ${port} is already in use; pass --port`);
  const expected = await readFile(path.join(dist, 'pagefind', 'pagefind-entry.json'), 'utf8');
  // This Node (24), not whatever `node` is first on PATH; --ignore-lock: other previews of this project may run.
  const args = [
    path.join(ROOT, 'node_modules/astro/bin/astro.mjs'),
    ...'preview --ignore-lock --host 127.0.0.1 --port'.split(' '),
    String(port),
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, OUT_DIR: dist }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (child.exitCode !== null) throw new Error(`astro preview exited ${child.exitCode}:\n${output}`);
    const response = await fetch(`http://127.0.0.1:${port}/pagefind/pagefind-entry.json`).catch(() => null);
    if (!response?.ok) continue;
    if ((await response.text()) === expected) return child;
    child.kill();
    throw new Error(`port ${port} serves another site than ${dist}`);
  }
  child.kill();
  throw new Error(`astro preview did not answer on port ${port}:\n${output}`);
}

const PHONE = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'block',
} as const;
type Fetched = { url: string; bytes: number; gzipBytes: number };

/** A phone-sized page in a fresh context (empty cache, no service worker), its /pagefind/ responses collected. */
async function phonePage(browser: Browser) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const fetched: Fetched[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/pagefind/')) return;
    void (async () => {
      const response = await request.response();
      if (!response) return;
      const { responseBodySize: bytes } = await request.sizes();
      // Pagefind's .pf_* chunks and its wasm are gzip inside; text files would be gzipped by a CDN.
      const text = (await response.headerValue('content-encoding')) === null && /\.(js|json|css)$/.test(url.pathname);
      const body = text ? await response.body().catch(() => null) : null;
      fetched.push({ url: url.pathname, bytes, gzipBytes: body ? gzipSync(body, { level: 9 }).length : bytes });
    })();
  });
  return { context, page, fetched };
}

/** Waits until no /pagefind/ request has finished for 400 ms (late fragment loads land in the right query). */
async function quiet(fetched: readonly Fetched[]): Promise<void> {
  for (let count = -1; count !== fetched.length; await new Promise((resolve) => setTimeout(resolve, 400))) count = fetched.length;
}

type Timing = { status: string; total: number; ms: number; corrected: string | null; endMs: number };

/** Waits until the page shows the answer to `query`, then reads the island's measure of it (`endMs`: page clock). */
async function measured(page: Page, query: string): Promise<Timing> {
  await page.waitForFunction(
    (q) => {
      const region = document.querySelector('#search-results');
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
      return { ...d, corrected: d.corrected ?? null, ms: entry.duration, endMs: entry.startTime + entry.duration };
    },
    [RESULTS_MEASURE, query] as const,
    { timeout: 5_000 },
  );
  return (await handle.jsonValue()) as Timing;
}

/** Types `query` letter by letter into the emptied box; the island's timing of the final text. */
async function typeQuery(page: Page, query: string): Promise<Timing> {
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill('');
  await page.waitForFunction(() => document.querySelector('#search-results')?.getAttribute('data-search-state') === 'idle');
  await page.evaluate((name) => performance.clearMeasures(name), RESULTS_MEASURE);
  await box.pressSequentially(query, { delay: 60 });
  return measured(page, query);
}

/** The /pagefind/ files fully arrived by `endMs` (Resource Timing), with their gzip bytes once everything settled. */
async function loadedBy(page: Page, fetched: readonly Fetched[], endMs: number) {
  const before = await page.evaluate(
    (end) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname.startsWith('/pagefind/') && e.responseEnd > 0 && e.responseEnd <= end)
        .map((e) => ({ url: new URL(e.name).pathname, bytes: e.encodedBodySize })),
    endMs,
  );
  await quiet(fetched);
  const gzipOf = new Map(fetched.map((f) => [f.url, f.gzipBytes]));
  return {
    bytes: before.reduce((n, f) => n + f.bytes, 0),
    gzipBytes: before.reduce((n, f) => n + (gzipOf.get(f.url) ?? f.bytes), 0),
    requests: before.length,
    files: before.map((f) => `${f.url} ${f.bytes}`),
  };
}

/** The harshest first search: a fresh page, `query` pasted the moment the island is ready, so everything loads in between. */
async function coldRun(origin: string, browser: Browser, query: string) {
  const { context, page, fetched } = await phonePage(browser);
  try {
    await page.goto(`${origin}/search`, { waitUntil: 'domcontentloaded' });
    await page.locator('[data-search-ready]').waitFor({ state: 'attached' });
    await page.getByRole('searchbox', { name: 'Search products' }).fill(query);
    const timing = await measured(page, query);
    return { query, ms: timing.ms, ...(await loadedBy(page, fetched, timing.endMs)), corrected: timing.corrected };
  } finally {
    await context.close();
  }
}

/**
 * One run: /search opened and idle (the box is autofocused, so Pagefind's script, WebAssembly and metadata load on
 * focus), the first query typed, then warm and misspelt queries in the same page; then the two cold runs.
 */
async function oneRun(origin: string, browser: Browser) {
  const { context, page, fetched } = await phonePage(browser);
  try {
    await page.goto(`${origin}/search`, { waitUntil: 'networkidle' });
    await quiet(fetched);
    const first = await typeQuery(page, FIRST);
    const firstLoaded = await loadedBy(page, fetched, first.endMs);
    const typeAll = async (queries: readonly string[]) => {
      const out = [];
      for (const query of queries) {
        const from = fetched.length;
        const timing = await typeQuery(page, query);
        await quiet(fetched);
        const mine = fetched.slice(from);
        const sum = (key: 'bytes' | 'gzipBytes') => mine.reduce((n, f) => n + f[key], 0);
        const { ms, total, corrected } = timing;
        out.push({ query, ms, total, bytes: sum('bytes'), gzipBytes: sum('gzipBytes'), requests: mine.length, corrected });
      }
      return out;
    };
    const warm = await typeAll(WARM);
    const corrected = await typeAll(CORRECTED);
    return {
      cold: await coldRun(origin, browser, FIRST),
      coldCorrected: await coldRun(origin, browser, CORRECTED[0] ?? 'mlik'),
      corrected,
      first: { query: FIRST, ms: first.ms, total: first.total, ...firstLoaded },
      warm,
    };
  } finally {
    await context.close();
  }
}

/** One run's figures. */
export type RunResult = Awaited<ReturnType<typeof oneRun>>;

/** Measures search on the build in `dist` served on `port`; `onRun` hears of each run as it ends. */
export async function measureSearch(dist: string, port: number, runs: number, onRun?: (index: number, run: RunResult) => void) {
  const dir = path.join(dist, 'pagefind');
  type Entry = { languages?: Record<string, { page_count?: number }> };
  const entry = JSON.parse(await readFile(path.join(dir, 'pagefind-entry.json'), 'utf8')) as Entry;
  const index = await directoryStats(dir);
  const server = await serve(dist, port);
  const browser = await chromium.launch({ ...chromiumLaunch, headless: true });
  const all: RunResult[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      all.push(await oneRun(`http://127.0.0.1:${port}`, browser));
      onRun?.(i, all[i] as RunResult);
    }
  } finally {
    await browser.close();
    server.kill();
  }
  const [head] = all as [RunResult];
  const times = (list: readonly { ms: number }[]) => ({
    medianMs: round(median(list.map((r) => r.ms))),
    maxMs: round(Math.max(...list.map((r) => r.ms))),
  });
  const med = <T>(list: readonly T[], pick: (item: T) => number) => median(list.map(pick));
  /** Medians of the bytes (as served and gzipped) and requests before the results. */
  const loaded = (list: readonly { bytes: number; gzipBytes: number; requests: number }[]) => ({
    bytes: med(list, (r) => r.bytes),
    gzipBytes: med(list, (r) => r.gzipBytes),
    requests: med(list, (r) => r.requests),
  });
  const cold = (pick: (r: RunResult) => RunResult['cold']) => {
    const list = all.map(pick);
    const [{ query, corrected, files }] = list as [RunResult['cold']];
    return { query, ...times(list), ...loaded(list), corrected, files };
  };
  const warm = all.flatMap((r) => r.warm);
  const corrected = all.flatMap((r) => r.corrected);
  const firsts = all.map((r) => r.first);
  const sortedWarm = warm.map((w) => w.ms).sort((a, b) => a - b);
  return {
    dist,
    products: Object.values(entry.languages ?? {}).reduce((n, l) => n + (l.page_count ?? 0), 0),
    runs,
    index,
    vocabulary: await readFile(path.join(dir, 'vocabulary.json')).then(
      (body) => ({ bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }),
      () => null,
    ),
    // Pasted the moment the page is ready; bytes are those loaded before the results were on screen.
    cold: cold((r) => r.cold),
    coldCorrected: cold((r) => r.coldCorrected),
    corrected: {
      queries: CORRECTED,
      ...times(corrected),
      gzipBytesPerQueryMedian: med(corrected, (w) => w.gzipBytes),
      perQuery: CORRECTED.map((query) => {
        const mine = corrected.filter((w) => w.query === query);
        const [one] = mine;
        return {
          query,
          corrected: one?.corrected ?? null,
          medianMs: times(mine).medianMs,
          results: one?.total ?? null,
          gzipBytes: med(mine, (w) => w.gzipBytes),
        };
      }),
    },
    first: { query: FIRST, ...times(firsts), ...loaded(firsts), results: head.first.total, files: head.first.files },
    warm: {
      queries: WARM,
      medianMs: times(warm).medianMs,
      p95Ms: round(sortedWarm[Math.min(sortedWarm.length - 1, Math.ceil(0.95 * sortedWarm.length) - 1)] ?? null),
      maxMs: times(warm).maxMs,
      bytesPerQueryMedian: med(warm, (w) => w.bytes),
      gzipBytesPerQueryMedian: med(warm, (w) => w.gzipBytes),
      requestsPerQueryMedian: med(warm, (w) => w.requests),
      perQuery: WARM.map((query) => {
        const mine = warm.filter((w) => w.query === query);
        return { query, medianMs: times(mine).medianMs, bytes: med(mine, (w) => w.bytes), results: mine[0]?.total ?? null };
      }),
    },
  };
}

/** The search section of the results: the figures, or why there are none. */
export type SearchResult = Awaited<ReturnType<typeof measureSearch>> | { skipped: string };

/** One line per search run as it ends (search-speed.ts run alone). */
function formatSearchRun(index: number, runs: number, run: RunResult): string {
  const mid = (list: { ms: number }[]) => median(list.map((w) => w.ms));
  const k = (n: number) => `${Math.round(n / 1024)} KB`;
  const { cold, first, coldCorrected: cc } = run;
  return `run ${index + 1}/${runs}: pasted ${millis(cold.ms)} ${k(cold.gzipBytes)}, typed ${millis(first.ms)} ${k(first.bytes)}, warm median ${millis(mid(run.warm))}, corrected median ${millis(mid(run.corrected))}, pasted "${cc.query}" ${millis(cc.ms)} ${k(cc.gzipBytes)} (-> ${cc.corrected})`;
}

if (import.meta.main) {
  const help = 'usage: node scripts/bench/search-speed.ts --dist DIR [--port N] [--runs N] [--json FILE]';
  const options = {
    dist: { type: 'string' },
    port: { type: 'string', default: '4352' },
    runs: { type: 'string', default: '5' },
    json: { type: 'string' },
  } as const;
  const { values } = parseCommand('bench-search', help, options);
  if (values.dist === undefined) usageError('bench-search', '--dist DIR is required (a built site with a Pagefind index)');
  const runs = wholeNumber('bench-search', 'runs', values.runs);
  const result = await measureSearch(path.resolve(values.dist), wholeNumber('bench-search', 'port', values.port), runs, (i, run) =>
    process.stderr.write(`${formatSearchRun(i, runs, run)}\n`),
  );
  const text = JSON.stringify(result, null, 2);
  if (values.json) await writeFile(values.json, `${text}\n`);
  console.log(text);
}
