/**
 * Releases share unchanged files: after a release is checked, each file equal to the live release's becomes a hard link to it (made
 * under a temporary name, renamed over). Safe only while nothing writes into a complete release's files in place.
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
