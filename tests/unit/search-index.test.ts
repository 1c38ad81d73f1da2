import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import type { Product } from '../../src/lib/catalogue/rows.ts';
import { categoryRow, milkProduct } from '../fixtures/catalogue-rows.ts';
import { installSearchIndex, searchIndexTiming, searchRecords, SearchIndexError, writeSearchIndex } from '../../scripts/lib/search-index.ts';
import { parseVocabulary } from '../../src/lib/search/correction.ts';
import { productUrl, searchRecordHtml } from '../../src/lib/search/record.ts';
import { normalizeWords } from '../../src/lib/search/synonyms.ts';

const product = (id: string, extra: Partial<Product> = {}): Product =>
  milkProduct({ id, description: 'Not indexed: descriptions never reach the index.', ...extra });
const catalogue = {
  categories: [categoryRow('dairy', 'Dairy & Eggs', null), categoryRow('milk', 'Milk', 'dairy')],
  products: [
    product('zz-milk'),
    product('sold-out', { is_available: false, name: 'Sold Out Ghee' }),
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

const temp: string[] = [];
afterEach(async () => {
  await Promise.all(temp.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('searchRecords', () => {
  test('one record per available product, by id; its document escapes the markup of names', () => {
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
  test("writes Pagefind's bundle with each record's text, meta and card filters, and no unavailable product", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'thela-index-'));
    temp.push(dir);
    const staging = path.join(dir, 'staging');
    const summary = await writeSearchIndex(catalogue, staging);
    expect(summary.indexed).toBe(2);
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
      },
    });
    expect(milk?.content).not.toContain('descriptions');
    // Markup in a name is text in the index, never markup; an unknown category leaves the category filter out.
    expect(tricky?.meta['title']).toBe('<img src=x onerror=alert(1)> "Tea" & Co');
    expect(tricky?.filters['category']).toBeUndefined();
    expect(tricky?.filters['card_original_price_paise']).toBeUndefined();

    // The typo-correction vocabulary beside it: every word is one the index holds, counted once per product.
    const vocabulary = parseVocabulary(JSON.parse(await readFile(path.join(staging, 'vocabulary.json'), 'utf8')));
    const indexed = new Set(normalizeWords([tricky, milk].map((f) => `${f?.content} ${f?.meta['title']} ${f?.meta['unit']}`).join(' ')).split(' '));
    const words = [...(vocabulary?.byLength.values() ?? [])].flatMap((bucket) => bucket.words);
    expect(words).toHaveLength(summary.words);
    for (const word of words) expect(indexed.has(word), word).toBe(true);
    for (const word of ['amul', 'taaza', 'toned', 'milk', 'doodh', 'tea', 'onerror']) expect(vocabulary?.has(word), word).toBe(true);
    expect(vocabulary?.count('amul')).toBe(1);

    // Installing moves the bundle into the site, replacing the index of the last build.
    const site = path.join(dir, 'site');
    await writeSearchIndex({ categories: catalogue.categories, products: [product('only')] }, path.join(dir, 'old'));
    await installSearchIndex(path.join(dir, 'old'), site);
    await installSearchIndex(staging, site);
    expect((await fragments(path.join(site, 'pagefind'))).map((f) => f.url)).toEqual(['/product/aa-tricky/', '/product/zz-milk/']);
    await expect(readFile(path.join(site, 'pagefind', 'pagefind.js'))).resolves.toBeTruthy();
    await expect(readdir(staging)).rejects.toThrow();
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
