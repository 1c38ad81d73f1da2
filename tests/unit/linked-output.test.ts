import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { guardSharedFiles, linkCachedOutput } from '../../scripts/lib/linked-output.ts';

const dirs: string[] = [];
const guards: { undo: () => void }[] = [];
afterEach(() => {
  for (const guard of guards.splice(0)) guard.undo();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An output folder and a cache folder, each with a `page/` subfolder, guarded as the integration guards them. */
function setUp(sharedInOutput?: ReadonlySet<string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'thela-linked-'));
  dirs.push(root);
  const output = path.join(root, 'out');
  const cache = path.join(root, 'cache', 'dist');
  for (const dir of [output, cache]) mkdirSync(path.join(dir, 'page'), { recursive: true });
  const guard = guardSharedFiles([output, path.join(root, 'cache')], { output, cache, ...(sharedInOutput ? { sharedInOutput } : {}) });
  guards.push(guard);
  return { output, cache, guard };
}

const inode = (file: string) => lstatSync(file).ino;

describe('guardSharedFiles: one write per rendered page', () => {
  test('the cache write of the same buffer links to the output file instead of writing it again', async () => {
    const { output, cache, guard } = setUp();
    const body = Buffer.from('<p>rendered</p>');
    await fs.promises.writeFile(path.join(output, 'page/index.html'), body);
    await fs.promises.writeFile(path.join(cache, 'page/index.html'), body);
    expect(inode(path.join(cache, 'page/index.html'))).toBe(inode(path.join(output, 'page/index.html')));
    expect([...guard.linkedOnWrite]).toEqual(['page/index.html']);
  });

  test('equal bytes in another buffer are written, not linked: only the same buffer proves the same bytes', async () => {
    const { output, cache, guard } = setUp();
    await fs.promises.writeFile(path.join(output, 'page/index.html'), Buffer.from('a'));
    await fs.promises.writeFile(path.join(cache, 'page/index.html'), Buffer.from('a'));
    expect(inode(path.join(cache, 'page/index.html'))).not.toBe(inode(path.join(output, 'page/index.html')));
    expect(guard.linkedOnWrite.size).toBe(0);
  });

  test('rewriting a page shared with the cache (and a release) leaves their copy alone', async () => {
    const { output, cache } = setUp();
    const first = Buffer.from('old');
    await fs.promises.writeFile(path.join(output, 'page/index.html'), first);
    await fs.promises.writeFile(path.join(cache, 'page/index.html'), first);
    // A release linked to the same file, as the operators' releases are.
    fs.linkSync(path.join(cache, 'page/index.html'), path.join(output, 'release-copy.html'));
    const second = Buffer.from('new');
    await fs.promises.writeFile(path.join(output, 'page/index.html'), second);
    await fs.promises.writeFile(path.join(cache, 'page/index.html'), second);
    expect(readFileSync(path.join(output, 'page/index.html'), 'utf8')).toBe('new');
    expect(readFileSync(path.join(cache, 'page/index.html'), 'utf8')).toBe('new');
    expect(readFileSync(path.join(output, 'release-copy.html'), 'utf8')).toBe('old');
  });

  test('the cache write links over a cache copy from an earlier build (a full build over its cache)', async () => {
    const { output, cache, guard } = setUp();
    await fs.promises.mkdir(path.join(cache, 'page'), { recursive: true });
    fs.writeFileSync(path.join(cache, 'page/index.html'), 'earlier');
    const body = Buffer.from('<p>now</p>');
    await fs.promises.writeFile(path.join(output, 'page/index.html'), body);
    await fs.promises.writeFile(path.join(cache, 'page/index.html'), body);
    expect(inode(path.join(cache, 'page/index.html'))).toBe(inode(path.join(output, 'page/index.html')));
    expect(readFileSync(path.join(cache, 'page/index.html'), 'utf8')).toBe('<p>now</p>');
    expect([...guard.linkedOnWrite]).toEqual(['page/index.html']);
  });

  test('with the files linked into an emptied output folder given, those and pages linked on write are still guarded', async () => {
    const { output, cache } = setUp(new Set(['page/linked.html']));
    // Linked in at the start (a reused page), and shared with a release.
    fs.writeFileSync(path.join(cache, 'page/linked.html'), 'cached');
    fs.linkSync(path.join(cache, 'page/linked.html'), path.join(output, 'page/linked.html'));
    await fs.promises.writeFile(path.join(output, 'page/linked.html'), Buffer.from('rendered'));
    expect(readFileSync(path.join(cache, 'page/linked.html'), 'utf8')).toBe('cached');
    // Rendered, its cache copy linked on write, then written again: the cache keeps the first bytes.
    const first = Buffer.from('first');
    await fs.promises.writeFile(path.join(output, 'page/index.html'), first);
    await fs.promises.writeFile(path.join(cache, 'page/index.html'), first);
    await fs.promises.writeFile(path.join(output, 'page/index.html'), Buffer.from('second'));
    expect(readFileSync(path.join(cache, 'page/index.html'), 'utf8')).toBe('first');
    expect(readFileSync(path.join(output, 'page/index.html'), 'utf8')).toBe('second');
  });

  test('undo restores the plain writes', async () => {
    const { output, cache, guard } = setUp();
    guard.undo();
    const body = Buffer.from('x');
    await fs.promises.writeFile(path.join(output, 'page/index.html'), body);
    await fs.promises.writeFile(path.join(cache, 'page/index.html'), body);
    expect(inode(path.join(cache, 'page/index.html'))).not.toBe(inode(path.join(output, 'page/index.html')));
  });
});

// /dev/shm is a file system of its own on the machines this runs on: no link from it can be made.
const otherDevice = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev;

describe('linkCachedOutput', () => {
  test.skipIf(!otherDevice)('a cache on another file system links nothing and does not fail (Astro copies instead)', async () => {
    const cache = mkdtempSync('/dev/shm/thela-linked-');
    const out = mkdtempSync(path.join(tmpdir(), 'thela-linked-out-'));
    try {
      mkdirSync(path.join(cache, 'dist', 'p'), { recursive: true });
      writeFileSync(path.join(cache, 'dist', 'index.html'), 'home');
      writeFileSync(path.join(cache, 'dist', 'p', 'index.html'), 'page');
      expect(await linkCachedOutput(cache, out, ['index.html', 'p/index.html', 'gone/index.html'])).toEqual([]);
    } finally {
      rmSync(cache, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    }
  });
});
