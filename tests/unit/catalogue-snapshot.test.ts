/** The build's one read of a catalogue that can change under it (src/lib/catalogue/catalogue.build.ts, `snapshotCatalogue`). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { catalogueOrigin, readRawCatalogue, snapshotCatalogue, SNAPSHOT_VARIABLE } from '../../src/lib/catalogue/catalogue.build.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'thela-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sample = JSON.parse(readFileSync('src/data/sample-catalogue.json', 'utf8')) as Record<string, unknown[]>;

describe('the catalogue snapshot', () => {
  test("is every step's origin once the build has made it, whatever else is set", () => {
    const env = { [SNAPSHOT_VARIABLE]: '/tmp/s.json', PUBLIC_SUPABASE_URL: 'https://x.supabase.co', PUBLIC_SUPABASE_ANON_KEY: 'k' };
    expect(catalogueOrigin(env)).toEqual({ kind: 'snapshot', path: '/tmp/s.json', source: 'supabase' });
    expect(catalogueOrigin({ [SNAPSHOT_VARIABLE]: '/tmp/s.json', THELA_CATALOGUE_FILE: '/tmp/c.json' })).toMatchObject({ source: 'file' });
    expect(catalogueOrigin({ PUBLIC_SUPABASE_URL: 'https://x.supabase.co', PUBLIC_SUPABASE_ANON_KEY: 'k' }).kind).toBe('supabase');
  });

  test('holds the rows as read, and later reads of it do not see the file change', async () => {
    const file = path.join(dir, 'catalogue.json');
    writeFileSync(file, JSON.stringify(sample));
    const snapshot = await snapshotCatalogue({ kind: 'file', path: file }, path.join(dir, 'snapshot.json'));
    expect(snapshot).toBe(path.join(dir, 'snapshot.json'));
    writeFileSync(file, JSON.stringify({ ...sample, products: [] }));
    const read = await readRawCatalogue(catalogueOrigin({ [SNAPSHOT_VARIABLE]: snapshot! }));
    expect(read.products).toHaveLength(sample['products']!.length);
    expect(read.categories).toEqual(sample['categories']);
  });

  test('is not made for the sample or a synthetic catalogue, which are code and read the same every time', async () => {
    expect(await snapshotCatalogue({ kind: 'sample' }, path.join(dir, 'a.json'))).toBeNull();
    expect(await snapshotCatalogue({ kind: 'synthetic', size: 10 }, path.join(dir, 'b.json'))).toBeNull();
  });
});
