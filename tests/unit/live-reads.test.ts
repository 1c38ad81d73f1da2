import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { featuredProducts, indexCatalogue, type CatalogueModel } from '../../src/lib/catalogue/model.ts';
import { FEATURED_LIMIT } from '../../src/lib/catalogue/reads.ts';
import { sanitizeCatalogue } from '../../src/lib/catalogue/sanitize.ts';
import { createSupabaseClient, readFeatured, readProductById } from '../../src/lib/catalogue/supabase.ts';
import { startPostgrestServer, type PostgrestServer } from '../fixtures/postgrest-server.ts';

const KEY = 'contract-anon-key';
const SAMPLE_FILE = new URL('../../src/data/sample-catalogue.json', import.meta.url);

/** The tables as served: the build and the live reads each read them by the same rules. */
interface RawTables {
  products: Record<string, unknown>[];
  categories: Record<string, unknown>[];
  stores: Record<string, unknown>[];
}

/** The bundled sample catalogue's tables. */
function sampleCatalogue(): RawTables {
  if (!existsSync(SAMPLE_FILE)) throw new Error('src/data/sample-catalogue.json is missing: run the catalogue generator');
  return JSON.parse(readFileSync(SAMPLE_FILE, 'utf8')) as RawTables;
}

/** A small catalogue built here: more than 50 available products, subcategories, awkward names and ids. */
function builtCatalogue(): RawTables {
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
    {
      id: 's-02',
      name: 'Sharma Kirana',
      shop_type: 'grocery',
      is_active: true,
      rating: 4.5,
      delivery_time_min: 10,
      address: 'Sector 14',
      image_url: null,
    },
    {
      id: 's-01',
      name: 'Gupta General Store',
      shop_type: 'grocery',
      is_active: true,
      rating: null,
      delivery_time_min: null,
      address: null,
      image_url: null,
    },
    {
      id: 's-03',
      name: 'Closed Kirana',
      shop_type: 'bakery',
      is_active: false,
      rating: 3,
      delivery_time_min: 25,
      address: null,
      image_url: null,
    },
    {
      id: 's-04',
      name: 'Apollo 24*7 Pharmacy (24%)',
      shop_type: 'pharmacy',
      is_active: true,
      rating: 4.1,
      delivery_time_min: 15,
      address: null,
      image_url: null,
    },
  ];
  return { categories, products, stores };
}

/** The live reads against the PostgREST fixture serving `catalogue`, and the build's model of the same rows. */
function agreeOn(label: string, catalogue: () => RawTables): void {
  describe(label, () => {
    let server: PostgrestServer;
    let client: ReturnType<typeof createSupabaseClient>;
    let model: CatalogueModel;

    beforeAll(async () => {
      model = indexCatalogue(sanitizeCatalogue(catalogue()).catalogue);
      server = await startPostgrestServer({ key: KEY, tables: catalogue() });
      client = createSupabaseClient(server.url, KEY);
    });
    afterAll(async () => {
      await server?.close();
    });

    test("featured: the live list is the build's featured list (8 available, by id)", async () => {
      const featured = featuredProducts(model.catalogue);
      expect(featured.length).toBeLessThanOrEqual(FEATURED_LIMIT);
      expect(featured.every((p) => p.is_available)).toBe(true);
      expect(await readFeatured(client, { retry: false })).toEqual(featured);
    });

    test("product by id: the live row is the build's row, unavailable ones too; misses and hostile ids are null", async () => {
      const products = model.catalogue.products.filter((_, i, all) => i % 4 === 0 || i === all.length - 1 || !all[i]?.is_available);
      for (const p of products) expect(await readProductById(client, p.id, { retry: false }), p.id).toEqual(model.productById.get(p.id));
      for (const id of ['nope', ...HOSTILE_IDS]) expect(await readProductById(client, id, { retry: false }), id).toBeNull();
    });
  });
}

/** Ids a shopper or a tampered page could send: none may match, fail or reach past the products table. */
const HOSTILE_IDS = [
  '%',
  '_',
  '*',
  '\\',
  ',',
  '(',
  ')',
  '"',
  "'",
  '.',
  '..',
  ':',
  '*.*',
  '<script>',
  '🍎',
  'a'.repeat(1000),
  'index.html',
  '_astro',
];

agreeOn('built catalogue', builtCatalogue);
agreeOn('sample catalogue (src/data/sample-catalogue.json)', sampleCatalogue);
