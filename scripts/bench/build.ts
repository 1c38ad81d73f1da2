/** Build scale: one measured `astro build` under the build lock, and the reading of its record (bench/README.md). */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { BUILD_LOCK, loadAverage, runMeasured, withBuildLock } from './proc.ts';
import { FIRST_PAGE_DIR } from '../../src/lib/search/first-page.ts';
import { largestPages } from './largest-pages.ts';
import { benchEnv, listFiles, ROOT, seconds } from './util.ts';
import { readBuildRecord } from '../lib/build-record.ts';

/** Astro's phases, as the report names them (the build record's `phases`, scripts/integrations/build-steps.ts). */
export const PHASE_NAMES = {
  startup: 'startup',
  prepare: 'catalogue and photos',
  bundle: 'bundling',
  render: 'rendering',
  finish: 'post-build',
} as const;

/** A full build (every page rendered) into a cache of its own beside the output. */
export function buildEnv(outDir: string, catalogueSize: number | null, site: string): NodeJS.ProcessEnv {
  const [cache, size] = [`${outDir.replace(/\/+$/, '')}-cache`, catalogueSize === null ? {} : { CATALOGUE_SIZE: String(catalogueSize) }];
  return benchEnv({ ...process.env }, { OUT_DIR: outDir, SITE_URL: site, THELA_BUILD_CACHE: cache, THELA_FULL_BUILD: '1', ...size });
}

/** The build's processes: Astro's (every step but the search index runs in it), and the search index's beside it. */
export function stepOf(argv: readonly string[]): string | null {
  for (const arg of argv.slice(1)) {
    if (/\/astro(\.mjs)?$/.test(arg)) return 'astro';
    if (/scripts\/build-search-index\.ts$/.test(arg)) return 'search index';
  }
  return null;
}

/** `catalogueSize` null: the bundled sample; `totalMs`: wall time of the whole build. */
export type BuildResult = Awaited<ReturnType<typeof buildSite>>;

/** Builds the site for the origin `site` into bench-<label>/dist under THELA_BENCH_TMP (bench/README.md); a failed build is a result. */
export async function buildSite(label: string, size: number | null, site: string, progress: (message: string) => void) {
  const base = path.join(path.resolve(process.env['THELA_BENCH_TMP'] || '/tmp'), `bench-${label}`);
  const [outDir, logFile, recordFile] = [path.join(base, 'dist'), path.join(base, 'build.log'), path.join(base, 'record.json')];
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
      await rm(recordFile, { force: true });
      progress(`${label}: astro build`);
      return runMeasured(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
        cwd: ROOT,
        env: { ...buildEnv(outDir, size, site), THELA_BUILD_RECORD: recordFile },
        onLine: (line) => log.write(`+${(line.atMs / 1000).toFixed(3)}s ${plain(line.text)}\n`),
        stepOf,
        timeoutMs: (size ?? 0) >= 100_000 ? 20 * 60_000 : 10 * 60_000,
      });
    },
    () => progress(`${label}: waiting for ${BUILD_LOCK} (another build is running)`),
  );
  await new Promise((resolve) => log.end(resolve));
  await rm(`${outDir}-cache`, { recursive: true, force: true });

  const record = readBuildRecord(recordFile);
  const [steps, built] = [record?.steps ?? {}, record?.figures ?? {}];
  /** The build's own time for a step, its processes' peak memory (KiB) and CPU (ms). */
  const figures = (name: string) => {
    const wallMs = steps[name];
    return wallMs === undefined ? null : { wallMs, peakRssKb: run.steps[name]?.peakRssKb ?? null, cpuMs: run.steps[name]?.cpuMs ?? null };
  };
  const [astroStep, indexStep, checksStep] = [figures('astro'), figures('search index'), figures('site checks')];
  const pagesBuilt = record ? record.pages.rendered + record.pages.reused : null;
  const renderSeconds = (record?.phases['render'] ?? 0) / 1000;
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
    catalogue:
      built['products'] === undefined ? null : { products: built['products'], categories: built['categories'], stores: built['stores'] },
    steps, // the build's record (scripts/lib/build-record.ts)
    astro: astroStep && {
      ...astroStep,
      pagesBuilt,
      pagesPerSecond: pagesBuilt && renderSeconds ? pagesBuilt / renderSeconds : null,
      phases: record?.phases ?? {},
      renderShare: record?.renderShare ?? {},
    },
    pagefind: indexStep && {
      ...indexStep,
      pagesIndexed: built['indexed'] ?? null,
      reportedMs: built['indexMs'] ?? null,
      indexFiles: index.length,
      indexBytes: bytes(index),
    },
    // Issue 52: the search's first pages, written by the index step (part of its time); on disk, whole 4 KiB blocks.
    firstPages: {
      queries: built['firstPageQueries'] ?? null,
      reportedMs: built['firstPagesMs'] ?? null,
      files: first.length,
      bytes: bytes(first),
      diskBytes: first.reduce((sum, file) => sum + Math.ceil(file.bytes / 4096) * 4096, 0),
    },
    serviceWorker: figures('service worker'),
    siteChecks: checksStep && { ...checksStep, links: built['links'] ?? null },
    totalMs: run.wallMs,
    cpuMs: run.cpuMs,
    peakRssKb: run.peakTreeRssKb,
    dist: ok ? { files: files.length, bytes: bytes(files), htmlFiles: html.length, largestPages: await largestPages(outDir, html) } : null,
  };
}
