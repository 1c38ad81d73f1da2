/** Build scale: one measured `node scripts/build.ts` under the build lock, and the reading of its log (bench/README.md). */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_LOCK, loadAverage, runMeasured, withBuildLock, type TimedLine } from './proc.ts';
import { FIRST_PAGE_DIR } from '../../src/lib/search/first-page.ts';
import { largestPages } from './largest-pages.ts';
import { benchEnv, listFiles, ROOT, seconds } from './util.ts';
import { parsePageLines, parseStepTimes, plain } from '../lib/build-pages.ts';

/** Astro's phases, as the report names them; each from the arrival of its log lines, ms (null: marker not seen). */
export const PHASE_NAMES = {
  startupMs: 'startup',
  loadDataMs: 'loading data',
  prepareMs: 'types/prepare',
  bundleMs: 'bundling',
  renderMs: 'rendering',
  finishMs: 'post-build',
  exitMs: 'exit',
} as const;

/** Astro's durations: "979ms", "28.30s", "1m 44s", "1h 2m 3s"; null if unreadable. */
export function parseDuration(text: string): number | null {
  const unit: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const parts = [...text.matchAll(/([\d.]+)\s*(ms|h|m|s)\b/g)];
  return parts.length ? parts.reduce((sum, [, value, u]) => sum + Number(value) * (unit[u ?? ''] ?? 0), 0) : null;
}

/** Astro's lines of a build log: phases (Astro ran from `startMs` to `endMs`), page counts, per-route render time. */
export function parseAstroLog(lines: readonly TimedLine[], startMs: number, endMs: number) {
  const at = (pattern: RegExp, after = -1) => {
    const index = lines.findIndex((line, i) => i > after && pattern.test(plain(line.text)));
    return index === -1 ? null : { index, atMs: lines[index]?.atMs ?? 0 };
  };
  const syncStart = at(/\[content\] Syncing content/);
  const syncEnd = at(/\[content\] Synced content/);
  const entry = at(/Building static entrypoints/);
  const routes = at(/generating static routes/);
  const routesDone = routes && at(/✓ Completed in/, routes.index);
  const complete = at(/\[build\] Complete!/);
  const span = (from: { atMs: number } | null, to: { atMs: number } | null) => (from && to ? Math.max(0, to.atMs - from.atMs) : null);

  let [pagesBuilt, reportedMs]: [number | null, number | null] = [null, null];
  let catalogue: { products: number; categories: number; stores: number } | null = null;
  const renderShare: Record<string, { pages: number; ms: number }> = {};
  for (const line of lines) {
    const text = plain(line.text);
    const built = /(\d+) page\(s\) built in (.+?)\s*$/.exec(text);
    if (built) [pagesBuilt, reportedMs] = [Number(built[1]), parseDuration(built[2] ?? '')];
    const counts = /catalogue: (\d+) products, (\d+) categories, (\d+) stores/.exec(text);
    if (counts) catalogue = { products: Number(counts[1]), categories: Number(counts[2]), stores: Number(counts[3]) };
    // The build's reader of page lines: a time note shared by pages rendered at once counts for the last of them.
    for (const page of parsePageLines(text)) {
      if (page.ms === null) continue;
      const share = (renderShare[page.file.split('/')[1]?.replace(/\.html$/, '') || 'home'] ??= { pages: 0, ms: 0 });
      share.pages += 1;
      share.ms += page.ms;
    }
  }
  const phases = {
    startupMs: span({ atMs: startMs }, syncStart),
    loadDataMs: span(syncStart, syncEnd),
    prepareMs: span(syncEnd, entry),
    bundleMs: span(entry, routes),
    renderMs: span(routes, routesDone),
    finishMs: span(routesDone, complete),
    exitMs: span(complete, { atMs: endMs }),
  } satisfies Record<keyof typeof PHASE_NAMES, number | null>;
  return { phases, pagesBuilt, reportedMs, catalogue, renderShare };
}

/** A full build (every page rendered) into a cache of its own beside the output. */
export function buildEnv(outDir: string, catalogueSize: number | null, site: string): NodeJS.ProcessEnv {
  const [cache, size] = [`${outDir.replace(/\/+$/, '')}-cache`, catalogueSize === null ? {} : { CATALOGUE_SIZE: String(catalogueSize) }];
  return benchEnv({ ...process.env }, { OUT_DIR: outDir, SITE_URL: site, THELA_BUILD_CACHE: cache, THELA_FULL_BUILD: '1', ...size });
}

const STEP_SCRIPTS: Record<string, string> = {
  'build-images': 'images',
  'build-search-index': 'search index',
  'build-sw': 'service worker',
  'check-site': 'site checks',
};

/** The step of scripts/build.ts a process runs (named as in its `build: steps:` line), or null. */
export function stepOf(argv: readonly string[]): string | null {
  for (const arg of argv.slice(1)) {
    if (/\/astro(\.mjs)?$/.test(arg)) return 'astro';
    const step = STEP_SCRIPTS[/scripts\/([\w-]+)\.ts$/.exec(arg)?.[1] ?? ''];
    if (step) return step;
  }
  return null;
}

/** Step times, Astro's phases and pages, the index's and site checks' counts. */
export function parseBuildLog(lines: readonly TimedLine[]) {
  const texts = lines.map((line) => plain(line.text));
  const steps = parseStepTimes(texts) ?? {};
  // Astro starts as the images step ends, which prints its summary line last.
  const astroStart = lines.find((line) => plain(line.text).startsWith('images: '))?.atMs ?? 0;
  const links = texts.map((text) => /^check-site: .*?; (\d+) links/.exec(text)).find(Boolean);
  const indexed = texts
    .map((text) => /search index: ([\d,]+) products? indexed(?: in \d+ bundles)? in ([\d.]+) s/.exec(text))
    .findLast(Boolean);
  const firstPages = texts.map((text) => /search first pages: ([\d,]+) queries in ([\d.]+) s/.exec(text)).findLast(Boolean);
  return {
    steps,
    astro: parseAstroLog(lines, astroStart, astroStart + (steps['astro'] ?? 0)),
    searchIndex: {
      pagesIndexed: indexed ? Number((indexed[1] ?? '').replaceAll(',', '')) : null,
      reportedMs: indexed ? Number(indexed[2]) * 1000 : null,
    },
    links: links ? Number(links[1]) : null,
    firstPages: {
      queries: firstPages ? Number((firstPages[1] ?? '').replaceAll(',', '')) : null,
      reportedMs: firstPages ? Number(firstPages[2]) * 1000 : null,
    },
  };
}

/** `catalogueSize` null: the bundled sample; `totalMs`: wall time of the whole build. */
export type BuildResult = Awaited<ReturnType<typeof buildSite>>;

/** Builds the site for the origin `site` into bench-<label>/dist under THELA_BENCH_TMP (bench/README.md); a failed build is a result. */
export async function buildSite(label: string, size: number | null, site: string, progress: (message: string) => void) {
  const base = path.join(path.resolve(process.env['THELA_BENCH_TMP'] || '/tmp'), `bench-${label}`);
  const [outDir, logFile] = [path.join(base, 'dist'), path.join(base, 'build.log')];
  await mkdir(base, { recursive: true });
  const log = createWriteStream(logFile);
  const waitStarted = performance.now();
  let lockWaitMs = 0;
  const run = await withBuildLock(
    async () => {
      lockWaitMs = performance.now() - waitStarted;
      // Emptied under the lock: a build that held it before may have written there.
      await rm(outDir, { recursive: true, force: true });
      await rm(`${outDir}-cache`, { recursive: true, force: true });
      progress(`${label}: node scripts/build.ts`);
      return runMeasured(process.execPath, [path.join(ROOT, 'scripts/build.ts')], {
        cwd: ROOT,
        env: buildEnv(outDir, size, site),
        onLine: (line) => log.write(`+${(line.atMs / 1000).toFixed(3)}s ${plain(line.text)}\n`),
        stepOf,
        timeoutMs: (size ?? 0) >= 100_000 ? 20 * 60_000 : 10 * 60_000,
      });
    },
    () => progress(`${label}: waiting for ${BUILD_LOCK} (another build is running)`),
  );
  await new Promise((resolve) => log.end(resolve));
  await rm(`${outDir}-cache`, { recursive: true, force: true });

  const { steps, astro, searchIndex, links, firstPages } = parseBuildLog(run.lines);
  /** The build's own time for a step, its processes' peak memory (KiB) and CPU (ms). */
  const figures = (name: string) => {
    const wallMs = steps[name];
    return wallMs === undefined ? null : { wallMs, peakRssKb: run.steps[name]?.peakRssKb ?? null, cpuMs: run.steps[name]?.cpuMs ?? null };
  };
  const [astroStep, indexStep, checksStep] = [figures('astro'), figures('search index'), figures('site checks')];
  const renderSeconds = (astro.phases.renderMs ?? 0) / 1000;
  const ok = run.exitCode === 0;
  const files = await listFiles(outDir).catch(() => []);
  const [index, html] = [files.filter((file) => file.path.startsWith('/pagefind/')), files.filter((file) => file.path.endsWith('.html'))];
  const first = files.filter((file) => file.path.startsWith(FIRST_PAGE_DIR));
  const bytes = (list: typeof files) => list.reduce((sum, file) => sum + file.bytes, 0);
  const notes: string[] = [];
  if (!ok) {
    const tail = run.lines
      .map((line) => plain(line.text).trim())
      .filter((text) => text && !/^[├└]─/.test(text))
      .slice(-3)
      .join(' | ');
    const oom = /heap out of memory|Allocation failed|ENOMEM/i.test(tail) ? ' (out of memory)' : '';
    const how = run.signal ? `killed by ${run.signal}` : `exit ${run.exitCode}`;
    notes.push(`build failed after ${seconds(run.wallMs, 1)} (${how})${oom}: ${tail.slice(0, 400)} — full log ${logFile}`);
  }
  const lockWait = lockWaitMs > 1000 ? `; waited ${seconds(lockWaitMs, 0)} for the build lock first` : '';
  notes.push(`load average after: ${loadAverage()?.toFixed(2) ?? '?'}${lockWait}`);
  return {
    label,
    catalogueSize: size,
    outDir,
    ok,
    lockWaitMs, // in no figure
    notes,
    catalogue: astro.catalogue,
    steps, // as the build printed them (`build: steps: ...`)
    astro: astroStep && {
      ...astroStep,
      pagesBuilt: astro.pagesBuilt,
      reportedMs: astro.reportedMs,
      pagesPerSecond: astro.pagesBuilt && renderSeconds ? astro.pagesBuilt / renderSeconds : null,
      phases: astro.phases,
      renderShare: astro.renderShare,
    },
    pagefind: indexStep && { ...indexStep, ...searchIndex, indexFiles: index.length, indexBytes: bytes(index) },
    // Issue 52: the search's first pages, written by the index step (part of its time); on disk, whole 4 KiB blocks.
    firstPages: {
      ...firstPages,
      files: first.length,
      bytes: bytes(first),
      diskBytes: first.reduce((sum, file) => sum + Math.ceil(file.bytes / 4096) * 4096, 0),
    },
    serviceWorker: figures('service worker'),
    siteChecks: checksStep && { ...checksStep, links },
    totalMs: run.wallMs,
    cpuMs: run.cpuMs,
    peakRssKb: run.peakTreeRssKb,
    dist: ok ? { files: files.length, bytes: bytes(files), htmlFiles: html.length, largestPages: await largestPages(outDir, html) } : null,
  };
}
