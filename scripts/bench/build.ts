/**
 * Build scale: runs the steps of scripts/build.ts as separate measured processes under the shared build lock
 * (`astro build` and the search index with its vocabulary side by side, then the service worker), and reads
 * Astro's log for where the time went.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { runMeasured, withBuildLock, type Measured, type TimedLine } from './proc.ts';
import { largestPages, pageTypeOf, type LargestPage } from './largest-pages.ts';
import { ROOT } from './util.ts';
import { installSearchIndex, searchIndexPaths } from '../lib/search-index.ts';
import { parsePageLines } from '../lib/build-pages.ts';

const ASTRO_BIN = path.join(ROOT, 'node_modules/astro/bin/astro.mjs');
/** The search index step of scripts/build.ts, run beside Astro. */
const SEARCH_INDEX_SCRIPT = path.join(ROOT, 'scripts/build-search-index.ts');
/** The service-worker step of scripts/build.ts, run third when it exists. */
const SW_SCRIPT = path.join(ROOT, 'scripts/build-sw.ts');
/** The link check of scripts/build.ts, measured after the service worker (not part of the build's total). */
const LINK_CHECK_SCRIPT = path.join(ROOT, 'scripts/check-links.ts');

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

/** One measured build of the site. */
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
  astro: {
    wallMs: number;
    /** User + system CPU time of the Astro process tree (ms). */
    cpuMs: number | null;
    maxRssKb: number | null;
    peakTreeRssKb: number;
    exitCode: number | null;
    signal: string | null;
    pagesBuilt: number | null;
    /** Astro's own "N page(s) built in X" figure (ms). */
    reportedMs: number | null;
    pagesPerSecond: number | null;
    phases: AstroPhases;
    renderShare: RenderShare;
  } | null;
  pagefind: {
    wallMs: number;
    cpuMs: number | null;
    maxRssKb: number | null;
    peakTreeRssKb: number;
    exitCode: number | null;
    pagesIndexed: number | null;
    /** The step's own "indexed in X s" (ms). */
    reportedMs: number | null;
    indexFiles: number;
    indexBytes: number;
  } | null;
  /** The service-worker step (scripts/build-sw.ts), when the build has one. */
  serviceWorker: { wallMs: number; maxRssKb: number | null; exitCode: number | null } | null;
  /** The build's last check (scripts/check-links.ts): every internal link of the site, read in full. */
  linkCheck: { wallMs: number; maxRssKb: number | null; links: number | null; exitCode: number | null } | null;
  /**
   * Wall time (ms) from the start of Astro and the search index (side by side) to the end of the service worker:
   * the "built and indexed" figure.
   */
  totalMs: number | null;
  /**
   * Peak memory of the build (KiB): Astro's peak plus the search index's (they run at once, so the sum is an
   * upper bound of what the machine held; every later step needs less).
   */
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

/** Reads Astro's build log lines (with arrival times) into phases, page counts and per-route rendering time. */
export function parseAstroLog(lines: readonly TimedLine[], wallMs: number) {
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
    startupMs: syncStart ? syncStart.atMs : null,
    loadDataMs: span(syncStart, syncEnd),
    prepareMs: span(syncEnd, entry),
    bundleMs: span(entry, routes),
    renderMs: span(routes, routesDone),
    finishMs: span(routesDone, complete),
    exitMs: complete ? Math.max(0, wallMs - complete.atMs) : null,
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
  let htmlFiles = 0;
  let largestHtml: DistStats['largestHtml'] = null;
  const largestOfType = new Map<string, { path: string; bytes: number }>();
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const size = (await stat(full)).size;
        files += 1;
        bytes += size;
        if (entry.name.endsWith('.html')) {
          htmlFiles += 1;
          const page = { path: `/${path.relative(dir, full)}`, bytes: size };
          if (!largestHtml || size > largestHtml.bytes) largestHtml = page;
          const type = pageTypeOf(page.path);
          if ((largestOfType.get(type)?.bytes ?? -1) < size) largestOfType.set(type, page);
        }
      }
    }
  };
  await walk(dir);
  return { files, bytes, htmlFiles, largestHtml, largestPages: htmlFiles > 0 ? await largestPages(dir, [...largestOfType.values()]) : [] };
}

/** Refuses to delete anything but a benchmark directory. */
function assertBenchDir(dir: string): void {
  const resolved = path.resolve(dir);
  if (!/^\/tmp\/bench-[^/]+(\/|$)/.test(resolved))
    throw new Error(`refusing to build into ${resolved}: benchmark output goes under /tmp/bench-*/`);
}

/** Environment for a benchmark build: no Supabase (the build must not touch the network), no telemetry. */
export function buildEnv(outDir: string, catalogueSize: number | null, site: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, OUT_DIR: outDir, SITE_URL: site, ASTRO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
  // A full build every time: Astro's incremental cache of its own, beside the output (emptied with it by buildSite).
  env['THELA_BUILD_CACHE'] = `${outDir.replace(/\/+$/, '')}-cache`;
  delete env['THELA_FULL_BUILD'];
  delete env['PUBLIC_SUPABASE_URL'];
  delete env['PUBLIC_SUPABASE_ANON_KEY'];
  delete env['CATALOGUE_SIZE'];
  if (catalogueSize !== null) env['CATALOGUE_SIZE'] = String(catalogueSize);
  return env;
}

/** Options of buildSite. */
export interface BuildOptions {
  label: string;
  catalogueSize: number | null;
  /** Must be under /tmp/bench-*; emptied first. */
  outDir: string;
  /** SITE_URL for canonical links: the origin the benchmark will serve the build from. */
  site: string;
  /** Full log of both steps. */
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
    astro: null,
    pagefind: null,
    serviceWorker: null,
    linkCheck: null,
    totalMs: null,
    peakRssKb: null,
    dist: null,
  };
}

/** Builds and indexes the site once, measuring each step. Never throws for a failed build: that is a result. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  assertBenchDir(options.outDir);
  await rm(options.outDir, { recursive: true, force: true });
  await rm(`${options.outDir.replace(/\/+$/, '')}-cache`, { recursive: true, force: true });
  const log = createWriteStream(options.logFile);
  const echo = (prefix: string) => (line: TimedLine) => log.write(`${prefix} +${(line.atMs / 1000).toFixed(3)}s ${plain(line.text)}\n`);
  const env = buildEnv(options.outDir, options.catalogueSize, options.site);
  const result = emptyBuildResult(options.label, options.catalogueSize, options.outDir);
  /** Runs one step of the build (a Node script) with the build's environment, its output logged under `name`. */
  const step = (name: string, script: string, args: string[]) =>
    runMeasured(process.execPath, [script, ...args], {
      cwd: ROOT,
      env,
      onLine: echo(name),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });

  const waitStarted = performance.now();
  /** When Astro and the search index started, and when the last step ended (performance.now()). */
  const span = { started: 0, ended: 0 };
  const [astro, pagefind, sw, links] = await withBuildLock(
    async () => {
      result.lockWaitMs = performance.now() - waitStarted;
      options.progress?.(`${options.label}: astro build and search index`);
      span.started = performance.now();
      const indexPaths = searchIndexPaths(env);
      const [astroRun, pagefindRun] = await Promise.all([
        step('astro', ASTRO_BIN, ['build']),
        step('search index', SEARCH_INDEX_SCRIPT, [indexPaths.staging]),
      ]);
      if (astroRun.exitCode !== 0 || pagefindRun.exitCode !== 0) return [astroRun, pagefindRun, null, null] as const;
      await installSearchIndex(indexPaths, options.outDir);
      if (!existsSync(SW_SCRIPT)) return [astroRun, pagefindRun, null, null] as const;
      options.progress?.(`${options.label}: service worker`);
      const swRun = await step('sw', SW_SCRIPT, [options.outDir]);
      span.ended = performance.now();
      options.progress?.(`${options.label}: link check`);
      const linkRun = await step('links', LINK_CHECK_SCRIPT, [options.outDir]);
      return [astroRun, pagefindRun, swRun, linkRun] as const;
    },
    () => options.progress?.(`${options.label}: waiting for /tmp/thela-build.lock (another build is running)`),
  );
  await new Promise((resolve) => log.end(resolve));

  const parsed = parseAstroLog(astro.lines, astro.wallMs);
  result.catalogue = parsed.catalogue;
  const renderSeconds = parsed.phases.renderMs ? parsed.phases.renderMs / 1000 : null;
  result.astro = {
    wallMs: astro.wallMs,
    cpuMs: astro.cpuMs,
    maxRssKb: astro.maxRssKb,
    peakTreeRssKb: astro.peakTreeRssKb,
    exitCode: astro.exitCode,
    signal: astro.signal,
    pagesBuilt: parsed.pagesBuilt,
    reportedMs: parsed.reportedMs,
    pagesPerSecond: parsed.pagesBuilt && renderSeconds ? parsed.pagesBuilt / renderSeconds : null,
    phases: parsed.phases,
    renderShare: parsed.renderShare,
  };
  if (astro.exitCode !== 0) {
    result.notes.push(describeFailure('astro build', astro, options.logFile));
    return result;
  }
  const pf = parseSearchIndexLog(pagefind.lines);
  const index = await walkStats(path.join(options.outDir, 'pagefind')).catch(() => ({ files: 0, bytes: 0 }));
  result.pagefind = {
    wallMs: pagefind.wallMs,
    cpuMs: pagefind.cpuMs,
    maxRssKb: pagefind.maxRssKb,
    peakTreeRssKb: pagefind.peakTreeRssKb,
    exitCode: pagefind.exitCode,
    pagesIndexed: pf.pagesIndexed,
    reportedMs: pf.reportedMs,
    indexFiles: index.files,
    indexBytes: index.bytes,
  };
  result.peakRssKb = astro.peakTreeRssKb + pagefind.peakTreeRssKb;
  if (pagefind.exitCode !== 0) {
    result.notes.push(describeFailure('search index', pagefind, options.logFile));
    return result;
  }
  if (sw) {
    result.serviceWorker = { wallMs: sw.wallMs, maxRssKb: sw.maxRssKb, exitCode: sw.exitCode };
    if (sw.exitCode !== 0) {
      result.notes.push(describeFailure('service worker', sw, options.logFile));
      return result;
    }
    result.totalMs = span.ended - span.started;
  }
  if (links) {
    const counted = links.lines.map((line) => /^check-links: (\d+) links/.exec(line.text)).find(Boolean);
    result.linkCheck = {
      wallMs: links.wallMs,
      maxRssKb: links.maxRssKb,
      links: counted ? Number(counted[1]) : null,
      exitCode: links.exitCode,
    };
    if (links.exitCode !== 0) {
      result.notes.push(describeFailure('link check', links, options.logFile));
      return result;
    }
  }
  result.dist = await walkStats(options.outDir);
  result.ok = true;
  return result;
}

function describeFailure(step: string, run: Measured, logFile: string): string {
  const tail = run.lines
    .map((line) => plain(line.text).trim())
    .filter((text) => text && !/^[├└]─/.test(text))
    .slice(-3)
    .join(' | ');
  const how = run.signal ? `killed by ${run.signal}` : `exit ${run.exitCode}`;
  const oom = /heap out of memory|Allocation failed|ENOMEM/i.test(tail) ? ' (out of memory)' : '';
  return `${step} failed after ${(run.wallMs / 1000).toFixed(1)} s (${how})${oom}: ${tail.slice(0, 400)} — full log ${logFile}`;
}
