/**
 * The build cache: Astro's incremental-build cache (astro.config.mjs `cacheDir`) and the build steps' own folders
 * beside it (the search index's, the file results'), kept between builds. THELA_BUILD_CACHE moves it out of the
 * project, as the operators' rebuilds do (docs/operators.md).
 */
import path from 'node:path';

/** The build cache's folder: THELA_BUILD_CACHE, default node_modules/.astro (Astro's default too). */
export function buildCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env['THELA_BUILD_CACHE'] || 'node_modules/.astro');
}
