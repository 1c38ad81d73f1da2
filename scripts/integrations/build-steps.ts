/**
 * The build's own steps around Astro's pages, in Astro's hooks (as Starlight runs Pagefind), so `astro build` is the
 * whole build. `start` (first in astro.config.mjs): at `astro:build:start` the catalogue is read once into a snapshot
 * every step reads, the photos are prepared, and the search index starts in a process of its own beside Astro. `finish`
 * (last, once every other integration has written its files): at `astro:build:done` the photos and the index move into
 * the site, then the service worker is built, then the site checks run and write `_headers`. Each step's time and the
 * pages rendered and reused go to the build's record (scripts/lib/build-record.ts). The order and why:
 * docs/architecture.md, "The build".
 */
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import {
  buildStopped,
  catalogueOrigin,
  loadCatalogue,
  snapshotCatalogue,
  SNAPSHOT_VARIABLE,
} from '../../src/lib/catalogue/catalogue.build.ts';
import { remoteImageUrls } from '../../src/lib/catalogue/image-state.build.ts';
import { supabaseObjectPrefix } from '../../src/lib/images.ts';
import { readJson } from '../lib/atomic-write.ts';
import { buildRecordPath, formatPageSummary, formatStepTimes, writeBuildRecord, type BuildRecord } from '../lib/build-record.ts';
import { startProgress } from '../lib/progress.ts';
import { keepLastIndex } from '../lib/search-fragments.ts';
import type { SearchIndexPaths } from '../lib/search-index.ts';
import type { PageCounts, RenderTimes } from './linked-output.ts';

// The steps' heavier modules (sharp, Pagefind, workbox-build, the site checks' workers) are imported by the hooks that
// run them, never with the config: `astro dev`, `astro sync` and `astro check` load the config too, and workbox-build
// loaded with it kept a build that failed in its config (an unreachable Supabase) from ever exiting
// (tests/unit/build-failure.test.ts).
const loadImages = () => import('../lib/catalogue-images.ts');
const loadSearchIndex = () => import('../lib/search-index.ts');

const INDEX_SCRIPT = fileURLToPath(new URL('../build-search-index.ts', import.meta.url));

/** A step that failed: its lines are logged already; the build stops with this one-line error (no stack). */
function stepFailed(message: string): Error {
  const error = new Error(message);
  error.stack = message;
  return error;
}

/**
 * Starts the search index's process (beside Astro, or after it), its lines told through `logger`; stopped with the
 * build if that fails first. Resolves when it ends well (performance.now()).
 */
function startSearchIndex(paths: SearchIndexPaths, figuresFile: string, logger: AstroIntegrationLogger): Promise<number> {
  const child = spawn(process.execPath, [INDEX_SCRIPT, '--figures', figuresFile, paths.staging], { stdio: ['ignore', 'pipe', 'pipe'] });
  createInterface({ input: child.stdout }).on('line', (line) => logger.info(line));
  createInterface({ input: child.stderr }).on('line', (line) => logger.error(line));
  const stop = () => child.kill('SIGTERM');
  process.once('exit', stop);
  const ended = new Promise<number>((resolve, reject) => {
    child.on('error', (error) => reject(stepFailed(`the search index could not start: ${error.message}`)));
    child.on('close', (code, signal) => {
      process.off('exit', stop);
      // A plain failure has written its own line (the build's, for an unreadable catalogue).
      if (code === 0) resolve(performance.now());
      else reject(stepFailed(`the search index failed (${signal ?? `exit ${code}`})`));
    });
  });
  // Awaited at the end; a failure meanwhile must not be an unhandled rejection.
  ended.catch(() => {});
  return ended;
}

/** The build's steps: `start` first among astro.config.mjs's integrations, `finish` last; `notePages` for linked-output's counts. */
export function buildSteps(): {
  start: AstroIntegration;
  finish: AstroIntegration;
  notePages: (counts: PageCounts, times: RenderTimes) => void;
} {
  let active = false;
  let outDir = '';
  let cacheDir = '';
  let env: Record<string, string | undefined> = {};
  let full = false;
  let paths: SearchIndexPaths;
  let timing: 'beside' | 'after' = 'beside';
  let snapshot: string | null = null;
  let index: Promise<number> | undefined;
  let indexStarted = 0;
  let astroStarted = 0;
  let pages: PageCounts | undefined;
  let renders: RenderTimes = { startedAt: null, byFolder: {} };
  /** When each of Astro's phases began (performance.now(): ms since the process started). */
  const at = { setup: 0, start: 0, generated: 0 };
  const steps: Record<string, number> = {};
  const figures: Record<string, number> = {};
  const figuresFile = () => path.join(cacheDir, `thela-search-figures.${process.pid}.json`);

  /** Runs one step, its time recorded under `label`. */
  async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await step();
    } finally {
      steps[label] = performance.now() - started;
    }
  }

  const startIndex = (logger: AstroIntegrationLogger) => {
    indexStarted = performance.now();
    return (index = startSearchIndex(paths, figuresFile(), logger.fork('thela:search-index')));
  };
  const awaitIndex = async (logger: AstroIntegrationLogger) => {
    steps['search index'] = (await (index ?? startIndex(logger))) - indexStarted;
    const given = readJson(figuresFile());
    if (given && typeof given === 'object') Object.assign(figures, given);
    await rm(figuresFile(), { force: true });
  };

  async function prepareImagesStep(logger: AstroIntegrationLogger): Promise<void> {
    const { formatImagesSummary, IMAGE_TIMEOUT_MS, imageOrigins, prepareImages } = await loadImages();
    let origins: Set<string>;
    try {
      origins = imageOrigins(env);
    } catch (error) {
      throw stepFailed((error as Error).message);
    }
    let urls: string[];
    try {
      // Astro's own read logs the catalogue's summary and skipped rows; this one stays quiet unless it fails.
      const catalogue = await loadCatalogue(catalogueOrigin(env), { info: () => {}, warn: () => {} });
      Object.assign(figures, {
        products: catalogue.products.length,
        categories: catalogue.categories.length,
        stores: catalogue.stores.length,
      });
      urls = remoteImageUrls(catalogue);
    } catch (error) {
      throw buildStopped(error);
    }
    const started = performance.now();
    // 10,000 new photos take about half an hour: the step says how far it is.
    const progress = startProgress({ unit: 'photos', total: urls.length, log: (line) => logger.info(`images: ${line}`) });
    const result = await prepareImages(urls, {
      cacheDir,
      origins,
      cdnPrefix: supabaseObjectPrefix(env['PUBLIC_IMAGE_CDN'], env['PUBLIC_SUPABASE_URL']),
      timeoutMs: Number(env['THELA_IMAGE_TIMEOUT_MS']) || IMAGE_TIMEOUT_MS,
      warn: (line) => {
        progress.clear();
        logger.warn(line);
      },
      onPhoto: () => progress.tick(),
    });
    progress.clear();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    Object.assign(figures, { imagesOptimised: result.optimised, imagesReused: result.reused, imagesFailed: result.failed });
    Object.assign(figures, { imageRequests: result.requests, imagesEncoded: result.encoded });
    logger.info(`${formatImagesSummary(result)} [${result.requests} requests, ${result.encoded} files encoded, ${seconds} s]`);
  }

  const start: AstroIntegration = {
    name: 'thela:build-start',
    hooks: {
      'astro:config:setup': ({ command, config }) => {
        active = command === 'build';
        if (!active) return;
        at.setup = performance.now();
        outDir = path.resolve(fileURLToPath(config.outDir));
        cacheDir = path.resolve(fileURLToPath(config.cacheDir));
        full = process.argv.includes('--force') || process.env['THELA_FULL_BUILD'] === '1';
        // The index's process and the after-steps reuse nothing either (scripts/lib/file-results.ts).
        if (full) process.env['THELA_FULL_BUILD'] = '1';
        // The variables as Astro reads them: the .env files, with the process environment on top.
        env = { ...loadEnv('production', process.cwd(), ''), ...process.env };
      },
      'astro:build:start': async ({ logger }) => {
        if (!active) return;
        at.start = performance.now();
        const { searchIndexPaths, searchIndexTiming } = await loadSearchIndex();
        try {
          timing = searchIndexTiming(env);
          paths = searchIndexPaths({ ...env, THELA_BUILD_CACHE: cacheDir });
        } catch (error) {
          throw stepFailed((error as Error).message);
        }
        // Before anything empties the output folder: the index there is moved aside, to link its unchanged fragments.
        await keepLastIndex(paths.fragments, outDir, paths.kept);
        // Astro's pages, the photos and the index all read this one snapshot (pages in this process, the index in its own).
        const file = path.join(cacheDir, `thela-catalogue.${process.pid}.json`);
        try {
          snapshot = await timed('catalogue', () => snapshotCatalogue(catalogueOrigin(env), file));
        } catch (error) {
          throw buildStopped(error);
        }
        if (snapshot) {
          process.env[SNAPSHOT_VARIABLE] = snapshot;
          env[SNAPSHOT_VARIABLE] = snapshot;
          process.once('exit', () => rmSync(file, { force: true }));
        }
        process.env['THELA_IMAGES_FILE'] = (await loadImages()).imageCachePaths(cacheDir).state;
        env['THELA_IMAGES_FILE'] = process.env['THELA_IMAGES_FILE'];
        // The photos first: the pages and the search index both name the optimised files.
        await timed('images', () => prepareImagesStep(logger));
        if (timing === 'beside') void startIndex(logger);
        astroStarted = performance.now();
      },
    },
  };

  const finish: AstroIntegration = {
    name: 'thela:build-finish',
    hooks: {
      'astro:build:generated': () => {
        at.generated = performance.now();
      },
      'astro:build:done': async ({ logger, assets }) => {
        if (!active) return;
        steps['astro'] = performance.now() - astroStarted;
        const [{ installImages }, { installSearchIndex }, { buildServiceWorker }, { runSiteChecks }] = await Promise.all([
          loadImages(),
          loadSearchIndex(),
          import('../lib/service-worker.ts'),
          import('../lib/site-checks.ts'),
        ]);
        // Astro emptied the output folder as it started: the photos are linked in, then the finished index moved in.
        await installImages(cacheDir, outDir);
        await awaitIndex(logger);
        await installSearchIndex(paths, outDir);
        // Its precache manifest lists the index's files: it waits for the index to be in the site.
        const sw = await timed('service worker', () => buildServiceWorker(outDir, { supabaseUrl: env['PUBLIC_SUPABASE_URL'] ?? '' }));
        for (const warning of sw.warnings) logger.warn(warning);
        if (sw.missingPages.length) logger.warn(`not precached (no such page yet): ${sw.missingPages.join(', ')}`);
        logger.info(`sw.js precaches ${sw.urls.length} files, ${(sw.bytes / 1024).toFixed(1)} KiB (release ${sw.release})`);
        // Last: it reads everything the others wrote, and writes the security headers.
        const checks = await timed('site checks', () => runSiteChecks(outDir, env));
        for (const problem of checks.problems) logger.error(problem);
        if (checks.problems.length) throw stepFailed('the site checks failed: the build stopped (the lines above say why)');
        logger.info(checks.summary);
        figures['links'] = checks.links;
        if (snapshot) await rm(snapshot, { force: true });
        const counts = pages ?? { rendered: [...assets.values()].reduce((sum, urls) => sum + urls.length, 0), reused: 0 };
        const rendering = renders.startedAt ?? at.generated;
        const phases = {
          startup: at.setup,
          prepare: astroStarted - at.start,
          bundle: rendering - astroStarted,
          render: at.generated - rendering,
          finish: performance.now() - at.generated,
        };
        const record: BuildRecord = { full, pages: counts, steps: { ...steps }, figures, phases, renderShare: renders.byFolder };
        await writeBuildRecord(buildRecordPath({ ...env, THELA_BUILD_CACHE: cacheDir }), record);
        logger.info(`steps: ${formatStepTimes(steps)}`);
        logger.info(`${formatPageSummary(counts)}${full ? ' (full build)' : ''}`);
      },
    },
  };

  return {
    start,
    finish,
    notePages: (counts, times) => {
      pages = counts;
      renders = times;
    },
  };
}
