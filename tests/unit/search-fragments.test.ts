import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import {
  mapFragments,
  noFragments,
  readFragmentState,
  seedFragments,
  writeFragmentState,
  type FragmentState,
} from '../../scripts/lib/search-fragments.ts';

const idFromUrl = (url: string) => /^\/product\/([^/]+)\/$/.exec(url)?.[1] ?? null;

/** Writes a fragment file as Pagefind does: gzip of `pagefind_dcd` then the JSON. */
async function fragment(dir: string, name: string, id: string): Promise<void> {
  await mkdir(path.join(dir, 'fragment'), { recursive: true });
  await writeFile(path.join(dir, 'fragment', `${name}.pf_fragment`), gzipSync(`pagefind_dcd${JSON.stringify({ url: `/product/${id}/` })}`));
}

const temp: string[] = [];
afterEach(async () => {
  await Promise.all(temp.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function setup(): Promise<{ last: string; staging: string; previous: FragmentState }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'thela-fragments-'));
  temp.push(dir);
  const last = path.join(dir, 'last');
  await fragment(last, 'en_aaa', 'a');
  await fragment(last, 'en_bbb', 'b');
  await fragment(last, 'en_ccc', 'c');
  const previous: FragmentState = {
    dir: last,
    bundles: 1,
    byId: new Map([
      ['a', 'en_aaa'],
      ['b', 'en_bbb'],
      ['c', 'en_ccc'],
    ]),
  };
  return { last, staging: path.join(dir, 'staging'), previous };
}

describe('fragments shared between builds', () => {
  test("unchanged records keep the last index's files; changed ones get what Pagefind wrote; unused links go", async () => {
    const { staging, previous } = await setup();
    // a and c unchanged (c since removed from the catalogue), b changed.
    const seeded = await seedFragments(previous, ['a', 'c'], staging);
    expect([...seeded].sort()).toEqual(['en_aaa', 'en_ccc']);
    await fragment(staging, 'en_b22', 'b');
    const byId = await mapFragments(staging, seeded, previous, new Set(['a', 'b']), new Set(['b']), idFromUrl);
    expect(byId).toEqual(
      new Map([
        ['b', 'en_b22'],
        ['a', 'en_aaa'],
      ]),
    );
    expect((await readdir(path.join(staging, 'fragment'))).sort()).toEqual(['en_aaa.pf_fragment', 'en_b22.pf_fragment']);
  });

  test('not trusted: a changed record with no fragment of its own (Pagefind skipped a linked name), or a fragment of no record', async () => {
    const { staging, previous } = await setup();
    const seeded = await seedFragments(previous, ['a'], staging);
    // b changed, but nothing was written for it.
    expect(await mapFragments(staging, seeded, previous, new Set(['a', 'b']), new Set(['b']), idFromUrl)).toBeNull();
    await fragment(staging, 'en_b22', 'b');
    await fragment(staging, 'en_zzz', 'stranger');
    expect(await mapFragments(staging, seeded, previous, new Set(['a', 'b']), new Set(['b']), idFromUrl)).toBeNull();
  });

  test('a missing last index links nothing; the state survives a round trip and refuses names that are paths', async () => {
    const { last, staging, previous } = await setup();
    await rm(last, { recursive: true });
    expect((await seedFragments(previous, ['a', 'b'], staging)).size).toBe(0);
    const file = path.join(staging, 'state.json');
    await writeFragmentState(file, previous);
    expect(await readFragmentState(file)).toEqual(previous);
    const { code } = JSON.parse(await readFile(file, 'utf8')) as { code: string };
    await writeFile(file, JSON.stringify({ version: 2, code, dir: last, bundles: 1, byId: { a: '../../etc/passwd', b: 'en_bbb' } }));
    expect((await readFragmentState(file)).byId).toEqual(new Map([['b', 'en_bbb']]));
    // Written by other indexing code or another Pagefind: nothing is linked.
    await writeFile(file, JSON.stringify({ version: 2, code: 'other', dir: last, bundles: 1, byId: { b: 'en_bbb' } }));
    expect(await readFragmentState(file)).toEqual(noFragments());
    await writeFile(file, '{not json');
    expect(await readFragmentState(file)).toEqual(noFragments());
  });

  test('the state remembers the number of bundles; one that does not (an older build) links nothing', async () => {
    const { last, staging, previous } = await setup();
    const file = path.join(staging, 'state.json');
    await writeFragmentState(file, { ...previous, bundles: 3 });
    expect(await readFragmentState(file)).toEqual({ ...previous, bundles: 3 });
    const byId = { a: 'en_aaa' };
    for (const stored of [
      { version: 1, dir: last, byId },
      { version: 2, dir: last, byId },
      { version: 2, dir: last, bundles: 0, byId },
    ]) {
      await writeFile(file, JSON.stringify(stored));
      expect(await readFragmentState(file), JSON.stringify(stored)).toEqual(noFragments());
    }
  });
});
