/**
 * Releases share unchanged files: after a new release is built and checked, every file whose bytes equal the file at
 * the same path in the live release is replaced by a hard link to it, so a release costs about the bytes that
 * changed. Safe because complete releases are immutable (nothing writes into a release file in place: the build
 * writes fresh files before this runs, the marker is written to a new file and renamed) and because each link is made
 * under a temporary name and renamed over the file, so a reader sees the old copy or the link, never a gap.
 */
import { randomBytes } from 'node:crypto';
import { link, lstat, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { MARKER } from './releases.ts';
import { sameBytes } from './release-diff.ts';

/** What deduplication did. */
export interface DedupeResult {
  files: number;
  linked: number;
  /** Bytes no longer stored twice. */
  bytesShared: number;
}

async function* walk(dir: string, prefix = ''): AsyncGenerator<string> {
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(dir, rel);
    else if (entry.isFile()) yield rel;
  }
}

/** Hard-links files of `newDir` that equal the same path in `baseDir` (size first, then the bytes). */
export async function dedupeRelease(newDir: string, baseDir: string, concurrency = 8): Promise<DedupeResult> {
  const result: DedupeResult = { files: 0, linked: 0, bytesShared: 0 };
  const files = walk(newDir);
  const worker = async () => {
    for (;;) {
      const next = await files.next();
      if (next.done) return;
      const rel = next.value;
      if (rel === MARKER || rel.endsWith('.tmp')) continue;
      result.files += 1;
      const fresh = path.join(newDir, rel);
      const old = path.join(baseDir, rel);
      const [a, b] = await Promise.all([lstat(fresh), lstat(old).catch(() => null)]);
      if (!b || !b.isFile() || a.size !== b.size || (a.ino === b.ino && a.dev === b.dev)) continue;
      if (a.dev !== b.dev) continue;
      if (!(await sameBytes(fresh, old, a.size))) continue;
      const temp = `${fresh}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await link(old, temp);
        await rename(temp, fresh);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      result.linked += 1;
      result.bytesShared += a.size;
    }
  };
  // An async generator queues concurrent next() calls, so the workers share one walk.
  await Promise.all(Array.from({ length: concurrency }, worker));
  return result;
}
