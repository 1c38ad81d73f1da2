import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import type { Product } from '../../src/lib/catalogue/rows.ts';
import { categoryRow, milkProduct } from '../fixtures/catalogue-rows.ts';
import {
  installSearchIndex,
  searchBundleSize,
  searchIndexTiming,
  searchRecords,
  searchIndexPaths,
  type SearchIndexPaths,
  SearchIndexError,
  indexSearchRecords,
  prepareSearchRecords,
  preparedRecordsJson,
  readPreparedRecords,
} from '../../scripts/lib/search-index.ts';
import { keepLastIndex } from '../../scripts/lib/search-fragments.ts';
import { SEARCH_BUNDLE_SIZE, bundleDir, bundleOf, readBundlesFile } from '../../src/lib/search/bundles.ts';
import { parseVocabulary } from '../../src/lib/search/correction.ts';
import { productIdOfUrl, productUrl, searchRecordHtml } from '../../src/lib/search/record.ts';
import { normalizeWords } from '../../src/lib/search/normalize.ts';

const product = (id: string, extra: Partial<Product> = {}): Product =>
  milkProduct({ id, description: 'Not indexed: descriptions never reach the index.', ...extra });
const catalogue = {
  categories: [categoryRow('dairy', 'Dairy & Eggs', null), categoryRow('milk', 'Milk', 'dairy')],
  products: [
    product('zz-milk'),
    product('aa-tricky', { name: '<img src=x onerror=alert(1)> "Tea" & Co', original_price_paise: null, category_id: 'gone' }),
  ],
};

/** A fragment as Pagefind wrote it: `pagefind_dcd` then JSON. */
interface Fragment {
  url: string;
  content: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

async function fragments(dir: string): Promise<Fragment[]> {
  const folder = path.join(dir, 'fragment');
  const names = await readdir(folder);
  const texts = await Promise.all(names.map(async (name) => gunzipSync(await readFile(path.join(folder, name))).toString('utf8')));
  return texts.map((text) => JSON.parse(text.slice('pagefind_dcd'.length)) as Fragment).sort((a, b) => a.url.localeCompare(b.url));
}

/** The whole index step in this process. */
const writeSearchIndex = (catalogue: Parameters<typeof prepareSearchRecords>[0], paths: SearchIndexPaths, reuse = true) =>
  indexSearchRecords((again) => prepareSearchRecords(catalogue, paths, again), paths, reuse);

/** The step's folders in `dir`, its index written to `dir/<staging>`. */
const pathsIn = (dir: string, staging: string, bundleSize = SEARCH_BUNDLE_SIZE): SearchIndexPaths => ({
  staging: path.join(dir, staging),
  records: path.join(dir, 'records'),
  fragments: path.join(dir, 'fragments.json'),
  kept: path.join(dir, 'last'),
  prepared: path.join(dir, 'prepared.json'),
  bundleSize,
});

const temp: string[] = [];
afterEach(async () => {
  await Promise.all(temp.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('searchRecords', () => {
  test('one record per product, by id; its document escapes the markup of names', () => {
    const records = [...searchRecords(catalogue)];
    expect(records.map((r) => productUrl(r.id))).toEqual(['/product/aa-tricky/', '/product/zz-milk/']);
    const [tricky, milk] = records.map(searchRecordHtml);
    expect(tricky).not.toContain('<img');
    expect(tricky).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Tea&quot; &amp; Co');
    // The emphasis words (a name word that names the category) carry three times the weight.
    expect(milk).toContain('<p data-pagefind-weight="3">milk');
  });
});

describe('writeSearchIndex', () => {
  test("writes Pagefind's bundle with each record's text, meta and card filters", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    const staging = path.join(dir, 'staging');
    const summary = await writeSearchIndex(catalogue, pathsIn(dir, 'staging'));
    expect(summary.indexed).toBe(2);
    expect(summary.files).toMatchObject({ written: 2, kept: 0, removed: 0 });
    expect(summary.fragments).toEqual({ linked: 0, written: 2 });
    const [tricky, milk] = await fragments(staging);
    expect(milk).toMatchObject({
      url: '/product/zz-milk/',
      meta: { title: 'Amul Taaza Toned Milk', unit: '500 ml' },
      filters: {
        category: ['dairy'],
        card_id: ['zz-milk'],
        card_price_paise: ['2800'],
        card_original_price_paise: ['3000'],
        card_image: ['/images/catalogue/milk.svg'],
        card_unit_price: ['L:5600'],
        subcategory: ['milk'],
      },
    });
    // In stock: no stock mark.
    expect(milk?.filters['stock']).toBeUndefined();
    expect(milk?.content).not.toContain('descriptions');
    // Markup in a name is text in the index, never markup; an unknown category leaves the category filter out.
    expect(tricky?.meta['title']).toBe('<img src=x onerror=alert(1)> "Tea" & Co');
    expect(tricky?.filters['category']).toBeUndefined();
    expect(tricky?.filters['card_original_price_paise']).toBeUndefined();

    // The typo-correction vocabulary beside it: every word is one the index holds, counted once per product.
    const vocabulary = parseVocabulary(JSON.parse(await readFile(path.join(staging, 'vocabulary.json'), 'utf8')));
    const indexed = new Set(
      normalizeWords([tricky, milk].map((f) => `${f?.content} ${f?.meta['title']} ${f?.meta['unit']}`).join(' ')).split(' '),
    );
    const words = [...(vocabulary?.byLength.values() ?? [])].flatMap((bucket) => bucket.words);
    expect(words).toHaveLength(summary.words);
    // ...or a word of a brand or category name, which the correction must never change ("dairy", "eggs").
    const named = new Set(normalizeWords('Amul Milk Dairy & Eggs').split(' '));
    for (const word of words) expect(indexed.has(word) || named.has(word), word).toBe(true);
    for (const word of ['amul', 'taaza', 'toned', 'milk', 'doodh', 'tea', 'onerror', 'dairy', 'eggs'])
      expect(vocabulary?.has(word), word).toBe(true);
    // Counted once per product: the milk names it, and the other is Amul's too (its brand).
    expect(vocabulary?.count('amul')).toBe(2);
    expect(vocabulary?.count('toned')).toBe(1);

    // Installing moves the bundle into the site, replacing the index of the last build.
    const site = path.join(dir, 'site');
    await writeSearchIndex({ categories: catalogue.categories, products: [product('only')] }, pathsIn(path.join(dir, 'other'), 'old'));
    await installSearchIndex(pathsIn(path.join(dir, 'other'), 'old'), site);
    await installSearchIndex(pathsIn(dir, 'staging'), site);
    expect((await fragments(path.join(site, 'pagefind'))).map((f) => f.url)).toEqual(['/product/aa-tricky/', '/product/zz-milk/']);
    await expect(readFile(path.join(site, 'pagefind', 'pagefind.js'))).resolves.toBeTruthy();
    await expect(readdir(staging)).rejects.toThrow();
  });
});

describe('writeSearchIndex, products out of stock', () => {
  test('indexes them marked by the stock filter, their words in the vocabulary, spelling variants beside the name', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    const staging = path.join(dir, 'staging');
    const withSoldOut = {
      categories: [...catalogue.categories, categoryRow('curd-yogurt', 'Curd & Yogurt', 'dairy')],
      products: [
        product('zz-milk'),
        product('sold-out', { is_available: false, name: 'Gowardhan Cow Ghee', brand: 'Gowardhan' }),
        product('greek', { name: 'Epigamia Greek Yogurt', brand: 'Epigamia', category_id: 'curd-yogurt' }),
      ],
    };
    const summary = await writeSearchIndex(withSoldOut, pathsIn(dir, 'staging'));
    expect(summary.indexed).toBe(3);
    const byUrl = new Map((await fragments(staging)).map((f) => [f.url, f]));
    expect(byUrl.get('/product/sold-out/')?.filters).toMatchObject({ stock: ['out'], subcategory: ['milk'], card_id: ['sold-out'] });
    expect(byUrl.get('/product/zz-milk/')?.filters['stock']).toBeUndefined();
    // The British spelling of the catalogue's "Yogurt" is searchable (and so never corrected).
    expect(byUrl.get('/product/greek/')?.content).toContain('yoghurt');
    const vocabulary = parseVocabulary(JSON.parse(await readFile(path.join(staging, 'vocabulary.json'), 'utf8')));
    for (const word of ['gowardhan', 'ghee', 'cow', 'yoghurt', 'yogurt', 'curd']) expect(vocabulary?.has(word), word).toBe(true);
  });
});

describe('writeSearchIndex, again', () => {
  const urls = async (dir: string) => (await fragments(dir)).map((f) => `${f.url} ${f.meta['title']}`);

  test('rewrites only the record documents that changed, links the unchanged fragments, and holds exactly the new catalogue', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    const records = path.join(dir, 'records');
    const first = { categories: catalogue.categories, products: [product('a-milk'), product('b-milk'), product('c-milk')] };
    await writeSearchIndex(first, pathsIn(dir, 'one'));
    await installSearchIndex(pathsIn(dir, 'one'), path.join(dir, 'site-one'));
    const untouched = await stat(path.join(records, 'product', 'a-milk', 'index.html'));

    // One renamed, one gone from the catalogue, one new.
    const second = {
      categories: catalogue.categories,
      products: [product('a-milk'), product('b-milk', { name: 'Gokul Full Cream Milk' }), product('d-milk')],
    };
    const summary = await writeSearchIndex(second, pathsIn(dir, 'two'));
    expect(summary.files).toMatchObject({ written: 2, kept: 1, removed: 1 });
    expect([...summary.files.changed].sort()).toEqual(['b-milk', 'd-milk']);
    expect(await urls(path.join(dir, 'two'))).toEqual([
      '/product/a-milk/ Amul Taaza Toned Milk',
      '/product/b-milk/ Gokul Full Cream Milk',
      '/product/d-milk/ Amul Taaza Toned Milk',
    ]);
    expect((await stat(path.join(records, 'product', 'a-milk', 'index.html'))).mtimeMs).toBe(untouched.mtimeMs);
    await expect(stat(path.join(records, 'product', 'c-milk'))).rejects.toThrow();

    // The unchanged product's fragment is the last index's file, linked: the same inode, nothing written. The contract
    // of scripts/lib/search-fragments.ts with the installed Pagefind: it reads each written fragment's record id back.
    expect(
      summary.fragments,
      "no fragment linked: has Pagefind's fragment format changed? (FRAGMENT_PREFIX in scripts/lib/search-fragments.ts)",
    ).toEqual({ linked: 1, written: 2 });
    const inodes = async (folder: string) =>
      new Map(
        await Promise.all(
          (await readdir(path.join(folder, 'fragment'))).map(
            async (name) => [name, (await stat(path.join(folder, 'fragment', name))).ino] as const,
          ),
        ),
      );
    const [before, after] = [await inodes(path.join(dir, 'site-one', 'pagefind')), await inodes(path.join(dir, 'two'))];
    expect([...after].filter(([name, ino]) => before.get(name) === ino)).toHaveLength(1);
    expect(after.size).toBe(3);

    // The same index as a build that reused nothing.
    await writeSearchIndex(second, pathsIn(dir, 'full'), false);
    expect(await urls(path.join(dir, 'full'))).toEqual(await urls(path.join(dir, 'two')));
    expect([...(await inodes(path.join(dir, 'full'))).keys()].sort()).toEqual([...after.keys()].sort());
  });

  test('a catalogue that cannot be read keeps the fragments of the last index linkable', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    await writeSearchIndex(catalogue, pathsIn(dir, 'one'));
    await installSearchIndex(pathsIn(dir, 'one'), path.join(dir, 'site'));
    const unreadable = () => Promise.reject(new Error('Catalogue unavailable'));
    await expect(indexSearchRecords(unreadable, pathsIn(dir, 'two'))).rejects.toThrow('Catalogue unavailable');
    expect((await writeSearchIndex(catalogue, pathsIn(dir, 'three'))).fragments).toEqual({ linked: 2, written: 0 });
  });

  test('without the last index or its state, every fragment is written', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    await writeSearchIndex(catalogue, pathsIn(dir, 'one'));
    await installSearchIndex(pathsIn(dir, 'one'), path.join(dir, 'site'));
    await rm(path.join(dir, 'site'), { recursive: true });
    expect((await writeSearchIndex(catalogue, pathsIn(dir, 'two'))).fragments).toEqual({ linked: 0, written: 2 });
    await rm(pathsIn(dir, 'two').fragments);
    expect((await writeSearchIndex(catalogue, pathsIn(dir, 'three'))).fragments).toEqual({ linked: 0, written: 2 });
    expect((await fragments(path.join(dir, 'three'))).map((f) => f.url)).toEqual(['/product/aa-tricky/', '/product/zz-milk/']);
  });

  test('a build into the folder of the last index (which Astro empties) still links its fragments', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    const site = path.join(dir, 'dist');
    await writeSearchIndex(catalogue, pathsIn(dir, 'one'));
    await installSearchIndex(pathsIn(dir, 'one'), site);
    // As the build does before Astro starts (scripts/integrations/build-steps.ts): the index moves aside, out of the folder about to be emptied.
    await keepLastIndex(pathsIn(dir, 'two').fragments, site, pathsIn(dir, 'two').kept);
    await rm(site, { recursive: true });
    expect((await writeSearchIndex(catalogue, pathsIn(dir, 'two'))).fragments).toEqual({ linked: 2, written: 0 });
    await installSearchIndex(pathsIn(dir, 'two'), site);
    expect((await fragments(path.join(site, 'pagefind'))).map((f) => f.url)).toEqual(['/product/aa-tricky/', '/product/zz-milk/']);
    await expect(stat(path.join(dir, 'last'))).rejects.toThrow();
    // A build into another folder (a new release) leaves the last index where it is.
    await keepLastIndex(pathsIn(dir, 'three').fragments, path.join(dir, 'release-2'), pathsIn(dir, 'three').kept);
    await expect(stat(path.join(site, 'pagefind', 'pagefind.js'))).resolves.toBeTruthy();
  });

  test('a folder that is not what its manifest says is written again from nothing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    const records = path.join(dir, 'records');
    await writeSearchIndex(catalogue, pathsIn(dir, 'one'));

    // A stray document: Pagefind would index it, so the step starts again and leaves it out.
    await mkdir(path.join(records, 'product', 'stray'), { recursive: true });
    await writeFile(
      path.join(records, 'product', 'stray', 'index.html'),
      '<html><body><div data-search-product data-pagefind-body><p>Stray</p></div></body></html>',
    );
    const summary = await writeSearchIndex(catalogue, pathsIn(dir, 'two'));
    expect(summary.files).toMatchObject({ written: 2, kept: 0, removed: 0 });
    expect((await fragments(path.join(dir, 'two'))).map((f) => f.url)).toEqual(['/product/aa-tricky/', '/product/zz-milk/']);

    // No manifest (a run stopped between its writes): nothing is trusted, everything is written.
    await rm(path.join(records, 'records.json'));
    expect((await writeSearchIndex(catalogue, pathsIn(dir, 'three'))).files).toMatchObject({ written: 2, kept: 0, removed: 0 });
  });

  test('a full build writes every document over the folder and removes the rest, without emptying it first', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    const records = path.join(dir, 'records');
    const first = { categories: catalogue.categories, products: [product('a-milk'), product('b-milk'), product('c-milk')] };
    await writeSearchIndex(first, pathsIn(dir, 'one'));
    const folderOfA = (await stat(path.join(records, 'product', 'a-milk'))).ino;
    // A stray file where a product's folder would be.
    await writeFile(path.join(records, 'product', 'd-milk'), 'not a folder');

    const second = {
      categories: catalogue.categories,
      products: [product('a-milk'), product('b-milk', { name: 'Gokul Full Cream Milk' }), product('d-milk')],
    };
    const summary = await writeSearchIndex(second, pathsIn(dir, 'two'), false);
    expect(summary.files).toMatchObject({ written: 3, kept: 0 });
    expect((await readdir(path.join(records, 'product'))).sort()).toEqual(['a-milk', 'b-milk', 'd-milk']);
    // Written over, not removed and made again.
    expect((await stat(path.join(records, 'product', 'a-milk'))).ino).toBe(folderOfA);
    expect(await urls(path.join(dir, 'two'))).toEqual([
      '/product/a-milk/ Amul Taaza Toned Milk',
      '/product/b-milk/ Gokul Full Cream Milk',
      '/product/d-milk/ Amul Taaza Toned Milk',
    ]);
  });

  test('the step works in the build cache', () => {
    expect(searchIndexPaths({ THELA_BUILD_CACHE: '/var/cache/thela' })).toEqual({
      staging: '/var/cache/thela/thela-search-index',
      records: '/var/cache/thela/thela-search-records',
      fragments: '/var/cache/thela/thela-search-fragments.json',
      kept: '/var/cache/thela/thela-search-last',
      prepared: '/var/cache/thela/thela-search-prepared.json',
      bundleSize: SEARCH_BUNDLE_SIZE,
    });
  });

  test('the records step hands over ids, changes and vocabulary in a file, read back whole or not at all', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    const prepared = await prepareSearchRecords(catalogue, pathsIn(dir, 'staging'));
    expect(prepared).toMatchObject({ ids: ['aa-tricky', 'zz-milk'], bundles: 1, files: { written: 2, kept: 0, removed: 0 } });
    const text = preparedRecordsJson(prepared);
    expect(readPreparedRecords(text)).toEqual(prepared);
    expect(readPreparedRecords(text)?.files.changed).toEqual(new Set(['aa-tricky', 'zz-milk']));
    const noBundles = [text.replace('"bundles":1', '"bundles":0'), text.replace('"bundles":1,', '')];
    for (const broken of [
      '',
      '{',
      'null',
      '[]',
      text.replace('"ids":[', '"ids":[1,'),
      text.replace('"written":2', '"written":-2'),
      ...noBundles,
    ])
      expect(readPreparedRecords(broken), broken.slice(0, 40)).toBeNull();
  });
});

describe('writeSearchIndex, in bundles', () => {
  // THELA_SEARCH_BUNDLE_SIZE 4 makes 3 bundles of these 10 (ids spread by hash: 5, 2 and 3).
  const ten = { categories: catalogue.categories, products: Array.from({ length: 10 }, (_, i) => product(`milk-${i + 1}`)) };
  const allUrls = ten.products.map((p) => productUrl(p.id)).sort();
  const idsOf = (urls: string[]) => urls.map((url) => productIdOfUrl(url) ?? url).sort();

  /** The URLs of each bundle's fragments, bundle by bundle. */
  const bundleUrls = async (staging: string, count: number) =>
    Promise.all(Array.from({ length: count }, async (_, k) => (await fragments(path.join(staging, bundleDir(k)))).map((f) => f.url)));
  /** The pages each bundle's Pagefind read, from its entry file. */
  const pageCount = async (folder: string) =>
    (JSON.parse(await readFile(path.join(folder, 'pagefind-entry.json'), 'utf8')) as { languages: { en: { page_count: number } } })
      .languages.en.page_count;
  const bundleFolders = async (folder: string) => (await readdir(folder)).filter((name) => name.startsWith('bundle-')).sort();
  const recordIds = async (folder: string) => (await readdir(path.join(folder, 'product'))).sort();

  test("every product is in exactly one bundle, its hash's; bundle 0 at the top, the others in bundle-k, listed in bundles.json", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    const staging = path.join(dir, 'staging');
    const summary = await writeSearchIndex(ten, pathsIn(dir, 'staging', 4));
    expect(summary).toMatchObject({ indexed: 10, bundles: 3, fragments: { linked: 0, written: 10 } });
    const byBundle = await bundleUrls(staging, 3);
    expect(byBundle.flat().sort()).toEqual(allUrls);
    for (const [k, urls] of byBundle.entries()) {
      expect(urls.length, `bundle ${k}`).toBeGreaterThan(0);
      for (const id of idsOf(urls)) expect(bundleOf(id, 3), id).toBe(k);
      expect(await pageCount(path.join(staging, bundleDir(k)))).toBe(urls.length);
      // The records of each bundle in its own folder, bundle 0's where they always were.
      expect(await recordIds(path.join(dir, 'records', bundleDir(k)))).toEqual(idsOf(urls));
    }
    expect(await bundleFolders(staging)).toEqual(['bundle-1', 'bundle-2']);
    expect(readBundlesFile(JSON.parse(await readFile(path.join(staging, 'bundles.json'), 'utf8')))).toEqual(['bundle-1/', 'bundle-2/']);
    // One vocabulary, of the whole catalogue, beside bundle 0 only.
    await expect(stat(path.join(staging, 'vocabulary.json'))).resolves.toBeTruthy();
    await expect(stat(path.join(staging, 'bundle-1', 'vocabulary.json'))).rejects.toThrow();

    const site = path.join(dir, 'site');
    await installSearchIndex(pathsIn(dir, 'staging', 4), site);
    await expect(stat(path.join(site, 'pagefind', 'bundle-2', 'pagefind.js'))).resolves.toBeTruthy();
  });

  test('a rebuild with one product changed links every other fragment, in every bundle, and writes one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    await writeSearchIndex(ten, pathsIn(dir, 'one', 4));
    await installSearchIndex(pathsIn(dir, 'one', 4), path.join(dir, 'site'));
    const changed = { ...ten, products: ten.products.map((p) => (p.id === 'milk-7' ? { ...p, name: 'Gokul Full Cream Milk' } : p)) };
    const summary = await writeSearchIndex(changed, pathsIn(dir, 'two', 4));
    expect(summary.files).toMatchObject({ written: 1, kept: 9, removed: 0 });
    expect(summary.fragments).toEqual({ linked: 9, written: 1 });
    // Linked: the installed index's own files (the same inode) in each bundle, but for the changed product's.
    for (let k = 0; k < 3; k++) {
      const folder = (root: string) => path.join(root, bundleDir(k), 'fragment');
      const [before, after] = [folder(path.join(dir, 'site', 'pagefind')), folder(path.join(dir, 'two'))];
      const names = await readdir(after);
      const same = await Promise.all(
        names.map(
          async (name) => (await stat(path.join(before, name)).catch(() => null))?.ino === (await stat(path.join(after, name))).ino,
        ),
      );
      expect(same.filter(Boolean).length, `bundle ${k}`).toBe(names.length - (bundleOf('milk-7', 3) === k ? 1 : 0));
    }
    // The same bundles as a build that reused nothing.
    await writeSearchIndex(changed, pathsIn(dir, 'full', 4), false);
    const titles = async (staging: string) =>
      Promise.all(
        [0, 1, 2].map(async (k) => (await fragments(path.join(staging, bundleDir(k)))).map((f) => `${f.url} ${f.meta['title']}`)),
      );
    expect(await titles(path.join(dir, 'two'))).toEqual(await titles(path.join(dir, 'full')));
    expect((await titles(path.join(dir, 'two'))).flat()).toContain('/product/milk-7/ Gokul Full Cream Milk');
  });

  test('another number of bundles reuses nothing and removes the folders of bundles there are no more of', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    const records = path.join(dir, 'records');
    await writeSearchIndex(ten, pathsIn(dir, 'three', 4));
    await installSearchIndex(pathsIn(dir, 'three', 4), path.join(dir, 'site'));
    expect(await bundleFolders(records)).toEqual(['bundle-1', 'bundle-2']);

    const two = await writeSearchIndex(ten, pathsIn(dir, 'two', 5));
    expect(two).toMatchObject({ bundles: 2, files: { written: 10, kept: 0 }, fragments: { linked: 0, written: 10 } });
    expect(await bundleFolders(records)).toEqual(['bundle-1']);
    expect(await bundleFolders(path.join(dir, 'two'))).toEqual(['bundle-1']);
    const byBundle = await bundleUrls(path.join(dir, 'two'), 2);
    expect(byBundle.flat().sort()).toEqual(allUrls);
    // No document left in the bundle it was in before.
    for (const [k, urls] of byBundle.entries()) expect(await recordIds(path.join(records, bundleDir(k)))).toEqual(idsOf(urls));

    const one = await writeSearchIndex(ten, pathsIn(dir, 'one'));
    expect(one).toMatchObject({ bundles: 1, files: { written: 10, kept: 0 } });
    expect((await readdir(records)).sort()).toEqual(['product', 'records.json']);
    expect(await recordIds(records)).toEqual(idsOf(allUrls));
  });

  test("one bundle is today's layout: no bundle folder, an empty list in bundles.json", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    const staging = path.join(dir, 'staging');
    // As many products as a bundle holds: still one.
    expect(await writeSearchIndex(ten, pathsIn(dir, 'staging', 10))).toMatchObject({ indexed: 10, bundles: 1 });
    expect(await bundleFolders(staging)).toEqual([]);
    expect((await readdir(path.join(dir, 'records'))).sort()).toEqual(['product', 'records.json']);
    expect((await fragments(staging)).map((f) => f.url)).toEqual(allUrls);
    expect(await pageCount(staging)).toBe(10);
    expect(await readFile(path.join(staging, 'bundles.json'), 'utf8')).toBe('{"bundles":[]}');
  });
});

describe('searchBundleSize', () => {
  test('SEARCH_BUNDLE_SIZE unless THELA_SEARCH_BUNDLE_SIZE says another positive whole number; anything else is refused by name', () => {
    expect(searchBundleSize({})).toBe(SEARCH_BUNDLE_SIZE);
    expect(searchBundleSize({ THELA_SEARCH_BUNDLE_SIZE: ' ' })).toBe(SEARCH_BUNDLE_SIZE);
    expect(searchBundleSize({ THELA_SEARCH_BUNDLE_SIZE: ' 4 ' })).toBe(4);
    for (const value of ['0', 'abc', '1.5', '-3', '1e3', '99999999999999999999']) {
      expect(() => searchBundleSize({ THELA_SEARCH_BUNDLE_SIZE: value }), value).toThrow(SearchIndexError);
      expect(() => searchIndexPaths({ THELA_SEARCH_BUNDLE_SIZE: value }), value).toThrow(
        `THELA_SEARCH_BUNDLE_SIZE must be a positive whole number, not ${JSON.stringify(value)}`,
      );
    }
  });
});

describe('searchIndexTiming', () => {
  test('beside Astro unless THELA_SEARCH_INDEX says after; anything else is refused by name', () => {
    expect(searchIndexTiming({})).toBe('beside');
    expect(searchIndexTiming({ THELA_SEARCH_INDEX: '' })).toBe('beside');
    expect(searchIndexTiming({ THELA_SEARCH_INDEX: 'beside' })).toBe('beside');
    expect(searchIndexTiming({ THELA_SEARCH_INDEX: ' after ' })).toBe('after');
    expect(() => searchIndexTiming({ THELA_SEARCH_INDEX: 'later' })).toThrow(SearchIndexError);
    expect(() => searchIndexTiming({ THELA_SEARCH_INDEX: 'later' })).toThrow('THELA_SEARCH_INDEX must be "beside" or "after", not "later"');
  });
});
