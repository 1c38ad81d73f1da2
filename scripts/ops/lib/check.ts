/** A rebuild's gates: releases and build cache on one file system (before building), the release check (before going live). */
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { listFiles } from '../../lib/file-results.ts';
import type { OpsConfig } from './config.ts';

/** `baselinePages`: the live release's, undefined when there is none. */
interface CheckOptions {
  requiredFiles: string[];
  baselinePages?: number | undefined;
  maxPageDrop: number;
  force?: boolean | undefined;
}

/** The .html files under a directory (every page Astro wrote, 404 included). */
export async function countPages(dir: string): Promise<number> {
  return (await listFiles(dir, (name) => name.endsWith('.html'))).length;
}

/** Checks a built release directory: its pages, one line per problem (none when ok) and per problem --force overrode. */
export async function checkRelease(dir: string, options: CheckOptions) {
  const problems: string[] = [];
  const overridden: string[] = [];
  for (const required of options.requiredFiles) {
    const directory = required.endsWith('/');
    const info = await stat(path.join(dir, required)).catch(() => null);
    if (!(directory ? info?.isDirectory() : info?.isFile())) problems.push(`missing ${required}${directory ? ' (directory)' : ''}`);
  }
  const pages = await countPages(dir).catch(() => 0);
  if (pages === 0) problems.push('no HTML pages');
  const baseline = options.baselinePages;
  if (baseline && pages > 0) {
    const drop = (baseline - pages) / baseline;
    if (drop > options.maxPageDrop) {
      const message = `page count fell from ${baseline} to ${pages} (-${Math.round(drop * 100)}%, limit ${Math.round(options.maxPageDrop * 100)}%)`;
      (options.force ? overridden : problems).push(options.force ? `${message}; forced` : `${message}; use --force if this is intended`);
    }
  }
  return { ok: problems.length === 0, pages, problems, overridden };
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
  // The build cache folder a rebuild's build uses: buildCacheDir, else Astro's default in the project.
  const cache = config.buildCacheDir ?? path.join(config.projectDir, 'node_modules', '.astro');
  const releases = deviceOf(config.releasesDir);
  const cached = deviceOf(cache);
  if (releases === undefined || cached === undefined || releases === cached) return undefined;
  const suggestion = path.join(path.dirname(config.releasesDir), 'build-cache');
  return (
    `the releases folder ${config.releasesDir} and the build cache ${cache} are on different file systems, where a build ` +
    `cannot move or link files (EXDEV): set buildCacheDir to a folder on the releases' file system, e.g. "${suggestion}"`
  );
}
