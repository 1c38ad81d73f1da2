/**
 * The gate before a release goes live: required files exist (home page, 404 page, search index) and the page count
 * has not collapsed against the live release, unless forced.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { listFiles } from '../../lib/file-results.ts';

/** What the check found. */
export interface CheckResult {
  ok: boolean;
  pages: number;
  /** One line per problem; empty when ok. */
  problems: string[];
  /** Problems that --force overrode. */
  overridden: string[];
}

/** Options of checkRelease. */
export interface CheckOptions {
  requiredFiles: string[];
  /** Pages of the live release; undefined when there is none. */
  baselinePages?: number | undefined;
  maxPageDrop: number;
  force?: boolean | undefined;
}

/** Counts the .html files under a directory (every page Astro wrote, 404 included). */
export async function countPages(dir: string): Promise<number> {
  return (await listFiles(dir, (name) => name.endsWith('.html'))).length;
}

async function exists(file: string, directory: boolean): Promise<boolean> {
  try {
    const info = await stat(file);
    return directory ? info.isDirectory() : info.isFile();
  } catch {
    return false;
  }
}

/** Checks a built release directory. */
export async function checkRelease(dir: string, options: CheckOptions): Promise<CheckResult> {
  const problems: string[] = [];
  const overridden: string[] = [];
  for (const required of options.requiredFiles) {
    const directory = required.endsWith('/');
    if (!(await exists(path.join(dir, required), directory))) problems.push(`missing ${required}${directory ? ' (directory)' : ''}`);
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
