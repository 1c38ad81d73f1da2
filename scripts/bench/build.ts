/**
 * Build scale: runs `node scripts/build.ts` (the one build sequence) under the shared build lock, sampling the
 * memory and CPU of its process tree per step, and reads its log for the step times and where Astro's time went.
 */
import { createWriteStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { runMeasured, withBuildLock, type Measured, type TimedLine } from './proc.ts';
import { largestPages, type LargestPage } from './largest-pages.ts';
import { benchDir, directoryStats, ROOT } from './util.ts';
import { parsePageLines, parseStepTimes } from '../lib/build-pages.ts';

const BUILD_SCRIPT = path.join(ROOT, 'scripts/build.ts');

/** How long Astro spent in each part of its build, from the arrival times of its log lines (ms; null if not seen). */
export interface AstroPhases {
  /** Process start to "[content] Syncing content": Node, Vite and the config starting up. */
  startupMs: number | null;
  /** "Syncing content" to "Synced content": reading (or generating) the catalogue, sanitizing it, filling the data store. */
  loadDataMs: number | null;
  /** "Synced content" to "Building static entrypoints": type generation and collecting build info. */
  prepareMs: number | null;
  /** "Building static entrypoints" to "generating static routes": Vite/Rolldown bundling of server and client code. */
  bundleMs: number | null;
  /** "generating static routes" to its "✓ Completed in": rendering every page to HTML. */
  renderMs: number | null;
  /** Rendering done to "[build] Complete!": sitemap and other integrations' post-build work. */
  finishMs: number | null;
  /** "[build] Complete!" to process exit. */
  exitMs: number | null;
}

/** Per-route-family share of the rendering time Astro logs per page ("(+12ms)"), e.g. { product: 81234 }. */
export type RenderShare = Record<string, { pages: number; ms: number }>;

/** One step of the build as the bench saw it: the build's own time for it, and its processes' peak memory and CPU. */
export interface StepFigures {
  wallMs: number;
  /** Peak resident set of the step's process tree (KiB), sampled every 250 ms; null if never sampled. */
  peakRssKb: number | null;
  cpuMs: number | null;
}

/** One measured build of the site: `node scripts/build.ts`, the one build sequence. */
export interface BuildResult {
  label: string;
  /** Products requested (CATALOGUE_SIZE), or null for the bundled sample catalogue. */
  catalogueSize: number | null;
  outDir: string;
  ok: boolean;
  /** Time spent waiting for the shared build lock before the build could start (not part of any figure). */
  lockWaitMs: number;
  /** Why the build failed or what else is worth knowing, one line each. */
  notes: string[];
  catalogue: { products: number; categories: number; stores: number } | null;
  /** Every step's time as the build printed it (`build: steps: ...`), ms. */
  steps: Record<string, number>;
  astro:
    | (StepFigures & {
        pagesBuilt: number | null;
        /** Astro's own "N page(s) built in X" figure (ms). */
        reportedMs: number | null;
        pagesPerSecond: number | null;
        phases: AstroPhases;
        renderShare: RenderShare;
      })
    | null;
  pagefind: (StepFigures & { pagesIndexed: number | null; reportedMs: number | null; indexFiles: number; indexBytes: number }) | null;
  serviceWorker: StepFigures | null;
  /** The build's last check (scripts/check-links.ts): every internal link of the site, read in full. */
  linkCheck: (StepFigures & { links: number | null }) | null;
  /** Wall time of the whole build (`node scripts/build.ts`, start to exit): the "built and indexed" figure. */
  totalMs: number | null;
  /** CPU time (user + system) of the whole build and its children (GNU time), ms. */
  cpuMs: number | null;
  /** Peak memory of the build's whole process tree (KiB), sampled every 250 ms. */
  peakRssKb: number | null;
  dist: DistStats | null;
}

// eslint-disable-next-line no-control-regex -- matches the ESC of ANSI colour codes in build output
const ANSI = /\u001b\[[0-9;]*m/g;

/** Strips colour codes from a log line. */
export function plain(text: string): string {
  return text.replace(ANSI, '');
}

/** Astro's durations: "979ms", "28.30s", "1m 44s", "1h 2m 3s"; null if unreadable. */
export function parseDuration(text: string): number | null {
  let total = 0;
  let matched = false;
  for (const part of text.trim().matchAll(/([\d.]+)\s*(ms|h|m|s)\b/g)) {
    matched = true;
    const value = Number(part[1]);
    total += part[2] === 'ms' ? value : part[2] === 's' ? value * 1000 : part[2] === 'm' ? value * 60_000 : value * 3_600_000;
  }
  return matched ? total : null;
}

/**
 * Reads Astro's lines of a build log (with arrival times) into phases, page counts and per-route rendering time;
 * Astro ran from `startMs` to `endMs` of the log's clock.
 */
export function parseAstroLog(lines: readonly TimedLine[], startMs: number, endMs: number) {
  const at = (pattern: RegExp, after = -1): { index: number; atMs: number } | null => {
    for (let index = after + 1; index < lines.length; index++) {
      const line = lines[index];
      if (line && pattern.test(plain(line.text))) return { index, atMs: line.atMs };
    }
    return null;
  };
  const syncStart = at(/\[content\] Syncing content/);
  const syncEnd = at(/\[content\] Synced content/);
  const entry = at(/Building static entrypoints/);
  const routes = at(/generating static routes/);
  const routesDone = routes ? at(/✓ Completed in/, routes.index) : null;
  const complete = at(/\[build\] Complete!/);
  const span = (from: { atMs: number } | null, to: { atMs: number } | null) => (from && to ? Math.max(0, to.atMs - from.atMs) : null);

  let pagesBuilt: number | null = null;
  let reportedMs: number | null = null;
  let catalogue: BuildResult['catalogue'] = null;
  const renderShare: RenderShare = {};
  for (const line of lines) {
    const text = plain(line.text);
    const built = /(\d+) page\(s\) built in (.+?)\s*$/.exec(text);
    if (built) {
      pagesBuilt = Number(built[1]);
      reportedMs = parseDuration(built[2] ?? '');
    }
    const counts = /catalogue: (\d+) products, (\d+) categories, (\d+) stores/.exec(text);
    if (counts) catalogue = { products: Number(counts[1]), categories: Number(counts[2]), stores: Number(counts[3]) };
    // The build's own reader of page lines: the time note of a line shared by pages rendered at once counts for the
    // last of them (PageLine.ms); a note on a line of its own names no page and is left out.
    for (const page of parsePageLines(text)) {
      if (page.ms === null) continue;
      const family = page.file.split('/')[1]?.replace(/\.html$/, '') || 'home';
      const share = (renderShare[family] ??= { pages: 0, ms: 0 });
      share.pages += 1;
      share.ms += page.ms;
    }
  }
  const phases: AstroPhases = {
    startupMs: syncStart ? Math.max(0, syncStart.atMs - startMs) : null,
    loadDataMs: span(syncStart, syncEnd),
    prepareMs: span(syncEnd, entry),
    bundleMs: span(entry, routes),
    renderMs: span(routes, routesDone),
    finishMs: span(routesDone, complete),
    exitMs: complete ? Math.max(0, endMs - complete.atMs) : null,
  };
  return { phases, pagesBuilt, reportedMs, catalogue, renderShare };
}

/** Reads Pagefind's summary lines. */
export function parseSearchIndexLog(lines: readonly TimedLine[]) {
  let pagesIndexed: number | null = null;
  let reportedMs: number | null = null;
  for (const line of lines) {
    const done = /search index: ([\d,]+) products? indexed in ([\d.]+) s/.exec(plain(line.text));
    if (!done) continue;
    pagesIndexed = Number((done[1] ?? '').replaceAll(',', ''));
    reportedMs = Number(done[2]) * 1000;
  }
  return { pagesIndexed, reportedMs };
}

/** Files in a build: count, bytes, HTML pages and the largest page (pages that grow with the catalogue show here). */
export interface DistStats {
  files: number;
  bytes: number;
  htmlFiles: number;
  largestHtml: { path: string; bytes: number } | null;
  /** The largest page of each page type with its raw bytes, DOM elements and first-render bytes (largest-pages.ts). */
  largestPages: LargestPage[];
}

async function walkStats(dir: string): Promise<DistStats> {
  let files = 0;
  let bytes = 0;
  const html: { path: string; bytes: number }[] = [];
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const size = (await stat(full)).size;
        files += 1;
        bytes += size;
        if (entry.name.endsWith('.html')) html.push({ path: `/${path.relative(dir, full)}`, bytes: size });
      }
    }
  };
  await walk(dir);
  const largestHtml = html.reduce<DistStats['largestHtml']>((max, page) => (!max || page.bytes > max.bytes ? page : max), null);
  return { files, bytes, htmlFiles: html.length, largestHtml, largestPages: await largestPages(dir, html) };
}

/** Refuses to delete anything but a benchmark directory (`benchDir`). */
function assertBenchDir(dir: string): void {
  const resolved = path.resolve(dir);
  const parent = path.dirname(benchDir('x'));
  if (!resolved.startsWith(`${parent}/bench-`) || resolved.slice(parent.length + 1).split('/').length < 2)
    throw new Error(`refusing to build into ${resolved}: benchmark output goes under ${parent}/bench-*/`);
}

/** Environment for a benchmark build: no Supabase (the build must not touch the network), no telemetry. */
export function buildEnv(outDir: string, catalogueSize: number | null, site: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, OUT_DIR: outDir, SITE_URL: site, ASTRO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
  // A full build every time (every page rendered), into an incremental cache of its own beside the output (emptied
  // with it by buildSite), so writing the cache's copy of every keyed page is part of the figure.
  env['THELA_BUILD_CACHE'] = `${outDir.replace(/\/+$/, '')}-cache`;
  env['THELA_FULL_BUILD'] = '1';
  for (const name of ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'CATALOGUE_SIZE'])
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a copy of the environment for the build
    delete env[name];
  if (catalogueSize !== null) env['CATALOGUE_SIZE'] = String(catalogueSize);
  return env;
}

/** The step of scripts/build.ts a process of the build runs (names as in its `build: steps:` line), or null. */
export function stepOf(argv: readonly string[]): string | null {
  for (const arg of argv.slice(1)) {
    if (/\/astro(\.mjs)?$/.test(arg)) return 'astro';
    const script = /scripts\/([\w-]+)\.ts$/.exec(arg)?.[1];
    if (script && script in STEP_SCRIPTS) return STEP_SCRIPTS[script] ?? null;
  }
  return null;
}

const STEP_SCRIPTS: Record<string, string> = {
  'build-images': 'images',
  'build-search-index': 'search index',
  'build-sw': 'service worker',
  'build-headers': 'security headers',
  'scan-secrets': 'secret scan',
  'check-links': 'link check',
};

/** A build's figures read from its log: step times, Astro's phases and pages, the index's and link check's counts. */
export function parseBuildLog(lines: readonly TimedLine[]) {
  const texts = lines.map((line) => plain(line.text));
  const steps = parseStepTimes(texts) ?? {};
  // Astro starts as the images step ends, which prints its summary line last.
  const astroStart = lines.find((line) => /^images: /.test(plain(line.text)))?.atMs ?? 0;
  const astro = parseAstroLog(lines, astroStart, astroStart + (steps['astro'] ?? 0));
  const links = texts.map((text) => /^check-links: (\d+) links/.exec(text)).find(Boolean);
  return { steps, astro, searchIndex: parseSearchIndexLog(lines), links: links ? Number(links[1]) : null };
}

/** Options of buildSite. */
export interface BuildOptions {
  label: string;
  catalogueSize: number | null;
  /** Must be under `benchDir` (/tmp/bench-*); emptied first. */
  outDir: string;
  /** SITE_URL for canonical links: the origin the benchmark will serve the build from. */
  site: string;
  /** Full log of the build. */
  logFile: string;
  timeoutMs?: number;
  progress?: (message: string) => void;
}

/** A build's result before anything has run: not ok, no figures. */
export function emptyBuildResult(label: string, catalogueSize: number | null, outDir: string): BuildResult {
  return {
    label,
    catalogueSize,
    outDir,
    ok: false,
    lockWaitMs: 0,
    notes: [],
    catalogue: null,
    steps: {},
    astro: null,
    pagefind: null,
    serviceWorker: null,
    linkCheck: null,
    totalMs: null,
    cpuMs: null,
    peakRssKb: null,
    dist: null,
  };
}

/**
 * Builds the site once with `node scripts/build.ts` (the one build sequence) under the build lock, sampling the
 * memory of its process tree; times come from the build's own log. Never throws for a failed build: that is a result.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  assertBenchDir(options.outDir);
  const log = createWriteStream(options.logFile);
  const result = emptyBuildResult(options.label, options.catalogueSize, options.outDir);
  const waitStarted = performance.now();
  const run = await withBuildLock(
    async () => {
      result.lockWaitMs = performance.now() - waitStarted;
      // Emptied under the lock: a build that held it before may have written there.
      await rm(options.outDir, { recursive: true, force: true });
      await rm(`${options.outDir.replace(/\/+$/, '')}-cache`, { recursive: true, force: true });
      options.progress?.(`${options.label}: node scripts/build.ts`);
      return runMeasured(process.execPath, [BUILD_SCRIPT], {
        cwd: ROOT,
        env: buildEnv(options.outDir, options.catalogueSize, options.site),
        onLine: (line) => log.write(`+${(line.atMs / 1000).toFixed(3)}s ${plain(line.text)}\n`),
        stepOf,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
    },
    () => options.progress?.(`${options.label}: waiting for /tmp/thela-build.lock (another build is running)`),
  );
  await new Promise((resolve) => log.end(resolve));

  const parsed = parseBuildLog(run.lines);
  const figures = (name: string): StepFigures | null => {
    const wallMs = parsed.steps[name];
    if (wallMs === undefined) return null;
    return { wallMs, peakRssKb: run.steps[name]?.peakRssKb ?? null, cpuMs: run.steps[name]?.cpuMs ?? null };
  };
  const { astro, searchIndex } = parsed;
  const astroStep = figures('astro');
  const renderSeconds = astro.phases.renderMs ? astro.phases.renderMs / 1000 : null;
  result.catalogue = astro.catalogue;
  result.steps = parsed.steps;
  result.totalMs = run.wallMs;
  result.cpuMs = run.cpuMs;
  result.peakRssKb = run.peakTreeRssKb;
  result.astro = astroStep && {
    ...astroStep,
    pagesBuilt: astro.pagesBuilt,
    reportedMs: astro.reportedMs,
    pagesPerSecond: astro.pagesBuilt && renderSeconds ? astro.pagesBuilt / renderSeconds : null,
    phases: astro.phases,
    renderShare: astro.renderShare,
  };
  const indexStep = figures('search index');
  const index = await directoryStats(path.join(options.outDir, 'pagefind')).catch(() => ({ files: 0, bytes: 0 }));
  result.pagefind = indexStep && { ...indexStep, ...searchIndex, indexFiles: index.files, indexBytes: index.bytes };
  result.serviceWorker = figures('service worker');
  const linkStep = figures('link check');
  result.linkCheck = linkStep && { ...linkStep, links: parsed.links };
  if (run.exitCode !== 0) {
    result.notes.push(describeFailure(run, options.logFile));
    return result;
  }
  result.dist = await walkStats(options.outDir);
  result.ok = true;
  return result;
}

function describeFailure(run: Measured, logFile: string): string {
  const tail = run.lines
    .map((line) => plain(line.text).trim())
    .filter((text) => text && !/^[├└]─/.test(text))
    .slice(-3)
    .join(' | ');
  const how = run.signal ? `killed by ${run.signal}` : `exit ${run.exitCode}`;
  const oom = /heap out of memory|Allocation failed|ENOMEM/i.test(tail) ? ' (out of memory)' : '';
  return `build failed after ${(run.wallMs / 1000).toFixed(1)} s (${how})${oom}: ${tail.slice(0, 400)} — full log ${logFile}`;
}
