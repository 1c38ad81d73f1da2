import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { moveFromCache } from '../../scripts/lib/build-cache.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder `cache/out` holding `page/index.html`, under a new temporary folder in `parent`. */
function folderIn(parent: string): { root: string; from: string } {
  const root = mkdtempSync(path.join(parent, 'thela-move-'));
  dirs.push(root);
  const from = path.join(root, 'cache', 'out');
  mkdirSync(path.join(from, 'page'), { recursive: true });
  writeFileSync(path.join(from, 'page', 'index.html'), '<p>page</p>');
  return { root, from };
}

// A move from another file system cannot be a rename (tests/support/other-file-system.setup.ts provides one).
const otherFileSystem = inject('otherFileSystem');

describe('moveFromCache', () => {
  test('on one file system, renames: the same file, nothing left behind', async () => {
    const { root, from } = folderIn(tmpdir());
    const inode = statSync(path.join(from, 'page', 'index.html')).ino;
    await moveFromCache(from, path.join(root, 'site'));
    expect(statSync(path.join(root, 'site', 'page', 'index.html')).ino).toBe(inode);
    expect(existsSync(from)).toBe(false);
  });

  test('across file systems, copies and removes the source', async (context) => {
    if (otherFileSystem === null) return context.skip(inject('otherFileSystemMissing'));
    const { from } = folderIn(otherFileSystem);
    const { root } = folderIn(tmpdir());
    await moveFromCache(from, path.join(root, 'site'));
    expect(readFileSync(path.join(root, 'site', 'page', 'index.html'), 'utf8')).toBe('<p>page</p>');
    expect(existsSync(from)).toBe(false);
  });
});
