/**
 * One behavioural suite for every `CatalogueSource`: give it a name, the (sanitized) catalogue the
 * source serves and a factory, and it checks each read of spec section 7 against answers worked out
 * here from the catalogue alone (filters, `order=id.asc` by code point, limits 8 / 50 / 20). Both
 * sources run it with the same catalogue, so the same inputs must give the same answers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { must } from '../../scripts/lib/must.ts';
import { FEATURED_LIMIT, SEARCH_LIMIT, SHOP_PRODUCTS_LIMIT, type CatalogueSource } from '../../src/lib/catalogue/source.ts';
import type { Catalogue, Product, Store } from '../../src/lib/catalogue/types.ts';

export interface SourceUnderTest {
  source: CatalogueSource;
  close?: () => Promise<void>;
}

/** Search texts that must be matched literally, and that must neither fail nor match everything. */
export const HOSTILE_QUERIES = ['%', '_', '*', '\\', ',', '(', ')', '"', "'", '.', ':', '%%', '_%_', '*.*', `%_*\\,()"'<script>`, '<img src=x onerror=alert(1)>', '🍎', 'a'.repeat(1000)];

const byCodePoint = (a: string, b: string) => {
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return x.length - y.length;
};

/** The expected answers, computed the plainest way from the catalogue. */
function oracle(catalogue: Catalogue) {
  const sorted = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => byCodePoint(a.id, b.id));
  const matches = (name: string, query?: string) => {
    const q = (query ?? '').replace(/[\s\p{Cc}]+/gu, ' ').trim().toLowerCase();
    return q === '' || name.toLowerCase().includes(q);
  };
  const available = sorted(catalogue.products.filter((p) => p.is_available));
  return {
    featured: () => available.slice(0, FEATURED_LIMIT),
    category: (id: string, q?: string) => available.filter((p) => p.category_id === id && matches(p.name, q)),
    search: (q?: string) => available.filter((p) => matches(p.name, q)).slice(0, SEARCH_LIMIT),
    shop: (q?: string) => available.filter((p) => matches(p.name, q)).slice(0, SHOP_PRODUCTS_LIMIT),
    stores: (q?: string) => sorted(catalogue.stores.filter((s) => s.is_active && matches(s.name, q))),
  };
}

/** A piece from the middle of a name, upper-cased: a case-insensitive substring, not a prefix. */
function fragment(name: string): string {
  const chars = Array.from(name);
  const start = Math.min(1, Math.max(0, chars.length - 3));
  return chars.slice(start, start + 4).join('').trim().toUpperCase() || name.toUpperCase();
}

function ids(rows: { id: string }[]): string[] {
  return rows.map((r) => r.id);
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the catalogue under test has no ${what}`);
  return value;
}

/** Runs the contract against the source `open` makes (once for the whole suite). */
export function describeCatalogueSource(name: string, catalogue: () => Catalogue, open: () => Promise<SourceUnderTest>): void {
  describe(name, () => {
    let under: SourceUnderTest | undefined;
    let data: Catalogue;
    let expected: ReturnType<typeof oracle>;
    const source = () => must(under, 'source under test (its beforeAll failed)').source;

    beforeAll(async () => {
      data = catalogue();
      expected = oracle(data);
      under = await open();
    });
    afterAll(async () => {
      await under?.close?.();
    });

    const availableProduct = (): Product => required(expected.search()[0], 'available product');
    const activeStore = (): Store => required(expected.stores()[0], 'active store');

    test('featured: at most 8 available products in id order', async () => {
      const featured = await source().featuredProducts();
      expect(featured).toEqual(expected.featured());
      expect(featured.length).toBe(Math.min(FEATURED_LIMIT, data.products.filter((p) => p.is_available).length));
      expect(featured.every((p) => p.is_available)).toBe(true);
      expect(ids(featured)).toEqual([...ids(featured)].sort(byCodePoint));
    });

    test('product by id: hit, unavailable hit, miss, hostile ids', async () => {
      const first = required(data.products[0], 'product');
      expect(await source().productById(first.id)).toEqual(first);
      const unavailable = data.products.find((p) => !p.is_available);
      if (unavailable) expect(await source().productById(unavailable.id)).toEqual(unavailable);
      expect(await source().productById('no-such-product')).toBeNull();
      for (const id of ['', ' ', ` ${first.id} `, '../etc/passwd', `${first.id},${first.id}`, '*', '%', `' or 1=1 --`, '<script>']) {
        expect(await source().productById(id), JSON.stringify(id)).toBeNull();
      }
    });

    test('category by id: top level, subcategory, miss', async () => {
      const top = required(data.categories.find((c) => c.parent_id === null), 'top-level category');
      expect(await source().categoryById(top.id)).toEqual(top);
      const sub = required(data.categories.find((c) => c.parent_id !== null), 'subcategory');
      expect(await source().categoryById(sub.id)).toEqual(sub);
      expect(await source().categoryById('no-such-category')).toBeNull();
      expect(await source().categoryById('../fruits')).toBeNull();
    });

    test('category grid: every available product of that category, no limit', async () => {
      for (const category of data.categories) {
        expect(await source().categoryProducts(category.id), category.id).toEqual(expected.category(category.id));
      }
      const busiest = [...data.categories].sort((a, b) => expected.category(b.id).length - expected.category(a.id).length)[0];
      expect(expected.category(required(busiest, 'category').id).length).toBeGreaterThan(0);
      expect(await source().categoryProducts('no-such-category')).toEqual([]);
    });

    test('category grid with a name filter, also for a subcategory', async () => {
      const product = availableProduct();
      const q = fragment(product.name);
      const hits = await source().categoryProducts(product.category_id, q);
      expect(hits).toEqual(expected.category(product.category_id, q));
      expect(ids(hits)).toContain(product.id);

      const sub = data.categories.find((c) => c.parent_id !== null && expected.category(c.id).length > 0);
      const inSub = required(sub ? expected.category(sub.id)[0] : undefined, 'subcategory with available products');
      const subQ = fragment(inSub.name);
      expect(await source().categoryProducts(inSub.category_id, subQ)).toEqual(expected.category(inSub.category_id, subQ));
      expect(await source().categoryProducts(inSub.category_id, '  ')).toEqual(expected.category(inSub.category_id));
    });

    test('search: at most 50, case-insensitive substring, blank means everything', async () => {
      const all = await source().searchProducts();
      expect(all).toEqual(expected.search());
      expect(all.length).toBe(Math.min(SEARCH_LIMIT, data.products.filter((p) => p.is_available).length));
      expect(await source().searchProducts('   ')).toEqual(all);
      const q = fragment(availableProduct().name);
      const hits = await source().searchProducts(q);
      expect(hits).toEqual(expected.search(q));
      expect(hits.length).toBeGreaterThan(0);
      expect(await source().searchProducts(`  ${q.toLowerCase()}  `)).toEqual(hits);
      expect(await source().searchProducts('zzqqxx-nothing')).toEqual([]);
    });

    test('shop page products: at most 20, name filter', async () => {
      expect(await source().shopProducts()).toEqual(expected.shop());
      const q = fragment(availableProduct().name);
      expect(await source().shopProducts(q)).toEqual(expected.shop(q));
    });

    test('stores: active only, name filter', async () => {
      expect(await source().activeStores()).toEqual(expected.stores());
      const q = fragment(activeStore().name);
      const hits = await source().activeStores(q);
      expect(hits).toEqual(expected.stores(q));
      expect(ids(hits)).toContain(activeStore().id);
      expect(await source().activeStores('zzqqxx-nothing')).toEqual([]);
    });

    test('store by id: hit (inactive too), miss', async () => {
      const store = activeStore();
      expect(await source().storeById(store.id)).toEqual(store);
      const inactive = data.stores.find((s) => !s.is_active);
      if (inactive) expect(await source().storeById(inactive.id)).toEqual(inactive);
      expect(await source().storeById('no-such-store')).toBeNull();
      expect(await source().storeById('../stores')).toBeNull();
    });

    test('hostile search text is matched literally everywhere', async () => {
      const categoryId = availableProduct().category_id;
      for (const q of HOSTILE_QUERIES) {
        const label = JSON.stringify(q.slice(0, 40));
        expect(await source().searchProducts(q), label).toEqual(expected.search(q));
        expect(await source().shopProducts(q), label).toEqual(expected.shop(q));
        expect(await source().categoryProducts(categoryId, q), label).toEqual(expected.category(categoryId, q));
        expect(await source().activeStores(q), label).toEqual(expected.stores(q));
      }
    });
  });
}
