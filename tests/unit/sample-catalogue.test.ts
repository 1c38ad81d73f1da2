import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import definitions from '../../src/data/sample-definitions.json' with { type: 'json' };
import { CATEGORY_DEFS, readDefinitions } from '../../src/lib/catalogue/sample-definitions.build.ts';
import { buildSampleCatalogue, generateSyntheticCatalogue } from '../../src/lib/catalogue/sample.build.ts';
import type { CatalogueTables } from '../../src/lib/catalogue/rows.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sample = buildSampleCatalogue();
const { products, categories, stores } = sample;
const subcategoryIds = new Set(categories.filter((c) => c.parent_id !== null).map((c) => c.id));

function countIn(catalogue: CatalogueTables, categoryId: string): number {
  return catalogue.products.filter((p) => p.category_id === categoryId).length;
}

describe('sample catalogue', () => {
  test('has at least 400 products with unique ids', () => {
    expect(products.length).toBeGreaterThanOrEqual(400);
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
  });

  test('ids are URL-safe kebab-case slugs', () => {
    for (const row of [...products, ...categories, ...stores]) {
      expect(row.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });

  test('every product sits in an existing subcategory', () => {
    for (const p of products) expect(subcategoryIds.has(p.category_id), p.id).toBe(true);
  });

  test('categories: the ten home categories plus staples, each with 3-5 subcategories', () => {
    const top = categories.filter((c) => c.parent_id === null).map((c) => c.id);
    expect(top).toEqual([
      'fruits',
      'vegetables',
      'dairy',
      'snacks',
      'personal-care',
      'baby',
      'cleaning',
      'beverages',
      'bakery',
      'meat',
      'staples',
    ]);
    for (const id of top) {
      const subs = categories.filter((c) => c.parent_id === id).length;
      expect(subs, id).toBeGreaterThanOrEqual(3);
      expect(subs, id).toBeLessThanOrEqual(5);
    }
    expect(new Set(categories.map((c) => c.id)).size).toBe(categories.length);
  });

  test('the category page subcategories hold the advertised counts', () => {
    const parent = (id: string) => categories.find((c) => c.id === id)?.parent_id;
    expect([parent('fresh-fruits'), parent('exotic-fruits')]).toEqual(['fruits', 'fruits']);
    expect([parent('fresh-vegetables'), parent('organic-produce')]).toEqual(['vegetables', 'vegetables']);
    expect(countIn(sample, 'fresh-fruits')).toBe(24);
    expect(countIn(sample, 'exotic-fruits')).toBe(12);
    expect(countIn(sample, 'fresh-vegetables')).toBe(32);
    expect(countIn(sample, 'organic-produce')).toBe(18);
  });

  test('every image is null or a bundled site-relative file', () => {
    const urls = [...products, ...categories, ...stores].map((r) => r.image_url);
    for (const url of urls) {
      if (url === null) continue;
      expect(url).toMatch(/^\/[^/]/);
      expect(existsSync(`${root}public${url}`), url).toBe(true);
    }
    expect(existsSync(`${root}public/images/placeholder.svg`)).toBe(true);
  });

  test('prices are sane and original prices never below the price', () => {
    for (const p of products) {
      expect(p.price, p.id).toBeGreaterThanOrEqual(0);
      expect(Number.isFinite(p.price)).toBe(true);
      if (p.original_price !== null) expect(p.original_price, p.id).toBeGreaterThanOrEqual(p.price);
    }
  });

  test('some rows exercise every fallback', () => {
    expect(products.some((p) => !p.is_available)).toBe(true);
    expect(products.some((p) => p.quantity_unit === null)).toBe(true);
    expect(products.some((p) => p.image_url === null)).toBe(true);
    expect(products.some((p) => p.original_price === null)).toBe(true);
    expect(products.some((p) => p.price >= 1000)).toBe(true);
    expect(stores.some((s) => !s.is_active)).toBe(true);
    expect(stores.some((s) => s.rating === null)).toBe(true);
    expect(stores.some((s) => s.delivery_time_min === null)).toBe(true);
  });

  test('trending and everyday searches find available products', () => {
    const terms = [
      'milk',
      'bread',
      'eggs',
      'egg',
      'bananas',
      'banana',
      'rice',
      'oil',
      'sugar',
      'tea',
      'potato',
      'onion',
      'tomato',
      'curd',
      'salt',
      'turmeric',
      'wheat flour',
      'ghee',
      'paneer',
    ];
    for (const term of terms) {
      const hits = products.filter((p) => p.is_available && p.name.toLowerCase().includes(term));
      expect(hits.length, term).toBeGreaterThan(0);
    }
  });

  test('every product has a description and a brand only when it is part of the name', () => {
    for (const p of products) {
      expect(p.description?.length ?? 0, p.id).toBeGreaterThan(40);
      if (p.brand !== null) expect(p.name.startsWith(p.brand), p.id).toBe(true);
    }
  });

  test('the committed JSON is exactly what the definitions build', () => {
    const committed: unknown = JSON.parse(readFileSync(`${root}src/data/sample-catalogue.json`, 'utf8'));
    expect(committed).toEqual(buildSampleCatalogue());
  });

  // The generator's own check also covers the illustrations and supabase/seed.sql. It runs .ts files natively: the
  // project's Node 24, which `npm test` and `npx vitest` use.
  test('generate-catalogue --check finds every generated file up to date', () => {
    const run = spawnSync(process.execPath, ['scripts/generate-catalogue.ts', '--check'], { cwd: root, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

describe('definitions.json reader', () => {
  /** A copy of the committed definitions with one change made by `edit`. */
  function edited(edit: (file: Record<string, unknown> & typeof definitions) => void): unknown {
    const copy = structuredClone(definitions) as Record<string, unknown> & typeof definitions;
    edit(copy);
    return copy;
  }

  test('reads the committed file into the definitions the sample is built from', () => {
    const read = readDefinitions(definitions);
    expect(read.categories).toEqual(CATEGORY_DEFS);
    expect(read.categories.map((c) => c.id)).toContain('staples');
    expect(read.categories[0]?.subcategories[0]?.products[0]).toEqual(['banana', 'Banana Robusta', '6 pcs', 48, 60]);
  });

  test('names the place of a field that is not as the conventions say', () => {
    const cases: [string, (file: Record<string, unknown> & typeof definitions) => void, string][] = [
      [
        'an unknown shape',
        (f) => Object.assign(f.categories[0]?.kinds ?? {}, { banana: { label: 'B', shape: 'rond', about: 'a', use: 'u' } }),
        'categories[0].kinds.banana.shape must be one of round',
      ],
      [
        'a price given as text',
        (f) => f.categories[0]?.subcategories[0]?.products.splice(0, 1, ['banana', 'Banana', '6 pcs', '48']),
        'categories[0].subcategories[0].products[0][3] (price) must be a number',
      ],
      [
        'a short product row',
        (f) => f.categories[0]?.subcategories[0]?.products.splice(0, 1, ['banana', 'Banana', '6 pcs']),
        'products[0] must be [kind, name, unit, price, mrp?, note?]',
      ],
      [
        'an unknown storage',
        (f) => Object.assign(f.categories[1]?.subcategories[0] ?? {}, { storage: 'warm' }),
        'categories[1].subcategories[0].storage must be one of fresh',
      ],
      [
        'an unknown shop type',
        (f) => Object.assign(f.stores[2] ?? {}, { shop_type: 'toys' }),
        'stores[2].shop_type must be one of grocery',
      ],
      ['a blank address', (f) => Object.assign(f.stores[0] ?? {}, { address: ' ' }), 'stores[0].address must be a non-blank string'],
      ['an extra fallback list', (f) => Object.assign(f.fallbackCases, { hidden: [] }), 'fallbackCases.hidden must be absent'],
      [
        'a missing shop-type colour',
        (f) => Object.assign(f, { shopTypeColours: { grocery: '#16a34a' } }),
        'shopTypeColours.pharmacy must be a #rrggbb colour',
      ],
      ['a missing list', (f) => Object.assign(f, { deliveryAreas: undefined }), 'deliveryAreas must be a list'],
    ];
    for (const [what, edit, message] of cases) expect(() => readDefinitions(edited(edit)), what).toThrow(message);
  });
});

describe('synthetic catalogue', () => {
  test('is deterministic for a seed and differs for another', () => {
    const a = generateSyntheticCatalogue(500, 7);
    const b = generateSyntheticCatalogue(500, 7);
    const c = generateSyntheticCatalogue(500, 8);
    expect(a).toEqual(b);
    expect(c.products).not.toEqual(a.products);
  });

  test('gives exactly N products with unique ids and valid rows at N = 10,000', () => {
    const catalogue = generateSyntheticCatalogue(10_000);
    expect(catalogue.products).toHaveLength(10_000);
    expect(new Set(catalogue.products.map((p) => p.id)).size).toBe(10_000);
    const subs = new Set(catalogue.categories.filter((c) => c.parent_id !== null).map((c) => c.id));
    for (const p of catalogue.products) {
      expect(subs.has(p.category_id)).toBe(true);
      expect(p.price).toBeGreaterThan(0);
      if (p.original_price !== null) expect(p.original_price).toBeGreaterThanOrEqual(p.price);
      expect(p.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
    const share = (pred: (p: (typeof catalogue.products)[number]) => boolean) =>
      catalogue.products.filter(pred).length / catalogue.products.length;
    expect(share((p) => !p.is_available)).toBeGreaterThan(0.03);
    expect(share((p) => !p.is_available)).toBeLessThan(0.07);
    expect(share((p) => p.original_price === null)).toBeGreaterThan(0.1);
    expect(share((p) => p.original_price === null)).toBeLessThan(0.2);
    expect(share((p) => p.image_url === null)).toBeGreaterThan(0.01);
    expect(share((p) => p.quantity_unit === null)).toBeGreaterThan(0.01);
    expect(catalogue.stores).toEqual(sample.stores);
  });

  test('handles the smallest sizes', () => {
    expect(generateSyntheticCatalogue(1).products).toHaveLength(1);
    expect(generateSyntheticCatalogue(0).products).toHaveLength(0);
  });
});
