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
  type BudgetRow,
  type MeasuredPage,
} from './budgets.ts';
import { CHROMIUM_PATH } from './chromium.ts';
import { PAGE_LIMITS } from './largest-pages.ts';
import { runLighthouse, type AuditedPage, type LighthouseResult } from './lighthouse.ts';
import { resolvePages, type ResolvedPage } from './pages.ts';
import { loadAverage } from './proc.ts';
import { runSearchBench, type SearchResult } from './search.ts';
import { serveStatic } from './serve.ts';
import { AssetReader, analysePageFile, type PageWeight } from './static-weight.ts';
import {
  lcpBreakdown,
  phaseSummary,
  REFERENCES,
  TARGETS,
  verdicts,
  type SearchFigures,
  type Verdict,
  type VerdictInput,
} from './targets.ts';
import { benchDir, benchPort, heading, humanBytes, kb, millis, ROOT, seconds, table, today } from './util.ts';
import { commandMode, parseCommand, usageError, wholeNumber } from '../lib/cli.ts';
import { must } from '../lib/must.ts';

// Ports of this benchmark (4361-4369, or from THELA_BENCH_PORT_BASE): the site for page weight and Lighthouse,
// Chromium's debugging port, search.
const SITE_PORT = benchPort(0);
/** The 10,000-product build, for the Lighthouse run of the category page. */
const SCALE_SITE_PORT = benchPort(4);
const LIGHTHOUSE_DEBUG_PORT = benchPort(3);
const SEARCH_PORT = benchPort(2);
const SITE_ORIGIN = `http://127.0.0.1:${SITE_PORT}`;
/** The sample build as Lighthouse sees it (over HTTP/2 and TLS). */
const AUDIT_PORT = benchPort(1);

/**
 * Lighthouse audits a build as a CDN serves it to shoppers: HTTP/2 over TLS, compressed (serve.ts `secure`). Over
 * plain HTTP/1.1 each image after the page opened a connection of its own in the simulated slow 4G, which no CDN
 * makes a phone do, and TLS's round trip was missing from every page's first byte.
 */
function auditServer(dir: string, port: number) {
  return serveStatic(dir, port, { secure: true });
}

interface Options {
  quick: boolean;
  dist: string | null;
  scaleDist: string;
  sizes: number[];
  skip: Set<string>;
  lighthouseRuns: number;
  searchRuns: number;
  updateBudgets: boolean;
  keep: boolean;
  /** Catalogue sizes whose build is an existing directory (`--use-build 100000=DIR`): not built, searched. */
  useBuild: Map<number, string>;
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

function parseOptions(): Options {
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

function sizeLabel(size: number): string {
  return size % 1000 === 0 ? `${size / 1000}k` : String(size);
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
  const chromium = output(CHROMIUM_PATH, ['--version']) || null;
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    astro: versionOf('astro'),
    pagefind: versionOf('pagefind'),
    lighthouse: versionOf('lighthouse'),
    playwright: versionOf('@playwright/test'),
    chromium,
    commit: git(['rev-parse', '--short', 'HEAD']) || null,
    uncommittedFiles: git(['status', '--porcelain']).split('\n').filter(Boolean).length,
  };
}

const started = new Date();
// `npm run bench -- --live [--size N] ...`, `-- --releases [--size N] [--count N]` and `-- --images [--size N]` run
// one part alone, which parses the rest of the command line itself.
const PARTS = { live: 'scripts/bench/live.ts', releases: 'scripts/bench/releases.ts', images: 'scripts/bench/images.ts' };
const part = commandMode('bench', HELP, ['live', 'releases', 'images']);
if (part.mode) {
  const script = path.join(ROOT, PARTS[part.mode]);
  const run = spawnSync(process.execPath, [script, ...part.rest], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
const options = parseOptions();
const resultsFile = path.join(ROOT, 'bench/results', `${today(started)}${options.quick ? '-quick' : ''}.json`);
const progress = (message: string) => console.log(`[bench ${seconds(performance.now(), 0).padStart(6)}] ${message}`);

const loadAverageAtStart = await loadAverage();
const results: Record<string, unknown> = {
  date: today(started),
  startedAt: started.toISOString(),
  mode: options.quick ? 'quick' : 'full',
  units: 'bytes; 1 KB = 1,024 bytes; times in ms; gzip level 9, brotli quality 11',
  environment: environment(),
  loadAverageAtStart,
  targets: TARGETS,
  references: REFERENCES,
};

async function save(): Promise<void> {
  results['finishedAt'] = new Date().toISOString();
  results['durationMs'] = Math.round(performance.now());
  await mkdir(path.dirname(resultsFile), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// Builds

const builds: BuildResult[] = [];
results['builds'] = builds;

async function measuredBuild(label: string, size: number | null, site: string): Promise<BuildResult> {
  const base = benchDir(label);
  await mkdir(base, { recursive: true });
  const timeoutMs = size !== null && size >= 100_000 ? 20 * 60_000 : 10 * 60_000;
  const build = await buildSite({
    label,
    catalogueSize: size,
    outDir: path.join(base, 'dist'),
    site,
    logFile: path.join(base, 'build.log'),
    timeoutMs,
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

/**
 * A build made before this run (`--use-build SIZE=DIR`, e.g. `CATALOGUE_SIZE=100000 OUT_DIR=DIR npm run build`):
 * searched, not measured as a build (it is not added to the build figures).
 */
function existingBuild(label: string, size: number, outDir: string): BuildResult {
  const ok = existsSync(path.join(outDir, 'pagefind', 'pagefind-entry.json'));
  progress(`${label}: using the existing build ${outDir} (--use-build): search only, no build figures`);
  return {
    ...emptyBuildResult(label, size, outDir),
    ok,
    notes: [ok ? `existing build ${outDir} (--use-build)` : `${outDir} has no Pagefind index`],
  };
}

function printBuilds(list: readonly BuildResult[]): void {
  console.log(
    table(
      [
        'build',
        'products',
        'pages',
        'Astro',
        'Astro CPU',
        'pages/s',
        'peak RSS',
        'search index',
        'indexed',
        'index',
        'SW',
        'total',
        'dist files',
        'dist size',
        'ok',
      ],
      list.map((build) => [
        build.label,
        (build.catalogue?.products ?? build.catalogueSize ?? 0).toLocaleString('en'),
        (build.astro?.pagesBuilt ?? 0).toLocaleString('en'),
        seconds(build.astro?.wallMs ?? null, 1),
        seconds(build.astro?.cpuMs ?? null, 1),
        build.astro?.pagesPerSecond ? Math.round(build.astro.pagesPerSecond).toLocaleString('en') : '–',
        humanBytes((build.peakRssKb ?? 0) * 1024 || null),
        seconds(build.pagefind?.wallMs ?? null, 1),
        (build.pagefind?.pagesIndexed ?? 0).toLocaleString('en'),
        build.pagefind ? `${humanBytes(build.pagefind.indexBytes)} / ${build.pagefind.indexFiles.toLocaleString('en')} files` : '–',
        seconds(build.serviceWorker?.wallMs ?? null, 1),
        seconds(build.totalMs, 1),
        build.dist?.files.toLocaleString('en') ?? '–',
        humanBytes(build.dist?.bytes ?? null),
        build.ok ? 'yes' : 'NO',
      ]),
    ),
  );
  for (const build of list) {
    if (build.astro) {
      const p = build.astro.phases;
      console.log(
        `  ${build.label} where Astro's time goes: startup ${seconds(p.startupMs, 1)}, loading data ${seconds(p.loadDataMs, 1)}, types/prepare ${seconds(p.prepareMs, 1)}, bundling ${seconds(p.bundleMs, 1)}, rendering ${seconds(p.renderMs, 1)}, post-build ${seconds(p.finishMs, 1)}, exit ${seconds(p.exitMs, 1)}`,
      );
      const share = Object.entries(build.astro.renderShare)
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 4);
      if (share.length)
        console.log(
          `  ${build.label} rendering by route (Astro's per-page times): ${share.map(([route, s]) => `/${route} ${s.pages.toLocaleString('en')} pages ${seconds(s.ms, 1)}`).join(', ')}`,
        );
      if (build.totalMs) console.log(`  ${build.label} largest parts of the total: ${phaseSummary(build)}`);
    }
    if (Object.keys(build.steps).length)
      console.log(
        `  ${build.label} steps (scripts/build.ts's own times): ${Object.entries(build.steps)
          .map(([name, ms]) => `${name} ${seconds(ms, 1)}`)
          .join(', ')}`,
      );
    if (build.linkCheck)
      console.log(
        `  ${build.label} link check (the build's last step): ${build.linkCheck.links?.toLocaleString('en') ?? '?'} links in ${seconds(build.linkCheck.wallMs, 1)}, peak ${humanBytes((build.linkCheck.peakRssKb ?? 0) * 1024 || null)}`,
      );
    if (build.dist?.largestHtml)
      console.log(`  ${build.label} largest page: ${build.dist.largestHtml.path} ${humanBytes(build.dist.largestHtml.bytes)}`);
    if (build.dist?.largestPages.length) {
      const over = (value: number, limit: number) => (value > limit ? ' OVER' : '');
      console.log(
        `  ${build.label}: largest page of each type (limits: ${humanBytes(PAGE_LIMITS.rawBytes)} raw, ${PAGE_LIMITS.domElements} DOM elements, ${PAGE_LIMITS.firstRenderGzip} B first render)`,
      );
      console.log(
        table(
          ['type', 'page', 'raw', 'DOM elements', 'first render gzip'],
          build.dist.largestPages.map((page) => [
            page.type,
            page.url,
            `${humanBytes(page.rawBytes)}${over(page.rawBytes, PAGE_LIMITS.rawBytes)}`,
            `${page.domElements}${over(page.domElements, PAGE_LIMITS.domElements)}`,
            `${page.firstRenderGzip}${over(page.firstRenderGzip, PAGE_LIMITS.firstRenderGzip)}`,
          ]),
        ),
      );
    }
    for (const note of build.notes) console.log(`  ${build.label}: ${note}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Main

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
  const sample = await measuredBuild('sample', null, SITE_ORIGIN);
  if (!sample.ok) {
    await save();
    fail(`the sample build failed, nothing else can be measured: ${sample.notes[0] ?? ''}`);
  }
  siteDir = sample.outDir;
}

// Page weight --------------------------------------------------------------------------------------------------
const resolved: ResolvedPage[] = await resolvePages(siteDir);
const weights: Record<string, { url: string; weight: PageWeight; browserJsGzip: number | null } | { missing: string }> = {};
let firstLoads: FirstLoad[] = [];
const server = await serveStatic(siteDir, SITE_PORT);
try {
  if (!options.skip.has('weight')) {
    heading('Page weight per page type (static: everything the HTML links; Chromium: first load, no scrolling)');
    const reader = new AssetReader(siteDir);
    for (const page of resolved) {
      if (page.missing !== undefined) weights[page.type.name] = { missing: page.missing };
      else weights[page.type.name] = { url: page.url, weight: await analysePageFile(reader, page.url, page.file), browserJsGzip: null };
    }
    const present = resolved.filter((page): page is Extract<ResolvedPage, { url: string }> => page.missing === undefined);
    progress(`loading ${present.length} pages in Chromium`);
    firstLoads = await measureFirstLoads(
      server.origin,
      present.map((page) => page.url),
      reader,
    );
    for (const load of firstLoads) {
      const page = must(
        present.find((item) => item.url === load.url),
        `page ${load.url}`,
      );
      const entry = weights[page.type.name];
      if (entry && !('missing' in entry)) entry.browserJsGzip = load.js.gzip;
    }
    results['pageWeight'] = {
      site: siteDir,
      firstRoundTripBytes: TARGETS.firstRoundTripBytes,
      jsCounting:
        'static: module scripts + every island (any client: directive) + renderers, through static imports; chromium: JS responses on first load without scrolling, until 500 ms network idle (client:visible islands below the fold excluded)',
      pages: Object.fromEntries(
        PAGE_ORDER().map((name): [string, unknown] => {
          const entry = must(weights[name], `weight of ${name}`);
          if ('missing' in entry) return [name, entry];
          const load = firstLoads.find((item) => item.url === entry.url);
          return [name, { url: entry.url, static: entry.weight, firstLoad: load ?? null }];
        }),
      ),
    };
    await save();
    printWeights();
  }

  // Budgets ------------------------------------------------------------------------------------------------------
  heading('Byte budgets (bench/budgets.json, the same check as scripts/check-budgets.ts)');
  let budgetRows: BudgetRow[] = [];
  try {
    const config = await loadBudgetConfig();
    if (options.updateBudgets) {
      const raw = JSON.parse(await readFile(BUDGET_FILE, 'utf8')) as Record<string, unknown>;
      const next: Record<string, { maxJsGzip: number; maxFirstRenderGzip: number }> = {};
      const measured: Record<string, MeasuredPage> = {};
      for (const page of resolved) {
        const entry = weights[page.type.name];
        if (!entry || 'missing' in entry) continue;
        next[page.type.name] = {
          maxJsGzip: budgetFromMeasured(entry.weight.js.total.gzip),
          maxFirstRenderGzip: budgetFromMeasured(entry.weight.firstRender.gzip, undefined, config.firstRoundTripBytes),
        };
        measured[page.type.name] = {
          jsGzip: entry.weight.js.total.gzip,
          firstRenderGzip: entry.weight.firstRender.gzip,
          chunks: entry.weight.js.files.map((file) => chunkName(file.url)).sort(),
        };
      }
      raw['budgets'] = next;
      raw['measured'] = measured;
      await writeFile(BUDGET_FILE, formatBudgetFile(raw));
      progress(`rewrote the budgets in ${path.relative(ROOT, BUDGET_FILE)} from this run (+7%)`);
    }
    const checked = await checkBudgets(siteDir, await loadBudgetConfig().catch(() => config));
    budgetRows = checked.rows;
    console.log(
      table(
        ['page', 'JS gzip', 'max', 'first render gzip', 'max', 'React', 'status'],
        checked.rows.map((row) => [
          row.page,
          kb(row.jsGzip),
          kb(row.maxJsGzip),
          kb(row.firstRenderGzip),
          kb(row.maxFirstRenderGzip),
          row.react ?? 'none',
          row.breaches.length ? 'OVER' : 'ok',
        ]),
      ),
    );
    for (const breach of checked.breaches) console.log(`  BUDGET ${breach}`);
    for (const note of checked.notes) console.log(`  note: ${note}`);
    results['budgets'] = { breaches: checked.breaches, notes: checked.notes, rows: budgetRows.map(({ weight: _weight, ...row }) => row) };
  } catch (error) {
    results['budgets'] = { error: error instanceof Error ? error.message : String(error) };
    console.log(`  budgets not checked: ${String(results['budgets'] && (results['budgets'] as { error: string }).error)}`);
  }
  await save();

  // Lighthouse ---------------------------------------------------------------------------------------------------
  let lighthouse: VerdictInput['lighthouse'];
  if (options.skip.has('lighthouse')) lighthouse = { skipped: 'skipped (--skip lighthouse)' };
  else {
    const wanted: readonly string[] = options.quick ? ['product'] : TARGETS.lighthousePages;
    // The category page at scale (issue 12): on the 10,000-product build when there is one.
    const scaleBuilt = existsSync(path.join(options.scaleDist, 'index.html'));
    const scaleServer = scaleBuilt && wanted.includes('category') ? await auditServer(options.scaleDist, SCALE_SITE_PORT) : null;
    const siteServer = await auditServer(siteDir, AUDIT_PORT);
    const onScale = (name: string) => scaleServer !== null && TARGETS.lighthouseScalePages.includes(name);
    const pages: AuditedPage[] = resolved
      .filter((page): page is Extract<ResolvedPage, { url: string }> => page.missing === undefined && wanted.includes(page.type.name))
      .map((page) => {
        const name = page.type.name;
        return { name, url: page.url, origin: onScale(name) && scaleServer ? scaleServer.origin : siteServer.origin };
      });
    const missing = resolved.filter((page) => page.missing !== undefined && wanted.includes(page.type.name));
    heading(`Lighthouse ${versionOf('lighthouse')} mobile defaults, ${options.lighthouseRuns} run(s) per page, medians`);
    const loadAverageBeforeLighthouse = await loadAverage();
    results['loadAverageBeforeLighthouse'] = loadAverageBeforeLighthouse;
    console.log(`  load average ${loadAverageBeforeLighthouse ?? '?'} (2 cores: above ~2 other work competes with the audited page)`);
    for (const page of missing) console.log(`  ${page.type.name}: skipped — ${page.missing}`);
    for (const name of TARGETS.lighthouseScalePages)
      if (wanted.includes(name))
        console.log(
          `  ${name}: ${scaleServer ? `on the 10,000-product build ${path.relative(ROOT, options.scaleDist)}` : `on the sample build (no build in ${path.relative(ROOT, options.scaleDist)}: npm run build:scale)`}`,
        );
    if (pages.length === 0) lighthouse = { skipped: 'none of the audited pages exists yet' };
    else {
      if (!options.quick) {
        // A first run in a cold Chromium is markedly slower (JIT, disk cache): warm up on one page, discard it.
        progress('lighthouse warm-up run (discarded)');
        await runLighthouse(pages.slice(0, 1), 1, LIGHTHOUSE_DEBUG_PORT);
      }
      const notAudited: Record<string, string> = {};
      for (const page of missing) notAudited[page.type.name] = page.missing ?? 'not built';
      for (const name of TARGETS.lighthousePages) {
        if (!wanted.includes(name)) notAudited[name] = 'not audited in quick mode (product page only, one run)';
      }
      lighthouse = { pages: await runLighthouse(pages, options.lighthouseRuns, LIGHTHOUSE_DEBUG_PORT, progress), notAudited };
      printLighthouse(lighthouse.pages);
    }
    await scaleServer?.close();
    await siteServer.close();
  }
  results['lighthouse'] = lighthouse;
  results['loadAverageAfterLighthouse'] = await loadAverage();
  await save();

  // Scale builds and search ----------------------------------------------------------------------------------------
  await server.close();
  // Search: on the 10,000-product index (the issue's figure); in quick mode on the sample build's index.
  const searchSize = options.quick ? null : 10_000;
  let search: SearchResult;
  if (options.skip.has('search')) search = { skipped: 'skipped (--skip search)' };
  else if (searchSize === null) {
    heading(`Search on the sample catalogue's index (scripts/bench/search-speed.ts, ${options.searchRuns} run(s))`);
    // Served on the origin the build was made for (SITE_URL): the search page does not work from another origin.
    search = await runSearchBench(siteDir, null, options.searchRuns, options.dist ? SEARCH_PORT : SITE_PORT);
    printSearch(search);
  } else if (options.skip.has('builds')) search = { skipped: 'skipped with the builds (--skip builds)' };
  else if (!options.sizes.includes(searchSize))
    search = { skipped: `no ${searchSize.toLocaleString('en')}-product build in this run (--sizes)` };
  else search = { skipped: `the ${searchSize.toLocaleString('en')}-product build did not run` };
  results['search'] = search;
  await save();
  const searchResults: NonNullable<VerdictInput['searchResults']> = {};
  if (!options.skip.has('builds')) {
    for (const size of options.sizes) {
      heading(`Build: ${size.toLocaleString('en')} synthetic products`);
      const label = sizeLabel(size);
      const reused = options.useBuild.get(size);
      const build =
        reused === undefined ? await measuredBuild(label, size, `http://127.0.0.1:${SEARCH_PORT}`) : existingBuild(label, size, reused);
      if (size === searchSize && !options.skip.has('search')) {
        heading(`Search on the ${size.toLocaleString('en')}-product index (scripts/bench/search-speed.ts, ${options.searchRuns} run(s))`);
        search = build.ok
          ? await runSearchBench(build.outDir, size, options.searchRuns, SEARCH_PORT)
          : { skipped: `the ${label} build failed` };
        printSearch(search);
        results['search'] = search;
        await save();
      } else if (size === 100_000 && !options.skip.has('search')) {
        // Search at 100,000 products (issue 14): reported beside the 10k figures, no verdict of its own.
        heading(`Search on the ${size.toLocaleString('en')}-product index (scripts/bench/search-speed.ts, ${options.searchRuns} run(s))`);
        const search100k = build.ok
          ? await runSearchBench(build.outDir, size, options.searchRuns, SEARCH_PORT)
          : { skipped: `the ${label} build failed` };
        printSearch(search100k);
        results['search100k'] = search100k;
        await save();
      }
      const searchLcpMs = TARGETS.searchResultsLcpMs[size];
      if (searchLcpMs !== undefined && build.ok && !options.skip.has('lighthouse')) {
        heading(`Lighthouse on the search results page, ${size.toLocaleString('en')}-product index`);
        searchResults[size] = { pages: await auditSearchResults(build.outDir, searchLcpMs) };
        results['searchResults'] = searchResults;
        await save();
      }
      if (size >= 100_000 && !options.keep && reused === undefined) await rm(build.outDir, { recursive: true, force: true });
      // The incremental-build cache the build wrote beside its output (a copy of every keyed page).
      if (reused === undefined) await rm(`${build.outDir.replace(/\/+$/, '')}-cache`, { recursive: true, force: true });
    }
  }
  results['search'] = search;

  // Verdicts ---------------------------------------------------------------------------------------------------------
  const search100k = results['search100k'] as SearchResult | undefined;
  const verdictList: Verdict[] = verdicts({
    weights,
    lighthouse,
    builds,
    search: searchFigures(search),
    ...(search100k ? { search100k: searchFigures(search100k) } : {}),
    searchResults,
  });
  results['verdicts'] = verdictList;
  await save();
  heading('Summary: all builds');
  printBuilds(builds);
  heading('Targets (from the issue) beside the measured values');
  console.log(
    table(
      ['', 'target', 'measured', 'what stands in the way / note'],
      verdictList.map((verdict) => [
        verdict.met === null ? '?' : verdict.met ? 'met' : 'MISSED',
        verdict.target,
        verdict.measured,
        verdict.note,
      ]),
    ),
  );
  console.log(`\nReferences from the issue: ${Object.values(REFERENCES).join('; ')}.`);
  const lockWait = builds.reduce((sum, build) => sum + build.lockWaitMs, 0);
  console.log(
    `Results: ${path.relative(ROOT, resultsFile)} (${seconds(performance.now(), 0)} in all${lockWait > 1000 ? `, of which ${seconds(lockWait, 0)} waiting for other engineers' builds` : ''})`,
  );
} finally {
  await server.close().catch(() => undefined);
}

/**
 * Lighthouse on a scale build's search page (issue 31): empty, with a query and with a misspelt one the page
 * corrects, each arriving with its query in the URL as a shared link does.
 */
async function auditSearchResults(dir: string, lcpLimitMs: number): Promise<Record<string, LighthouseResult>> {
  const server = await auditServer(dir, SCALE_SITE_PORT);
  try {
    const pages: AuditedPage[] = [
      { name: 'search', url: '/search/', origin: server.origin },
      ...TARGETS.searchResultsQueries.map((query) => ({ name: `search ?q=${query}`, url: `/search/?q=${query}`, origin: server.origin })),
    ];
    progress('lighthouse warm-up run (discarded)');
    await runLighthouse(pages.slice(0, 1), 1, LIGHTHOUSE_DEBUG_PORT);
    const audited = await runLighthouse(pages, options.lighthouseRuns, LIGHTHOUSE_DEBUG_PORT, progress);
    printLighthouse(audited, lcpLimitMs);
    return audited;
  } finally {
    await server.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Printing

function PAGE_ORDER(): string[] {
  return resolved.map((page) => page.type.name);
}

function printWeights(): void {
  const rows = PAGE_ORDER().map((name) => {
    const entry = must(weights[name], `weight of ${name}`);
    if ('missing' in entry) return [name, 'not built yet', '', '', '', '', '', '', '', '', ''];
    const w = entry.weight;
    const load = firstLoads.find((item) => item.url === entry.url);
    return [
      name,
      `${kb(w.html.raw)} / ${kb(w.html.gzip)} / ${kb(w.html.brotli)}`,
      `${kb(w.css.total.raw)} / ${kb(w.css.total.gzip)} / ${kb(w.css.total.brotli)}`,
      `${kb(w.js.total.raw)} / ${kb(w.js.total.gzip)} / ${kb(w.js.total.brotli)}`,
      load ? `${kb(load.js.gzip)}${load.serviceWorkerScript ? ` + sw ${kb(load.serviceWorkerScript.gzip)}` : ''}` : '–',
      w.reactDom.length ? 'react-dom' : w.reactCore.length ? 'react' : '–',
      kb(w.firstRender.gzip),
      w.firstRender.gzip <= TARGETS.firstRoundTripBytes ? 'yes' : 'no',
      load
        ? `${load.requests - load.serviceWorkerRequests}${load.serviceWorkerRequests ? ` + ${load.serviceWorkerRequests} sw` : ''}`
        : '–',
      load ? kb(load.transferredBytes) : '–',
      load
        ? [...(load.ok ? [] : [load.error ?? 'failed']), ...load.httpErrors, ...load.offSite.map((url) => `OFF-SITE ${url}`)]
            .join(', ')
            .slice(0, 80)
        : '',
    ];
  });
  console.log(
    table(
      [
        'page',
        'HTML raw/gz/br',
        'CSS raw/gz/br',
        'JS raw/gz/br (static)',
        'JS gz (Chromium)',
        'React',
        'first render gz',
        '≤ 14 KB',
        'requests',
        'transferred',
        'problems on first load',
      ],
      rows,
    ),
  );
  for (const name of PAGE_ORDER()) {
    const entry = must(weights[name], `weight of ${name}`);
    if ('missing' in entry) console.log(`  ${name}: skipped — ${entry.missing}`);
    else {
      const islands = entry.weight.islands.map((island) => `${island.component} (client:${island.directive})`).join(', ');
      if (islands) console.log(`  ${name} ${entry.url}: islands ${islands}`);
    }
  }
}

function printLighthouse(summary: Record<string, LighthouseResult>, lcpLimitMs: number = TARGETS.lcpMs): void {
  console.log(
    table(
      [
        'page',
        'perf (100)',
        'a11y (100)',
        'best pr.',
        'SEO',
        `LCP (≤ ${seconds(lcpLimitMs, 1)})`,
        'FCP',
        'TBT',
        'CLS',
        'total bytes',
        'CPU index',
        'runs',
      ],
      Object.entries(summary).map(([name, s]) => [
        name,
        String(s.scores.performance ?? '–'),
        String(s.scores.accessibility ?? '–'),
        String(s.scores['best-practices'] ?? '–'),
        String(s.scores.seo ?? '–'),
        seconds(s.lcpMs),
        seconds(s.fcpMs),
        millis(s.tbtMs),
        s.cls === null ? '–' : s.cls.toFixed(3),
        kb(s.totalBytes),
        s.benchmarkIndex === null ? '–' : String(Math.round(s.benchmarkIndex)),
        String(s.runs),
      ]),
    ),
  );
  for (const [name, s] of Object.entries(summary)) {
    if (s.lcpElement) console.log(`  ${name} LCP element: ${s.lcpElement}`);
    for (const line of lcpBreakdown(s, lcpLimitMs)) console.log(`  ${name} ${line}`);
    for (const line of s.failing) console.log(`  ${name} loses points on ${line}`);
    for (const error of s.errors) console.log(`  ${name} run failed: ${error}`);
  }
}

function printSearch(search: SearchResult): void {
  if ('skipped' in search) {
    console.log(`  skipped — ${search.skipped}`);
    return;
  }
  const figures = searchFigures(search);
  if ('skipped' in figures) console.log(`  ${figures.skipped}`);
  else {
    console.log(
      table(
        [
          'index',
          'warm keystroke→results (< 50 ms)',
          'first query, typed (< 300 ms)',
          'first query bytes (< 160 KB)',
          'cold first query, pasted',
          'cold bytes',
        ],
        [
          [
            `${(figures.products ?? 0).toLocaleString('en')} products`,
            millis(figures.warmMs),
            millis(figures.firstMs),
            kb(figures.firstBytes),
            millis(figures.coldMs),
            kb(figures.coldBytes),
          ],
        ],
      ),
    );
  }
  const summary = (search.data as { summary?: Record<string, number | null> } | null)?.summary;
  if (summary) {
    const k = (n: number | null | undefined) => (typeof n === 'number' ? kb(n) : '–');
    const ms = (n: number | null | undefined) => (typeof n === 'number' ? millis(n) : '–');
    console.log(
      `  pasted first query: ${ms(summary['coldMs'])}, ${k(summary['coldGzipBytes'])} before results · typo correction: warm ${ms(summary['correctedMs'])}, pasted ${ms(summary['coldCorrectedMs'])} with ${k(summary['coldCorrectedGzipBytes'])} before results (vocabulary ${k(summary['vocabularyGzipBytes'])} gzipped)`,
    );
  }
  if (search.error) console.log(`  bench-search: ${search.error}\n    ${search.outputTail.slice(-8).join('\n    ')}`);
}

/** Picks the three target figures out of the search benchmark's JSON (names as scripts/bench/search-speed.ts writes them). */
function searchFigures(search: SearchResult): SearchFigures | { skipped: string } {
  if ('skipped' in search) return { skipped: search.skipped };
  if (!search.data || typeof search.data !== 'object') return { skipped: search.error ?? 'bench-search gave no figures' };
  const data = search.data as Record<string, unknown>;
  const find = (...keys: string[]): number | null => {
    for (const key of keys) {
      const value = key
        .split('.')
        .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), data);
      if (typeof value === 'number' && Number.isFinite(value)) return value;
    }
    return null;
  };
  return {
    warmMs: find('warm.medianMs'),
    firstMs: find('first.medianMs'),
    // What a compressing host sends (Pagefind's index files are gzipped already; its JS is not by astro preview).
    firstBytes: find('first.gzipBytes', 'first.bytes'),
    coldMs: find('cold.medianMs'),
    coldBytes: find('cold.gzipBytes', 'cold.bytes'),
    coldCorrectedMs: find('coldCorrected.medianMs'),
    coldCorrectedBytes: find('coldCorrected.gzipBytes', 'coldCorrected.bytes'),
    products: search.products ?? find('products'),
  };
}
