import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { listFiles, openFileResults, resultsFor } from '../../scripts/lib/file-results.ts';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function site(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'file-results-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

/** One run of an after-step that counts the characters of each page, with its reads recorded. */
async function run(dir: string, store: string, scope = 'v1', reuse = true) {
  const results = await openFileResults<number>(store, scope, reuse);
  const read: string[] = [];
  const files = await listFiles(dir, (name) => name.endsWith('.html'));
  const values = await resultsFor(dir, files, results, (stale) =>
    stale.map((file) => {
      read.push(file);
      return readFileSync(path.join(dir, file)).length;
    }),
  );
  await results.save();
  return { values, read: read.sort(), hits: results.hits };
}

describe('file results kept between builds', () => {
  test('a rebuild reads only new or rewritten files, and gets the same results', async () => {
    const dir = site({ 'a.html': 'aaa', 'b.html': 'bb', 'c.txt': 'not a page' });
    const store = path.join(site({}), 'results.json');
    expect(await run(dir, store)).toEqual({ values: [3, 2], read: ['a.html', 'b.html'], hits: 0 });
    expect(await run(dir, store)).toEqual({ values: [3, 2], read: [], hits: 2 });
    // A rewritten page is a new file (a build never edits in place): read again; a new page too.
    rmSync(path.join(dir, 'b.html'));
    writeFileSync(path.join(dir, 'b.html'), 'bbbbb');
    writeFileSync(path.join(dir, 'd.html'), 'd');
    expect(await run(dir, store)).toEqual({ values: [3, 5, 1], read: ['b.html', 'd.html'], hits: 1 });
  });

  test('another scope (rules or secrets changed), reuse off, or an unreadable store: everything is read', async () => {
    const dir = site({ 'a.html': 'aaa' });
    const store = path.join(site({}), 'results.json');
    await run(dir, store);
    expect((await run(dir, store, 'v2')).read).toEqual(['a.html']);
    expect((await run(dir, store, 'v2', false)).read).toEqual(['a.html']);
    writeFileSync(store, '{not json');
    expect((await run(dir, store, 'v2')).read).toEqual(['a.html']);
  });

  test('only the files seen by the last run are kept', async () => {
    const dir = site({ 'a.html': 'aaa', 'b.html': 'bb' });
    const store = path.join(site({}), 'results.json');
    await run(dir, store);
    rmSync(path.join(dir, 'b.html'));
    await run(dir, store);
    writeFileSync(path.join(dir, 'b.html'), 'bb');
    expect((await run(dir, store)).read).toEqual(['b.html']);
  });
});

describe('listFiles', () => {
  test('every kept file of every folder, as sorted relative paths; linked folders are not followed', async () => {
    const dir = site({ 'index.html': '', 'robots.txt': '' });
    for (const folder of ['product/b', 'product/a', 'category/fruits/2']) {
      mkdirSync(path.join(dir, folder), { recursive: true });
      writeFileSync(path.join(dir, folder, 'index.html'), '');
    }
    writeFileSync(path.join(dir, 'product/a/data.json'), '{}');
    symlinkSync(path.join(dir, 'product'), path.join(dir, 'linked'));
    expect(await listFiles(dir, (name) => name.endsWith('.html'))).toEqual([
      'category/fruits/2/index.html',
      'index.html',
      'product/a/index.html',
      'product/b/index.html',
    ]);
    expect(await listFiles(dir, () => true)).toContain('product/a/data.json');
  });
});
