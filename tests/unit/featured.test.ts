import { describe, expect, test } from 'vitest';
import { readFeaturedProducts } from '../../src/lib/catalogue/browser.ts';
import { readCardProduct, type CardProduct } from '../../src/lib/fields.ts';
import { displayImage, liveImages, PLACEHOLDER_IMAGE } from '../../src/lib/images.ts';
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

  test('drops rows it cannot show, and never shows images from other sites', async () => {
    const list = await readFeaturedProducts(
      serve([product('a'), { id: 'b' }, null, product('c', { price: -1 }), product('d', { image_url: 'https://x.example/a.png' })]),
    );
    expect(list.map((p) => p.id)).toEqual(['a', 'd']);
    expect(displayImage(list[1]?.image_url, null)).toBe(PLACEHOLDER_IMAGE);
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

describe('liveImages', () => {
  const card = (id: string, image_url: string | null) => ({ ...(readCardProduct(product(id)) as CardProduct), image_url });
  const cdn = 'https://ref.supabase.co/storage/v1/object/public/';
  const original = `${cdn}product-images/a.jpg`;

  test("shows the build's optimised photo for a live row's original photo, never the original", () => {
    const built = [card('a', '/_img/0123456789abcdef-800x800-640.webp')];
    const live = liveImages(
      [card('a', original), card('b', original), card('c', null), card('d', '/images/catalogue/milk.svg')],
      built,
      null,
    );
    expect(live.map((p) => p.image_url)).toEqual(['/_img/0123456789abcdef-800x800-640.webp', null, null, '/images/catalogue/milk.svg']);
  });

  test('keeps a Storage photo as it is when the image CDN shows it', () => {
    expect(liveImages([card('a', original)], [], cdn)[0]?.image_url).toBe(original);
  });
});
