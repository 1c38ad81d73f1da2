/**
 * Rendering in several processes (issue 13): Astro renders a build's pages on one thread, so on its own a
 * 100,000-product build leaves the second core to the search index. With THELA_RENDER_PROCESSES=N, scripts/build.ts
 * runs N `astro build` processes side by side, each rendering the catalogue pages of its own shard
 * (src/lib/catalogue/render-shard.build.ts), then moves their pages into the one output folder (`mergeRenderedOutput`)
 * and writes one sitemap of them all (scripts/integrations/sitemap.ts).
 *
 * The first process writes into the build's output folder with the build's cache, as a one-process build does; each
 * other one into its own folders in the build cache (`renderRuns`), which its incremental cache keeps between
 * builds. Each process holds the whole catalogue, so memory grows with N (docs/operators.md, "Rendering in several processes").
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { moveFromCache } from './build-cache.ts';

/** The most render processes a build runs. */
export const MAX_RENDER_PROCESSES = 8;

/** Thrown when THELA_RENDER_PROCESSES is not a whole number from 1 to MAX_RENDER_PROCESSES. */
export class RenderProcessesError extends Error {}

/** Reads THELA_RENDER_PROCESSES: how many `astro build` processes render the pages (default 1). */
export function renderProcessCount(env: NodeJS.ProcessEnv = process.env): number {
  const value = env['THELA_RENDER_PROCESSES']?.trim() || '1';
  const count = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  if (!(count >= 1 && count <= MAX_RENDER_PROCESSES)) {
    throw new RenderProcessesError(
      `THELA_RENDER_PROCESSES must be a whole number from 1 to ${MAX_RENDER_PROCESSES}, not ${JSON.stringify(value)}`,
    );
  }
  return count;
}

/** One render process of a build: its shard, where it writes, and the variables that tell it so. */
export interface RenderRun {
  /** "i/N", as THELA_RENDER_SHARD. */
  shard: string;
  outDir: string;
  cacheDir: string;
  /**
   * Where the process runs (`astro build --root` the project). Astro bundles the pages it renders into
   * `<working folder>/.astro/.prerender/` when the output folder is outside the working folder (a release folder, or
   * the cache): two processes in one working folder would write and remove the same files. Inside the project, so
   * that bundle finds the project's packages.
   */
  cwd: string;
  env: { OUT_DIR: string; THELA_BUILD_CACHE: string; THELA_RENDER_SHARD: string };
}

/**
 * The `count` render processes of a build of the project at `root` into `outDir` with the cache `cacheDir`: the
 * first writes there itself, from `root`; each other into its own folder of the cache, from its own working folder
 * in the project's node_modules.
 */
export function renderRuns(count: number, root: string, outDir: string, cacheDir: string): RenderRun[] {
  return Array.from({ length: count }, (_, index) => {
    const own = path.join(cacheDir, `render-${index}`);
    const cwd = path.join(root, 'node_modules', '.thela-render', String(index));
    const run = index === 0 ? { outDir, cacheDir, cwd: root } : { outDir: path.join(own, 'out'), cacheDir: path.join(own, 'cache'), cwd };
    const shard = `${index}/${count}`;
    return { shard, ...run, env: { OUT_DIR: run.outDir, THELA_BUILD_CACHE: run.cacheDir, THELA_RENDER_SHARD: shard } };
  });
}

/**
 * Moves everything in `from` that `into` lacks into `into` (a folder at a time where `into` has none of it), and
 * returns how many files and folders were moved. What both hold (the pages without getStaticPaths, which every
 * process renders, and the bundles, which every process writes the same) stays as `into` has it. `from` is removed
 * after. A rename keeps each page's file, which the process's incremental cache shares (scripts/integrations/linked-output.ts).
 */
export async function mergeRenderedOutput(from: string, into: string): Promise<number> {
  const merge = async (source: string, target: string): Promise<number> => {
    const targetNames = new Set(await readdir(target).catch(() => [] as string[]));
    let moved = 0;
    for (const entry of await readdir(source, { withFileTypes: true })) {
      const sourcePath = path.join(source, entry.name);
      const targetPath = path.join(target, entry.name);
      if (!targetNames.has(entry.name)) {
        await moveFromCache(sourcePath, targetPath);
        moved++;
      } else if (entry.isDirectory()) {
        moved += await merge(sourcePath, targetPath);
      }
    }
    return moved;
  };
  await mkdir(into, { recursive: true });
  const moved = await merge(from, into);
  await rm(from, { recursive: true, force: true });
  return moved;
}
