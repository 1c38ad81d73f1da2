/**
 * The build cache: Astro's incremental-build cache (`cacheDir`) and the build steps' folders beside it, kept between builds.
 * THELA_BUILD_CACHE moves it out of the project, as the operators' rebuilds do (docs/operators.md).
 */
import { cp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { readJson, writeJsonAtomic } from './atomic-write.ts';
import { isRecord } from '../../src/lib/fields.ts';

/** The build cache's folder: THELA_BUILD_CACHE, default node_modules/.astro (Astro's default too). */
export function buildCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env['THELA_BUILD_CACHE'] || 'node_modules/.astro');
}

/** The fields a step kept with `writeCacheFile`, or null when missing, unreadable or of another version (start afresh). */
export async function readCacheFile(file: string, version: number): Promise<Record<string, unknown> | null> {
  const parsed = readJson(file);
  return isRecord(parsed) && parsed['version'] === version ? parsed : null;
}

/** Keeps `fields` in the cache as JSON with `version`, for `readCacheFile`: a whole file or the one before, never half. */
export async function writeCacheFile(file: string, version: number, fields: Record<string, unknown>): Promise<void> {
  await writeJsonAtomic(file, { version, ...fields });
}

/** The string values of `value` (an object read from a cache file) that pass `keep`, by key; anything else is left out. */
export function stringEntries(value: unknown, keep: (text: string) => boolean = () => true): Map<string, string> {
  if (!isRecord(value)) return new Map();
  return new Map(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && keep(entry[1])));
}

/** Moves `from` (in the build cache) to `to` with one rename, or across file systems a copy and a removal. */
export async function moveFromCache(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}
