/**
 * What changed between two releases on disk, by content (sizes and times cannot tell: ₹289 to ₹299 keeps every size): hard-linked
 * files are equal without a read, different sizes differ, equal sizes are compared byte for byte.
 */
import { lstat, open } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';

const CHUNK = 64 * 1024;

/** Whether two files of the same size hold the same bytes (read side by side, stopping at the first difference). */
export async function sameBytes(a: string, b: string, size: number): Promise<boolean> {
  const [left, right] = await Promise.all([open(a, 'r'), open(b, 'r')]);
  try {
    const bufferA = Buffer.alloc(Math.min(CHUNK, size));
    const bufferB = Buffer.alloc(bufferA.length);
    for (let at = 0; at < size; at += CHUNK) {
      const length = Math.min(CHUNK, size - at);
      const [readA, readB] = await Promise.all([left.read(bufferA, 0, length, at), right.read(bufferB, 0, length, at)]);
      if (readA.bytesRead !== length || readB.bytesRead !== length) return false;
      if (!bufferA.subarray(0, length).equals(bufferB.subarray(0, length))) return false;
    }
    return true;
  } finally {
    await Promise.all([left.close(), right.close()]);
  }
}

/** Whether `rel` differs between release folders `dir` and `base` (missing from `base`: changed). */
async function fileChanged(dir: string, base: string, rel: string): Promise<boolean> {
  const [now, before] = await Promise.all([lstat(path.join(dir, rel)), lstat(path.join(base, rel)).catch(() => null)]);
  if (!before?.isFile()) return true;
  if (now.dev === before.dev && now.ino === before.ino) return false;
  if (now.size !== before.size) return true;
  return !(await sameBytes(path.join(dir, rel), path.join(base, rel), now.size));
}

/** The files of `files` (relative to release folder `dir`) whose content differs from release folder `base`, in order. */
export async function changedFiles(dir: string, base: string, files: readonly string[], concurrency = 16): Promise<string[]> {
  const changed = await pLimit(concurrency).map(files, (rel) => fileChanged(dir, base, rel));
  return files.filter((_rel, index) => changed[index]);
}
