import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSampleSource } from '../../src/lib/catalogue/sample-source.ts';
import { sanitizeCatalogue } from '../../src/lib/catalogue/sanitize.ts';
import type { CatalogueSource } from '../../src/lib/catalogue/source.ts';
import { createSupabaseClient, createSupabaseSource } from '../../src/lib/catalogue/supabase-source.ts';
import type { Catalogue } from '../../src/lib/catalogue/types.ts';
import { startPostgrestServer, type PostgrestServer } from '../fixtures/postgrest-server.ts';
import { HOSTILE_QUERIES, describeCatalogueSource } from './catalogue-source.contract.ts';

const KEY = 'contract-anon-key';
const SAMPLE_FILE = new URL('../../src/data/sample-catalogue.json', import.meta.url);

/** The bundled sample catalogue, sanitized as the build does. */
function sampleCatalogue(): Catalogue {
  if (!existsSync(SAMPLE_FILE)) throw new Error('src/data/sample-catalogue.json is missing: run the catalogue generator');
  const raw = JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')) as { products: unknown[]; categories: unknown[]; stores: unknown[] };
  return sanitizeCatalogue(raw).catalogue;
}

/** A small catalogue built here: more than 50 available products, subcategories, awkward names and ids. */
function builtCatalogue(): Catalogue {
  const categories = [
    { id: 'fruits', name: 'Fruits', parent_id: null, sort_order: 1, image_url: null },
    { id: 'fruits-apples', name: 'Apples', parent_id: 'fruits', sort_order: 1, image_url: null },
    { id: 'dairy', name: 'Dairy & Eggs', parent_id: null, sort_order: 2, image_url: '/images/categories/dairy.webp' },
    { id: 'Z-last', name: 'Zed', parent_id: null, sort_order: 3, image_url: null },
  ];
  const words = ['Apple', 'Milk', 'Paneer', 'Atta', 'Dal', 'Ghee', 'Curd', 'Banana'];
  const products: Record<string, unknown>[] = [];
  for (let i = 0; i < 90; i++) {
    const word = words[i % words.length] ?? 'Item';
    products.push({
      id: `p-${String(i).padStart(3, '0')}`,
      name: `${word} ${i % 3 === 0 ? 'Premium' : 'Classic'} ${i}`,
      brand: i % 4 === 0 ? 'Amul' : null,
      price: 10 + i,
      original_price: i % 5 === 0 ? 20 + i : null,
      image_url: null,
      quantity_unit: '500 g',
      description: null,
      category_id: i % 3 === 0 ? 'fruits-apples' : i % 3 === 1 ? 'dairy' : 'fruits',
      is_available: i % 7 !== 3,
    });
  }
  products.push(
    { ...products[0], id: 'A-upper', name: '100% Pure Ghee_Gold *Special*' },
    { ...products[0], id: 'ßharp', name: `Back\\slash, (Quote) "Tea" O'Brien` },
    { ...products[0], id: '𝒳-astral', name: 'Astral 🍎 Apple बासमती' },
    { ...products[0], id: '\uFF5E-wide', name: 'Wide ～ Apple' },
  );
  const stores = [
    { id: 's-02', name: 'Sharma Kirana', shop_type: 'grocery', is_active: true, rating: 4.5, delivery_time_min: 10, address: 'Sector 14', image_url: null },
    { id: 's-01', name: 'Gupta General Store', shop_type: 'grocery', is_active: true, rating: null, delivery_time_min: null, address: null, image_url: null },
    { id: 's-03', name: 'Closed Kirana', shop_type: 'bakery', is_active: false, rating: 3, delivery_time_min: 25, address: null, image_url: null },
    { id: 's-04', name: 'Apollo 24*7 Pharmacy (24%)', shop_type: 'pharmacy', is_active: true, rating: 4.1, delivery_time_min: 15, address: null, image_url: null },
  ];
  return sanitizeCatalogue({ categories, products, stores }).catalogue;
}

/** Both sources over one catalogue, each through the shared contract. */
function contractFor(label: string, catalogue: () => Catalogue): void {
  describe(label, () => {
    describeCatalogueSource('sample source', catalogue, async () => ({ source: createSampleSource(catalogue()) }));
    describeCatalogueSource('supabase source', catalogue, async () => {
      const server = await startPostgrestServer({ key: KEY, tables: catalogue() });
      return {
        source: createSupabaseSource(createSupabaseClient(server.url, KEY), { retry: false }),
        close: () => server.close(),
      };
    });
  });
}

contractFor('built catalogue', builtCatalogue);
contractFor('sample catalogue (src/data/sample-catalogue.json)', sampleCatalogue);

describe('both sources answer alike', () => {
  let server: PostgrestServer | undefined;
  let sample: CatalogueSource;
  let supabase: CatalogueSource;
  let catalogue: Catalogue;

  beforeAll(async () => {
    catalogue = sampleCatalogue();
    sample = createSampleSource(catalogue);
    server = await startPostgrestServer({ key: KEY, tables: catalogue });
    supabase = createSupabaseSource(createSupabaseClient(server.url, KEY), { retry: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('for pieces of every kind of name, and for hostile text', async () => {
    // Pieces of names: every 3-character slice of the first word of some product and store names.
    const names = [...catalogue.products.filter((_, i) => i % 20 === 0), ...catalogue.stores].map((r) => r.name);
    const pieces = new Set<string>(HOSTILE_QUERIES);
    for (const name of names) {
      const word = Array.from(name.split(' ')[0] ?? '');
      for (let i = 0; i + 3 <= word.length && i < 3; i++) pieces.add(word.slice(i, i + 3).join(''));
    }
    for (const q of pieces) {
      expect(await supabase.searchProducts(q), q).toEqual(await sample.searchProducts(q));
      expect(await supabase.activeStores(q), q).toEqual(await sample.activeStores(q));
    }
    for (const category of catalogue.categories) {
      expect(await supabase.categoryProducts(category.id), category.id).toEqual(await sample.categoryProducts(category.id));
    }
  });

  test('for every product, category and store by id', async () => {
    // Every 4th product (and the last): the request is the same for each, the rows are not.
    const products = catalogue.products.filter((_, i, all) => i % 4 === 0 || i === all.length - 1);
    for (const p of products) expect(await supabase.productById(p.id)).toEqual(await sample.productById(p.id));
    for (const c of catalogue.categories) expect(await supabase.categoryById(c.id)).toEqual(await sample.categoryById(c.id));
    for (const s of catalogue.stores) expect(await supabase.storeById(s.id)).toEqual(await sample.storeById(s.id));
  });
});
