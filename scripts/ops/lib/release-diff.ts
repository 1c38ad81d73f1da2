/** What changed between two releases, by content (₹289 to ₹299 keeps every size): what publishing uploads, what dedupe links. */
import { randomBytes } from 'node:crypto';
import { link, lstat, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { releaseFiles } from './releases.ts';

const CHUNK = 64 * 1024;

/** Whether two files of the same size hold the same bytes (read side by side, stopping at the first difference). */
async function sameBytes(a: string, b: string, size: number): Promise<boolean> {
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

/** `file` against the same path in another release ('changed' if missing there); `sameDevice`: the one can be linked to the other. */
async function compareFile(file: string, base: string) {
  const [now, before] = await Promise.all([lstat(file), lstat(base).catch(() => null)]);
  const sameDevice = now.dev === before?.dev;
  let verdict: 'linked' | 'equal' | 'changed' = 'changed';
  if (before?.isFile()) {
    if (sameDevice && now.ino === before.ino) verdict = 'linked';
    else if (now.size === before.size && (await sameBytes(file, base, now.size))) verdict = 'equal';
  }
  return { verdict, size: now.size, sameDevice };
}

/** The files of `files` (relative to release folder `dir`) whose content differs from release folder `base`, in order. */
export async function changedFiles(dir: string, base: string, files: readonly string[]): Promise<string[]> {
  const verdicts = await pLimit(16).map(files, async (rel) => (await compareFile(path.join(dir, rel), path.join(base, rel))).verdict);
  return files.filter((_rel, index) => verdicts[index] === 'changed');
}

/** Hard-links each file of `newDir` equal to the same path in `baseDir` (safe while nothing writes into a release's files in place). */
export async function dedupeRelease(newDir: string, baseDir: string) {
  const files = await releaseFiles(newDir);
  const result = { files: files.length, linked: 0, bytesShared: 0 };
  await pLimit(8).map(files, async (rel) => {
    const fresh = path.join(newDir, rel);
    const old = path.join(baseDir, rel);
    const { verdict, size, sameDevice } = await compareFile(fresh, old);
    if (verdict !== 'equal' || !sameDevice) return;
    const temp = `${fresh}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await link(old, temp);
      await rename(temp, fresh);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    result.linked += 1;
    result.bytesShared += size;
  });
  return result;
}
