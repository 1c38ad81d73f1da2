/**
 * Per-file results of the build's after-steps, kept between builds under each file's identity (device, inode, size,
 * modification time) so a rebuild reads only new files. Why it is safe: docs/architecture.md, "File results".
 */
import { lstatSync, readFileSync, readdirSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { readJson, writeJsonAtomic } from './atomic-write.ts';
import { buildCacheDir } from './build-cache.ts';

/** The identity of a file: device, inode, size, modification time (ns). */
export function fileIdentity(stats: BigIntStats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}`;
}

/** Where the results named `name` live: beside Astro's incremental-build cache. */
export function fileResultsPath(name: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(buildCacheDir(env), 'thela-file-results', `${name}.json`);
}

interface Stored<T> {
  scope: string;
  files: Record<string, [string, T]>;
}

/** Opens stored results (`file` undefined: in memory only); empty when unreadable, of another scope or not to `reuse`. */
export async function openFileResults<T>(file: string | undefined, scope: string, reuse = true) {
  const stored = file && reuse ? (readJson(file) as Partial<Stored<T>> | null | undefined) : undefined;
  const previous: Record<string, [string, T]> =
    stored?.scope === scope && stored.files && typeof stored.files === 'object' ? stored.files : {};
  const next: Record<string, [string, T]> = {};
  let hits = 0;
  let misses = 0;
  return {
    /** The stored result of `name` when its identity is unchanged. */
    get(name: string, stats: BigIntStats): T | undefined {
      const entry = Object.hasOwn(previous, name) ? previous[name] : undefined;
      if (entry && entry[0] === fileIdentity(stats)) {
        hits++;
        next[name] = entry;
        return entry[1];
      }
      misses++;
      return undefined;
    },
    set(name: string, stats: BigIntStats, value: T): void {
      next[name] = [fileIdentity(stats), value];
    },
    /** Writes the results of the files seen (get or set) this run; nothing when opened without a file. */
    async save(): Promise<void> {
      if (file) await writeJsonAtomic(file, { scope, files: next } satisfies Stored<T>);
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
  };
}

/** Results of one after-step, by file (paths relative to the built site). */
export type FileResults<T> = Awaited<ReturnType<typeof openFileResults<T>>>;

/**
 * Every file under `dir` whose name passes `keep`, as relative '/' paths, sorted. Symbolic links are not followed.
 * A synchronous walk: over the 21,863 files of a 10,000-product build it took 0.18-0.22 s where a walk of the folders
 * side by side through promises took 0.40-1.07 s (and Node's recursive `readdir` 5.8 s).
 */
export async function listFiles(dir: string, keep: (name: string) => boolean): Promise<string[]> {
  const files: string[] = [];
  const folders = [''];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const entry of readdirSync(folder ? path.join(dir, folder) : dir, { withFileTypes: true })) {
      const file = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) folders.push(file);
      else if (entry.isFile() && keep(entry.name)) files.push(file);
    }
  }
  return files.sort();
}

/**
 * Runs `compute` over the bytes of each file of `dir` whose stored result is stale and returns every file's result in
 * the order of `files`. Read synchronously: the files were just written and sit in the page cache, and a 10,000-product
 * site's checks took 8.5-9.2 s with reads of 8 at a time through libuv against 6.7-7.0 s so.
 */
export function resultsFor<T>(
  dir: string,
  files: readonly string[],
  store: FileResults<T>,
  compute: (bytes: Buffer, file: string) => T,
): T[] {
  return files.map((file) => {
    const full = path.join(dir, file);
    const stats = lstatSync(full, { bigint: true });
    let value = store.get(file, stats);
    if (value === undefined) {
      value = compute(readFileSync(full), file);
      // Stored under the identity seen before reading: were the file replaced meanwhile, its new identity misses.
      store.set(file, stats, value);
    }
    return value;
  });
}
