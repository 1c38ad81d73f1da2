/** Search speed in Chromium: keystroke to results, bytes from /pagefind/ (bench/README.md, "Search"). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { launchChromium } from './browser.ts';
import { serveStatic } from './serve.ts';
import { directoryStats, gzipBytes, median, medians } from './util.ts';
import { BUNDLES_FILE, readBundlesFile } from '../../src/lib/search/bundles.ts';

const FIRST = 'milk';
const WARM = ['bread', 'eggs', 'banana', 'rice', 'doodh', 'atta', 'tea', 'chips', 'soap', 'paneer'];
const CORRECTED = ['mlik', 'tomtao', 'bnana', 'toothpsate', 'britania', 'colgte', 'dodh'];
/** The island's Performance measure of each settled answer (src/islands/search/useResultsMeasure.tsx). */
const RESULTS_MEASURE = 'search:results';

const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

const PHONE = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'block',
} as const;
type Fetched = { url: string; bytes: number; gzipBytes: number };

/** A phone-sized page in a fresh context (empty cache, no service worker), collecting its /pagefind/ responses. */
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
      fetched.push({ url: url.pathname, bytes, gzipBytes: body ? gzipBytes(body) : bytes });
    })();
  });
  return { context, page, fetched };
}

/** Waits until no /pagefind/ request has finished for 400 ms (late fragment loads land in the right query). */
async function quiet(fetched: readonly Fetched[]): Promise<void> {
  for (let count = -1; count !== fetched.length; await new Promise((resolve) => setTimeout(resolve, 400))) count = fetched.length;
}

type Timing = { status: string; total: number; ms: number; corrected: string | null; endMs: number };

/** Waits until the page shows the answer to `query`, then the island's measure of it (taken after that commit; `endMs`: page clock). */
async function measured(page: Page, query: string): Promise<Timing> {
  const handle = await page.waitForFunction(
    ([name, q]) => {
      const region = document.querySelector('#search-results');
      const state = region?.getAttribute('data-search-query') === q ? region.getAttribute('data-search-state') : null;
      if (!['results', 'empty', 'error'].includes(state ?? '')) return null;
      const entry = performance
        .getEntriesByName(name, 'measure')
        .findLast((e) => ((e as PerformanceMeasure).detail as { query?: string } | null)?.query === q) as PerformanceMeasure | undefined;
      if (!entry) return null;
      const d = entry.detail as { status: string; total: number; corrected: string | null };
      return { ...d, corrected: d.corrected ?? null, ms: entry.duration, endMs: entry.startTime + entry.duration };
    },
    [RESULTS_MEASURE, query] as const,
    { timeout: 30_000 },
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
  // The largest of a file's fetches: the whole index's instance (several bundles) fetches bundle 0's again, from the cache.
  const gzipOf = new Map<string, number>();
  for (const f of fetched) gzipOf.set(f.url, Math.max(f.gzipBytes, gzipOf.get(f.url) ?? 0));
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

/** One run: /search opened and idle, the first query typed, warm and misspelt ones in the same page; then the two cold runs. */
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
        const { ms, total, corrected } = await typeQuery(page, query);
        await quiet(fetched);
        const mine = fetched.slice(from);
        const sum = (key: 'bytes' | 'gzipBytes') => mine.reduce((n, f) => n + f[key], 0);
        out.push({ query, ms, total, bytes: sum('bytes'), gzipBytes: sum('gzipBytes'), requests: mine.length, corrected });
      }
      return out;
    };
    const [warm, corrected] = [await typeAll(WARM), await typeAll(CORRECTED)];
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

type RunResult = Awaited<ReturnType<typeof oneRun>>;

/** Search on the build in `dist`, served uncompressed on `port` (the origin it was built for: the search page works from no other). */
export async function measureSearch(dist: string, port: number, runs: number) {
  const dir = path.join(dist, 'pagefind');
  type Entry = { languages?: Record<string, { page_count?: number }> };
  // Bundle 0 and the others it lists (src/lib/search/bundles.ts).
  const others = readBundlesFile(JSON.parse(await readFile(path.join(dir, BUNDLES_FILE), 'utf8').catch(() => '{}')));
  const entries = await Promise.all(
    ['', ...others].map(async (bundle) => JSON.parse(await readFile(path.join(dir, bundle, 'pagefind-entry.json'), 'utf8')) as Entry),
  );
  const index = await directoryStats(dir);
  const server = await serveStatic(dist, port, { compress: false });
  const browser = await launchChromium();
  const all: RunResult[] = [];
  try {
    for (let i = 0; i < runs; i += 1) all.push(await oneRun(server.origin, browser));
  } finally {
    await browser.close();
    await server.close();
  }
  const [head] = all as [RunResult];
  const med = <T>(list: readonly T[], pick: (item: T) => number) => median(list.map(pick));
  const times = (list: readonly { ms: number }[]) => ({
    medianMs: round(med(list, (r) => r.ms)),
    maxMs: round(Math.max(...list.map((r) => r.ms))),
  });
  const loaded = (list: readonly Record<'bytes' | 'gzipBytes' | 'requests', number>[]) => medians(['bytes', 'gzipBytes', 'requests'], list);
  // Pasted the moment the page is ready; bytes are those loaded before the results were on screen.
  const cold = (key: 'cold' | 'coldCorrected') => {
    const list = all.map((r) => r[key]);
    const [{ query, corrected, files }] = list as [RunResult['cold']];
    return { query, ...times(list), ...loaded(list), corrected, files };
  };
  /** Queries typed one after another in the same page: over them all, then per query; bytes are what each fetched. */
  const typed = (queries: readonly string[], key: 'warm' | 'corrected') => {
    const list = all.flatMap((r) => r[key]);
    const sorted = list.map((w) => w.ms).sort((a, b) => a - b);
    return {
      queries,
      ...times(list),
      p95Ms: round(sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? null),
      bytesPerQueryMedian: med(list, (w) => w.bytes),
      gzipBytesPerQueryMedian: med(list, (w) => w.gzipBytes),
      requestsPerQueryMedian: med(list, (w) => w.requests),
      perQuery: queries.map((query) => {
        const mine = list.filter((w) => w.query === query);
        const [one] = mine;
        const [bytes, gzipBytes] = [med(mine, (w) => w.bytes), med(mine, (w) => w.gzipBytes)];
        return { query, corrected: one?.corrected ?? null, medianMs: times(mine).medianMs, results: one?.total ?? null, bytes, gzipBytes };
      }),
    };
  };
  const firsts = all.map((r) => r.first);
  const vocabulary = await readFile(path.join(dir, 'vocabulary.json')).catch(() => null);
  return {
    dist,
    products: entries.flatMap((entry) => Object.values(entry.languages ?? {})).reduce((n, l) => n + (l.page_count ?? 0), 0),
    bundles: entries.length,
    runs,
    index,
    vocabulary: vocabulary && { bytes: vocabulary.length, gzipBytes: gzipBytes(vocabulary) },
    cold: cold('cold'),
    coldCorrected: cold('coldCorrected'),
    corrected: typed(CORRECTED, 'corrected'),
    first: { query: FIRST, ...times(firsts), ...loaded(firsts), results: head.first.total, files: head.first.files },
    warm: typed(WARM, 'warm'),
  };
}

export type SearchResult = Awaited<ReturnType<typeof measureSearch>> | { skipped: string };
