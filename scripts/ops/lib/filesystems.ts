/**
 * Start-up check that the releases folder and the build cache are on one file system: Astro's moves and the build's hard links fail
 * across them (EXDEV), so every build would fail half-way. Said in one line, with the fix, before anything is built.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { OpsConfig } from './config.ts';

/** The build cache folder a rebuild's build uses: buildCacheDir, else Astro's default in the project. */
export function buildCacheFolder(config: OpsConfig): string {
  return config.buildCacheDir ?? path.join(config.projectDir, 'node_modules', '.astro');
}

/** The device of `dir`, or of its nearest existing parent (a cache folder not made yet will be made there). */
function deviceOf(dir: string): number | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      return statSync(at).dev;
    } catch {
      if (path.dirname(at) === at) return undefined;
    }
  }
}

/** One line when the releases folder and the build cache are on different file systems; undefined when they are not. */
export function fileSystemProblem(config: OpsConfig): string | undefined {
  const cache = buildCacheFolder(config);
  const releases = deviceOf(config.releasesDir);
  const cached = deviceOf(cache);
  if (releases === undefined || cached === undefined || releases === cached) return undefined;
  const suggestion = path.join(path.dirname(config.releasesDir), 'build-cache');
  return (
    `the releases folder ${config.releasesDir} and the build cache ${cache} are on different file systems, where a build ` +
    `cannot move or link files (EXDEV): set buildCacheDir to a folder on the releases' file system, e.g. "${suggestion}"`
  );
}
