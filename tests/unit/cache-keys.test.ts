/** The incremental build's page keys (src/lib/catalogue/cache-keys.build.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import sample from '../../src/data/sample-catalogue.json' with { type: 'json' };
import { categoryPageKey, digest, listingIndexKey, productPageKey, shopPageKey } from '../../src/lib/catalogue/cache-keys.build.ts';
import { categoryPage } from '../../src/lib/catalogue/category-pages.ts';
import { indexCatalogue, shopProducts } from '../../src/lib/catalogue/model.ts';
import { sanitizeCatalogue } from '../../src/lib/catalogue/sanitize.ts';
import { storeHeader } from '../../src/lib/catalogue/shop-pages.ts';
import type { Catalogue, Product } from '../../src/lib/catalogue/rows.ts';

const base = sanitizeCatalogue(sample).catalogue;

/** The sample with `change` applied to one product (or category) row. */
function withProduct(id: string, change: Partial<Product>): Catalogue {
  return { ...base, products: base.products.map((p) => (p.id === id ? { ...p, ...change } : p)) };
}

const productKey = (catalogue: Catalogue, id: string) => {
  const model = indexCatalogue(catalogue);
  return productPageKey(model, model.productById.get(id)!);
};

/** Page n (1-based) of a category as Astro's paginate would give it, and its key. */
function categoryKey(catalogue: Catalogue, id: string, n: number, size = 8): string {
  const model = indexCatalogue(catalogue);
  const data = categoryPage(model, id);
  const lastPage = Math.max(1, Math.ceil(data.products.length / size));
  const start = (n - 1) * size;
  const page = {
    data: data.products.slice(start, start + size),
    start,
    end: Math.min(start + size, data.products.length) - 1,
    total: data.products.length,
    currentPage: n,
    lastPage,
    size,
    url: { current: `/category/${id}/${n}`, prev: undefined, next: undefined },
  };
  return categoryPageKey(model, data, page);
}

const teaProducts = base.products.filter((p) => p.category_id === 'tea' && p.is_available).sort((a, b) => (a.id < b.id ? -1 : 1));
const subject = teaProducts[0]!;
const hairCare = base.products.find((p) => p.category_id === 'hair-care')!;

describe('digest', () => {
  test('equal data gives an equal digest; any change gives another', () => {
    expect(digest({ a: 1, b: [1, 2] })).toBe(digest({ a: 1, b: [1, 2] }));
    expect(digest({ a: 1, b: [1, 2] })).not.toBe(digest({ a: 1, b: [2, 1] }));
    expect(digest({ a: 'x' })).not.toBe(digest({ a: 'y' }));
  });
});

describe('the build settings in every key', () => {
  // The salt is read once a build: each setting is tried in a fresh copy of the module.
  const keyWith = async (env: Record<string, string>) => {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      vi.resetModules();
      const fresh = await import('../../src/lib/catalogue/cache-keys.build.ts');
      return fresh.digest({ page: 'same' });
    } finally {
      for (const name of Object.keys(env)) {
        if (saved[name] === undefined) Reflect.deleteProperty(process.env, name);
        else process.env[name] = saved[name];
      }
    }
  };

  test.each([
    ['PUBLIC_BRAND_NAME', 'Kirana'],
    ['PUBLIC_SUPABASE_URL', 'https://other.supabase.co'],
    ['PUBLIC_IMAGE_CDN', 'supabase'],
    ['PUBLIC_ORDERS', 'simulated'],
    ['SITE_URL', 'https://shop.example'],
  ])('a change of %s renders every page again', async (name, value) => {
    expect(await keyWith({ [name]: value })).not.toBe(await keyWith({}));
  });
});

describe('product page key', () => {
  test('changes with the product name, price, availability and category', () => {
    const key = productKey(base, subject.id);
    expect(productKey(base, subject.id)).toBe(key);
    for (const change of [
      { name: 'Other' },
      { price_paise: subject.price_paise + 100 },
      { is_available: false },
      { category_id: 'coffee' },
    ] as Partial<Product>[])
      expect(productKey(withProduct(subject.id, change), subject.id), JSON.stringify(change)).not.toBe(key);
  });

  test('changes with its category name and with a related product, not with an unrelated product', () => {
    const key = productKey(base, subject.id);
    const renamed = { ...base, categories: base.categories.map((c) => (c.id === 'beverages' ? { ...c, name: 'Drinks' } : c)) };
    expect(productKey(renamed, subject.id)).not.toBe(key);
    const related = teaProducts[1]!;
    expect(productKey(withProduct(related.id, { price_paise: related.price_paise + 500 }), subject.id)).not.toBe(key);
    expect(productKey(withProduct(hairCare.id, { name: 'Other', price_paise: 100 }), subject.id)).toBe(key);
  });
});

describe('listing keys', () => {
  test('a listing page key follows its own cards, not the cards of its other pages', () => {
    const all = categoryPage(indexCatalogue(base), 'beverages').products;
    expect(all.length).toBeGreaterThan(16);
    const onPage2 = all[9]!;
    const page1 = categoryKey(base, 'beverages', 1);
    const page2 = categoryKey(base, 'beverages', 2);
    const changed = withProduct(onPage2.id, { price_paise: onPage2.price_paise + 300 });
    expect(categoryKey(changed, 'beverages', 1)).toBe(page1);
    expect(categoryKey(changed, 'beverages', 2)).not.toBe(page2);
    // Another category's product: no listing page of beverages changes.
    expect(categoryKey(withProduct(hairCare.id, { price_paise: 100 }), 'beverages', 2)).toBe(page2);
  });

  test('listing.json and shop keys follow their products', () => {
    const model = indexCatalogue(base);
    const products = model.listedUnder('tea');
    const key = listingIndexKey(products);
    expect(listingIndexKey(indexCatalogue(withProduct(subject.id, { name: 'X' })).listedUnder('tea'))).not.toBe(key);
    const store = base.stores[0]!;
    const shop = shopPageKey(model, 'store', storeHeader(store), shopProducts(base), false);
    const first = shopProducts(base)[0]!;
    expect(shopPageKey(model, 'store', storeHeader(store), shopProducts(withProduct(first.id, { price_paise: 100 })), false)).not.toBe(
      shop,
    );
    expect(shopPageKey(model, 'store', storeHeader({ ...store, rating: 1 }), shopProducts(base), false)).not.toBe(shop);
  });

  test("every page with the header follows the header's default area", () => {
    const model = indexCatalogue(base);
    const store = base.stores[0]!;
    const product = base.products[0]!;
    const elsewhere = indexCatalogue(base, '122002');
    expect(elsewhere.defaultArea?.pincode).toBe('122002');
    expect(productPageKey(elsewhere, product)).not.toBe(productPageKey(model, product));
    expect(shopPageKey(elsewhere, 'store', storeHeader(store), shopProducts(base), false)).not.toBe(
      shopPageKey(model, 'store', storeHeader(store), shopProducts(base), false),
    );
  });
});

describe('module hashes stay stable between builds', () => {
  test('no source reads import.meta.env whole, even through a cast (Astro would inline every variable named in the file, e.g. `_`)', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|astro|js|mjs)$/.test(file))
      .filter((file) =>
        /\bimport\.meta\b(?!\.(?:env\.\w|url\b|dirname\b|filename\b|glob\b|resolve\b))/.test(readFileSync(path.join(src, file), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});
