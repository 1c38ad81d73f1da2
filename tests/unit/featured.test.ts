import { describe, expect, test } from 'vitest';
import { readFeaturedProducts } from '../../src/lib/catalogue/browser.ts';
import { readCardProduct } from '../../src/lib/fields.ts';
import { FEATURED_FRESH_MS, FEATURED_KEPT_MS } from '../../src/stores/featured.ts';

const product = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Product ${id}`,
  price: 10,
  original_price: 12,
  image_url: `/images/${id}.svg`,
  quantity_unit: '1 kg',
  description: null,
  category_id: 'fresh-fruits',
  is_available: true,
  brand: null,
  ...extra,
});

const serve =
  (body: unknown, status = 200): typeof fetch =>
  async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe("readFeaturedProducts (no Supabase: the build's /data/featured.json)", () => {
  test('returns at most 8 available products', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => product(`p${i}`, i === 0 ? { is_available: false } : {}));
    const list = await readFeaturedProducts(serve(rows));
    expect(list.map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']);
  });

  test('drops rows it cannot show and images from other sites', async () => {
    const list = await readFeaturedProducts(
      serve([product('a'), { id: 'b' }, null, product('c', { price: -1 }), product('d', { image_url: 'https://x.example/a.png' })]),
    );
    expect(list.map((p) => p.id)).toEqual(['a', 'd']);
    expect(list[1]?.image_url).toBeNull();
  });

  test('throws on an HTTP error, bad JSON or a non-list, so the list shows its error state', async () => {
    await expect(readFeaturedProducts(serve('oops', 500))).rejects.toThrow('HTTP 500');
    await expect(readFeaturedProducts(serve('{not json'))).rejects.toThrow();
    await expect(readFeaturedProducts(serve({ products: [] }))).rejects.toThrow('expected a list');
    await expect(
      readFeaturedProducts(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow('Failed to fetch');
  });
});

describe('readCardProduct', () => {
  test('drops an original price that is not above the price', () => {
    expect(readCardProduct(product('a', { original_price: 5 }))?.original_price_paise).toBeNull();
    expect(readCardProduct(product('a', { original_price: 12 }))?.original_price_paise).toBe(1200);
  });
});

test('featured products are fresh for 5 minutes and kept for 10 (spec section 7)', () => {
  expect(FEATURED_FRESH_MS).toBe(5 * 60 * 1000);
  expect(FEATURED_KEPT_MS).toBe(10 * 60 * 1000);
});
