/**
 * `npm run bench`: the one place the performance figures come from. Builds the site at several catalogue sizes,
 * weighs every page type, runs Lighthouse and the search benchmark, prints each figure beside its target and writes
 * bench/results/<YYYY-MM-DD>.json (quick runs: <YYYY-MM-DD>-quick.json). See bench/README.md for what each means.
 *
 * Usage: npm run bench [-- options]
 *   --quick               sample build, page weight, budgets, one Lighthouse run (product page), search on the
 *                         sample's index; no scale builds unless --sizes is given (under 3 minutes plus lock waits)
 *   --dist DIR            weigh and audit an existing build instead of building the sample catalogue
 *   --scale-dist DIR      the 10,000-product build Lighthouse audits the category page on (default dist-scale,
 *                         from `npm run build:scale`; without one the category page is audited on the sample)
 *   --sizes 1000,10000    catalogue sizes for the scale builds (default: full 1000,10000,100000; quick none)
 *   --skip a,b            skip sections: builds (scale builds), weight, lighthouse, search
 *   --lighthouse-runs N   runs per page (default 3; quick 1)    --search-runs N (default 3; quick 1)
 *   --update-budgets      rewrite the budgets in bench/budgets.json from this run's page weights (+7%)
 *   --keep                keep the 100,000-product build (about 4.5 GB on disk) instead of deleting it
 *   --use-build SIZE=DIR  use an existing build of SIZE products (e.g. 100000=/tmp/dist-100k, made by
 *                         `CATALOGUE_SIZE=100000 OUT_DIR=DIR npm run build`) for the search benchmark instead of
 *                         building it; no build figures for that size (repeatable)
 *   --releases            only the releases part: six rebuilds at 10,000 products sharing files, disk use by du
 *                         (scripts/bench/releases.ts; --size N, --count N)
 *   --live                only the one-row-goes-live part: webhook received to the new release serving the changed
 *                         product, through the operators' service, incremental builds (scripts/bench/live.ts;
 *                         --size N, --rounds N, --debounce S)
 *   --images              only the images part: N products with N photos on a loopback origin, first build, one
 *                         photo changed, disk, Lighthouse on a 1200x1200 product photo and a 24-photo category page
 *                         (scripts/bench/images.ts; --size N, default 10,000; --lighthouse-runs N; --keep)
 * Builds go under /tmp/bench-* (THELA_BENCH_TMP moves them); servers listen on 127.0.0.1:4361-4369 only (THELA_BENCH_PORT_BASE moves them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureFirstLoads, type FirstLoad } from './browser.ts';
import { buildSite, emptyBuildResult, type BuildResult } from './build.ts';
import {
  BUDGET_FILE,
  budgetFromMeasured,
  checkBudgets,
  chunkName,
  formatBudgetFile,
  loadBudgetConfig,
  type MeasuredPage,
} from './budgets.ts';
import { CHROMIUM_PATH } from './chromium.ts';
import { runLighthouse, type AuditedPage, type LighthouseResult } from './lighthouse.ts';
import { resolvePages, type ResolvedPage } from './pages.ts';
import { loadAverage } from './proc.ts';
import {
  heading,
  printBudgets,
  printBuilds,
  printLighthouse,
  printSearch,
  printVerdicts,
  printWeights,
  progress,
  type Weights,
} from './report.ts';
import { measureSearch, SEARCH_DEFAULTS, type SearchResult } from './search-speed.ts';
import { serveStatic } from './serve.ts';
import { AssetReader, analysePageFile } from './static-weight.ts';
import { REFERENCES, searchFigures, TARGETS, verdicts, type VerdictInput } from './targets.ts';
import { benchDir, benchPort, ROOT, seconds, today } from './util.ts';
import { commandMode, parseCommand, usageError, wholeNumber } from '../lib/cli.ts';

// Ports of this benchmark (4361-4369, or from THELA_BENCH_PORT_BASE): the site for page weight, the sample build and
// a scale build as Lighthouse sees them, Chromium's debugging port, search.
const SITE_PORT = benchPort(0);
const AUDIT_PORT = benchPort(1);
const SEARCH_PORT = benchPort(2);
const LIGHTHOUSE_DEBUG_PORT = benchPort(3);
const SCALE_SITE_PORT = benchPort(4);

/**
 * Lighthouse audits a build as a CDN serves it to shoppers: HTTP/2 over TLS, compressed (serve.ts `secure`). Over
 * plain HTTP/1.1 each image after the page opened a connection of its own in the simulated slow 4G, which no CDN
 * makes a phone do, and TLS's round trip was missing from every page's first byte.
 */
function auditServer(dir: string, port: number) {
  return serveStatic(dir, port, { secure: true });
}

const HELP =
  'usage: npm run bench [-- options]; the options are listed at the top of scripts/bench/main.ts. ' +
  '--live, --releases and --images run one part alone, with its own options (npm run bench -- --live --help)';

function fail(message: string): never {
  return usageError('bench', message);
}

/** A catalogue size: a whole number >= 1, "10k" for 10000. */
function catalogueSize(text: string): number | null {
  const n = Number(text.replace(/k$/i, '000'));
  return Number.isInteger(n) && n >= 1 ? n : null;
}

function parseOptions() {
  const { values } = parseCommand('bench', HELP, {
    quick: { type: 'boolean', default: false },
    dist: { type: 'string' },
    'scale-dist': { type: 'string' },
    sizes: { type: 'string' },
    skip: { type: 'string', multiple: true, default: [] },
    'lighthouse-runs': { type: 'string' },
    'search-runs': { type: 'string' },
    'update-budgets': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'use-build': { type: 'string', multiple: true, default: [] },
  });
  const { quick } = values;
  const runs = (option: 'lighthouse-runs' | 'search-runs') => {
    const text = values[option];
    return text === undefined ? (quick ? 1 : 3) : wholeNumber('bench', option, text);
  };
  /** Catalogue sizes whose build is an existing directory (`--use-build 100000=DIR`): not built, searched. */
  const useBuild = new Map<number, string>();
  for (const item of values['use-build']) {
    const [size, dir] = item.split('=');
    const n = catalogueSize(size ?? '');
    if (n === null || !dir) fail('--use-build needs SIZE=DIR, e.g. 100000=/tmp/dist-100k');
    useBuild.set(n, path.resolve(dir));
  }
  return {
    quick,
    dist: values.dist === undefined ? null : path.resolve(values.dist),
    scaleDist: path.resolve(values['scale-dist'] ?? path.join(ROOT, 'dist-scale')),
    sizes:
      values.sizes
        ?.split(',')
        .filter(Boolean)
        .map((item) => catalogueSize(item) ?? fail(`--sizes: ${item} is not a catalogue size`)) ?? (quick ? [] : [1000, 10_000, 100_000]),
    skip: new Set(values.skip.flatMap((item) => item.split(',').map((name) => name.trim()))),
    lighthouseRuns: runs('lighthouse-runs'),
    searchRuns: runs('search-runs'),
    updateBudgets: values['update-budgets'],
    keep: values.keep,
    useBuild,
  };
}

function versionOf(pkg: string): string | null {
  try {
    return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

function environment() {
  // stdout is null, not a string, when the program cannot be started.
  const output = (command: string, args: string[]) =>
    (spawnSync(command, args, { cwd: ROOT, encoding: 'utf8' }).stdout as string | null)?.trim();
  const git = (args: string[]) => output('git', args) ?? '';
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    astro: versionOf('astro'),
    pagefind: versionOf('pagefind'),
    lighthouse: versionOf('lighthouse'),
    playwright: versionOf('@playwright/test'),
    chromium: output(CHROMIUM_PATH, ['--version']) || null,
    commit: git(['rev-parse', '--short', 'HEAD']) || null,
    uncommittedFiles: git(['status', '--porcelain']).split('\n').filter(Boolean).length,
  };
}

const started = new Date();
// `npm run bench -- --live [--size N] ...`, `-- --releases [--size N] [--count N]` and `-- --images [--size N]` run
// one part alone, which parses the rest of the command line itself.
const part = commandMode('bench', HELP, ['live', 'releases', 'images']);
if (part.mode) {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/bench', `${part.mode}.ts`), ...part.rest], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
const options = parseOptions();
const resultsFile = path.join(ROOT, 'bench/results', `${today(started)}${options.quick ? '-quick' : ''}.json`);

const loadAverageAtStart = await loadAverage();
const builds: BuildResult[] = [];
const results: Record<string, unknown> = {
  date: today(started),
  startedAt: started.toISOString(),
  mode: options.quick ? 'quick' : 'full',
  units: 'bytes; 1 KB = 1,024 bytes; times in ms; gzip level 9, brotli quality 11',
  environment: environment(),
  loadAverageAtStart,
  targets: TARGETS,
  references: REFERENCES,
  builds,
};

/** Records `value` under `key` and writes the results file, so a run cut short keeps what it measured. */
async function save(key?: string, value?: unknown): Promise<void> {
  if (key !== undefined) results[key] = value;
  results['finishedAt'] = new Date().toISOString();
  results['durationMs'] = Math.round(performance.now());
  await mkdir(path.dirname(resultsFile), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
}

async function measuredBuild(label: string, size: number | null, site: string): Promise<BuildResult> {
  const base = benchDir(label);
  await mkdir(base, { recursive: true });
  const build = await buildSite({
    label,
    catalogueSize: size,
    outDir: path.join(base, 'dist'),
    site,
    logFile: path.join(base, 'build.log'),
    timeoutMs: size !== null && size >= 100_000 ? 20 * 60_000 : 10 * 60_000,
    progress,
  });
  build.notes.push(
    `load average after: ${(await loadAverage())?.toFixed(2) ?? '?'}${build.lockWaitMs > 1000 ? `; waited ${seconds(build.lockWaitMs, 0)} for the build lock first` : ''}`,
  );
  builds.push(build);
  await save();
  printBuilds([build]);
  return build;
}

/** Search speed on a build served on `port` (the origin it was built for: the search page works from no other). */
async function searchOn(dir: string, port: number, label: string): Promise<SearchResult> {
  heading(`Search on the ${label} index (scripts/bench/search-speed.ts, ${options.searchRuns} run(s))`);
  let search: SearchResult;
  try {
    search = await measureSearch(dir, { ...SEARCH_DEFAULTS, port, runs: options.searchRuns });
  } catch (error) {
    search = { skipped: `search benchmark failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
  printSearch(search);
  return search;
}

/**
 * Lighthouse on `pages`, with one discarded warm-up run first unless `warmUp` is false (a cold Chromium is markedly
 * slower: JIT, disk cache; quick runs of the sample skip it).
 */
async function audit(pages: AuditedPage[], lcpLimitMs?: number, warmUp = true): Promise<Record<string, LighthouseResult>> {
  if (warmUp) {
    progress('lighthouse warm-up run (discarded)');
    await runLighthouse(pages.slice(0, 1), 1, LIGHTHOUSE_DEBUG_PORT);
  }
  const audited = await runLighthouse(pages, options.lighthouseRuns, LIGHTHOUSE_DEBUG_PORT, progress);
  printLighthouse(audited, lcpLimitMs);
  return audited;
}

heading(`Thela benchmark (${options.quick ? 'quick' : 'full'}) → ${path.relative(ROOT, resultsFile)}`);
console.log(
  `Node ${process.version}, ${os.cpus().length} CPUs, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB; load average ${loadAverageAtStart ?? '?'}`,
);

let siteDir: string;
if (options.dist) {
  if (!existsSync(path.join(options.dist, 'index.html'))) fail(`${options.dist} is not a built site`);
  siteDir = options.dist;
  progress(`using the existing build ${siteDir} for page weight and Lighthouse`);
} else {
  heading('Build: bundled sample catalogue (the site that page weight and Lighthouse measure)');
  const sample = await measuredBuild('sample', null, `http://127.0.0.1:${SITE_PORT}`);
  if (!sample.ok) fail(`the sample build failed, nothing else can be measured: ${sample.notes[0] ?? ''}`);
  siteDir = sample.outDir;
}

// Page weight ----------------------------------------------------------------------------------------------------
const resolved: ResolvedPage[] = await resolvePages(siteDir);
const present = resolved.filter((page): page is Extract<ResolvedPage, { url: string }> => page.missing === undefined);
const weights: Weights = {};
if (!options.skip.has('weight')) {
  heading('Page weight per page type (static: everything the HTML links; Chromium: first load, no scrolling)');
  const reader = new AssetReader(siteDir);
  for (const page of resolved)
    weights[page.type.name] =
      page.missing === undefined
        ? { url: page.url, weight: await analysePageFile(reader, page.url, page.file), browserJsGzip: null }
        : { missing: page.missing };
  progress(`loading ${present.length} pages in Chromium`);
  const server = await serveStatic(siteDir, SITE_PORT);
  let firstLoads: FirstLoad[];
  try {
    firstLoads = await measureFirstLoads(
      server.origin,
      present.map((page) => page.url),
      reader,
    );
  } finally {
    await server.close();
  }
  for (const page of present) {
    const entry = weights[page.type.name];
    const load = firstLoads.find((item) => item.url === page.url);
    if (entry && !('missing' in entry) && load) entry.browserJsGzip = load.js.gzip;
  }
  await save('pageWeight', {
    site: siteDir,
    firstRoundTripBytes: TARGETS.firstRoundTripBytes,
    jsCounting:
      'static: module scripts + every island (any client: directive) + renderers, through static imports; chromium: JS responses on first load without scrolling, until 500 ms network idle (client:visible islands below the fold excluded)',
    pages: Object.fromEntries(
      resolved.map(({ type: { name } }): [string, unknown] => {
        const entry = weights[name];
        if (!entry || 'missing' in entry) return [name, entry];
        return [name, { url: entry.url, static: entry.weight, firstLoad: firstLoads.find((item) => item.url === entry.url) ?? null }];
      }),
    ),
  });
  printWeights(resolved, weights, firstLoads);
}

// Budgets --------------------------------------------------------------------------------------------------------
heading('Byte budgets (bench/budgets.json, the same check as scripts/check-budgets.ts)');
if (options.updateBudgets) {
  const config = await loadBudgetConfig();
  const raw = JSON.parse(await readFile(BUDGET_FILE, 'utf8')) as Record<string, unknown>;
  const next: Record<string, { maxJsGzip: number; maxFirstRenderGzip: number }> = {};
  const measured: Record<string, MeasuredPage> = {};
  for (const [name, entry] of Object.entries(weights)) {
    if ('missing' in entry) continue;
    const { js, firstRender } = entry.weight;
    next[name] = {
      maxJsGzip: budgetFromMeasured(js.total.gzip),
      maxFirstRenderGzip: budgetFromMeasured(firstRender.gzip, undefined, config.firstRoundTripBytes),
    };
    measured[name] = {
      jsGzip: js.total.gzip,
      firstRenderGzip: firstRender.gzip,
      chunks: js.files.map((file) => chunkName(file.url)).sort(),
    };
  }
  await writeFile(BUDGET_FILE, formatBudgetFile({ ...raw, budgets: next, measured }));
  progress(`rewrote the budgets in ${path.relative(ROOT, BUDGET_FILE)} from this run (+7%)`);
}
const checked = await checkBudgets(siteDir, await loadBudgetConfig());
printBudgets(checked);
await save('budgets', { breaches: checked.breaches, notes: checked.notes, rows: checked.rows.map(({ weight: _weight, ...row }) => row) });

// Lighthouse -----------------------------------------------------------------------------------------------------
let lighthouse: VerdictInput['lighthouse'];
if (options.skip.has('lighthouse')) lighthouse = { skipped: 'skipped (--skip lighthouse)' };
else {
  const wanted: readonly string[] = options.quick ? ['product'] : TARGETS.lighthousePages;
  // The category page at scale (issue 12): on the 10,000-product build when there is one.
  const scaleBuilt = existsSync(path.join(options.scaleDist, 'index.html'));
  const scaleServer = scaleBuilt && wanted.includes('category') ? await auditServer(options.scaleDist, SCALE_SITE_PORT) : null;
  const siteServer = await auditServer(siteDir, AUDIT_PORT);
  heading(`Lighthouse ${versionOf('lighthouse')} mobile defaults, ${options.lighthouseRuns} run(s) per page, medians`);
  const loadAverageBeforeLighthouse = await loadAverage();
  results['loadAverageBeforeLighthouse'] = loadAverageBeforeLighthouse;
  console.log(`  load average ${loadAverageBeforeLighthouse ?? '?'} (2 cores: above ~2 other work competes with the audited page)`);
  for (const name of TARGETS.lighthouseScalePages)
    if (wanted.includes(name))
      console.log(
        `  ${name}: ${scaleServer ? `on the 10,000-product build ${path.relative(ROOT, options.scaleDist)}` : `on the sample build (no build in ${path.relative(ROOT, options.scaleDist)}: npm run build:scale)`}`,
      );
  const notAudited: Record<string, string> = {};
  for (const name of TARGETS.lighthousePages)
    if (!wanted.includes(name)) notAudited[name] = 'not audited in quick mode (product page only, one run)';
  try {
    const pages = present
      .filter((page) => wanted.includes(page.type.name))
      .map(({ type: { name }, url }) => {
        const onScale = scaleServer !== null && TARGETS.lighthouseScalePages.includes(name);
        return { name, url, origin: (onScale ? scaleServer : siteServer).origin };
      });
    lighthouse = { pages: await audit(pages, undefined, !options.quick), notAudited };
  } finally {
    await scaleServer?.close();
    await siteServer.close();
  }
}
results['lighthouse'] = lighthouse;
await save('loadAverageAfterLighthouse', await loadAverage());

// Scale builds and search ----------------------------------------------------------------------------------------
// Search: on the 10,000-product index (the issue's figure) and the 100,000-product one (issue 14: beside the 10k
// figures, with targets of its own); in quick mode on the sample build's index.
const search: Record<'search' | 'search100k', SearchResult | undefined> = { search: undefined, search100k: undefined };
if (options.skip.has('search')) search.search = { skipped: 'skipped (--skip search)' };
else if (options.quick) search.search = await searchOn(siteDir, options.dist ? SEARCH_PORT : SITE_PORT, "sample catalogue's");
else search.search = { skipped: 'no 10,000-product build in this run (--sizes, --skip builds)' };
await save('search', search.search);
const searchResults: NonNullable<VerdictInput['searchResults']> = {};
for (const size of options.skip.has('builds') ? [] : options.sizes) {
  heading(`Build: ${size.toLocaleString('en')} synthetic products`);
  const label = size % 1000 === 0 ? `${size / 1000}k` : String(size);
  const reused = options.useBuild.get(size);
  let build: BuildResult;
  if (reused === undefined) build = await measuredBuild(label, size, `http://127.0.0.1:${SEARCH_PORT}`);
  else {
    // A build made before this run: searched, not measured as a build (it is not added to the build figures).
    progress(`${label}: using the existing build ${reused} (--use-build): search only, no build figures`);
    build = { ...emptyBuildResult(label, size, reused), ok: true, notes: [`existing build ${reused} (--use-build)`] };
  }
  // In quick mode the sample's index is the one with the verdicts.
  const key = size === 10_000 && !options.quick ? 'search' : size === 100_000 ? 'search100k' : null;
  if (key && !options.skip.has('search')) {
    search[key] = build.ok
      ? await searchOn(build.outDir, SEARCH_PORT, `${size.toLocaleString('en')}-product`)
      : { skipped: `the ${label} build failed` };
    await save(key, search[key]);
  }
  const searchLcpMs = TARGETS.searchResultsLcpMs[size];
  if (searchLcpMs !== undefined && build.ok && !options.skip.has('lighthouse')) {
    // Lighthouse on the search page (issue 31): empty, with a query and with a misspelt one the page corrects, each
    // arriving with its query in the URL as a shared link does.
    heading(`Lighthouse on the search results page, ${size.toLocaleString('en')}-product index`);
    const server = await auditServer(build.outDir, SCALE_SITE_PORT);
    try {
      const queries = TARGETS.searchResultsQueries.map((query) => ({ name: `search ?q=${query}`, url: `/search/?q=${query}` }));
      const pages = [{ name: 'search', url: '/search/' }, ...queries].map((page) => ({ ...page, origin: server.origin }));
      searchResults[size] = { pages: await audit(pages, searchLcpMs) };
    } finally {
      await server.close();
    }
    await save('searchResults', searchResults);
  }
  if (size >= 100_000 && !options.keep && reused === undefined) await rm(build.outDir, { recursive: true, force: true });
  // The incremental-build cache the build wrote beside its output (a copy of every keyed page).
  if (reused === undefined) await rm(`${build.outDir.replace(/\/+$/, '')}-cache`, { recursive: true, force: true });
}

// Verdicts -------------------------------------------------------------------------------------------------------
const verdictList = verdicts({
  weights,
  lighthouse,
  builds,
  search: searchFigures(search.search),
  ...(search.search100k ? { search100k: searchFigures(search.search100k) } : {}),
  searchResults,
});
await save('verdicts', verdictList);
heading('Summary: all builds');
printBuilds(builds);
printVerdicts(verdictList);
const lockWait = builds.reduce((sum, build) => sum + build.lockWaitMs, 0);
console.log(
  `Results: ${path.relative(ROOT, resultsFile)} (${seconds(performance.now(), 0)} in all${lockWait > 1000 ? `, of which ${seconds(lockWait, 0)} waiting for other engineers' builds` : ''})`,
);
