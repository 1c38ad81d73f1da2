import { describe, expect, test } from 'vitest';
import { readFeaturedProducts } from '../../src/lib/catalogue/browser.ts';
import { sanitizeCatalogue, sanitizeProduct } from '../../src/lib/catalogue/sanitize.ts';
import { controlProduct, decodeCart } from '../../src/lib/cart.ts';
import {
  MAX_LINE_QUANTITY,
  NAME_MAX,
  PRICE_MAX,
  RESERVED_IDS,
  UNIT_MAX,
  isRecord,
  parseId,
  readCardProduct,
  readCartProduct,
  parseImageUrl,
  readPaise,
  readPrice,
  readPriceField,
  readQuantity,
  type CartProduct,
} from '../../src/lib/fields.ts';
import { decodeOrders } from '../../src/lib/orders.ts';
import { displayImage, PLACEHOLDER_IMAGE } from '../../src/lib/images.ts';
import { cardFromResult } from '../../src/lib/search/pagefind-client.ts';

const good = { id: 'onion-1-kg', name: 'Onion', price: 39, image_url: '/images/catalogue/onion.svg', quantity_unit: '1 kg' };

/** Hostile values per field: every reader must drop the row or keep a value the rules allow, never throw. */
/** Hostile values per input field (a price as the tables and the spec's cart line write it: rupees). */
const HOSTILE: Record<'id' | 'name' | 'price' | 'image_url' | 'quantity_unit' | 'category_id', unknown[]> = {
  id: [
    '',
    '   ',
    null,
    {},
    [],
    Number.NaN,
    Infinity,
    '../x',
    'a/b',
    'a?b',
    'a#b',
    'a\\b',
    'a%2f',
    'a b',
    '\u0000',
    '\u202e',
    'x'.repeat(201),
    'index.html',
    'INDEX.HTML',
    'sw.js',
    '404',
    '_astro',
    '.well-known',
    'pagefind',
    'x.html',
  ],
  name: ['', '   ', null, 42, {}, '\u0000\u0000', 'n'.repeat(5000)],
  price: [-1, '-1', 'abc', '1,299', null, '', Number.NaN, Infinity, -Infinity, 1e307, '1e307', PRICE_MAX + 1, 1e21, {}, [], true],
  image_url: [
    '//evil.example/x.png',
    'https://user:pass@evil.example/x.png',
    'https:/evil.example/x.png',
    'ftp://evil.example/x.png',
    'https://evil.example/x.png"><script>',
    '/\\evil.example/x.png',
    '\\\\evil.example\\x.png',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg/onload=alert(1)>',
    '/x.png" onerror="alert(1)',
    '/a b.png',
    `/${'a'.repeat(3000)}.png`,
    42,
    {},
  ],
  quantity_unit: [42, {}, 'u'.repeat(5000), '\u0000'],
  category_id: ['', null, {}, [], '../x', 'a/b', 'a b', '\u202e', 'x'.repeat(201), 'index.html', '_astro', 42.5],
};

/** A price as our own index and markup carry it (whole paise): a number converted as the build does, anything else as given. */
const paiseText = (rupees: unknown): string => (typeof rupees === 'number' ? String(Math.round(rupees * 100)) : String(rupees));

/** Every reader of product-shaped input, each returning the products it kept. */
const READERS: Record<string, (product: Record<string, unknown>) => CartProduct[] | Promise<CartProduct[]>> = {
  'build sanitizer': (product) => {
    const result = sanitizeProduct({ ...product, category_id: 'fresh-vegetables', is_available: true });
    return result.ok ? [result.row] : [];
  },
  'cart in storage': (product) =>
    decodeCart(JSON.stringify([{ id: 'line-1', product_id: product['id'], quantity: 2, product }])).map((line) => line.product),
  'orders in storage': (product) =>
    decodeOrders(JSON.stringify([{ id: 'ORD-1', items: [{ ...product, unit: product['quantity_unit'], quantity: 1 }] }])).flatMap((order) =>
      order.items.map((item) => ({
        id: item.id,
        name: item.name,
        price_paise: item.price_paise,
        image_url: item.image_url,
        quantity_unit: item.unit,
      })),
    ),
  'featured list': async (product) => readFeaturedProducts(async () => new Response(JSON.stringify([{ ...product, is_available: true }]))),
  'search results': (product) => {
    // Pagefind hands back strings only: a value that is not one arrives as no value.
    const id = typeof product['id'] === 'string' ? product['id'] : '';
    const card = cardFromResult({
      url: `/product/${encodeURIComponent(id)}/`,
      meta: { title: product['name'] as string, unit: product['quantity_unit'] as string },
      filters: {
        card_id: id ? [id] : [],
        card_price_paise: [paiseText(product['price'])],
        card_image: product['image_url'] === null ? [] : [String(product['image_url'])],
        ...(typeof product['category_id'] === 'string' ? { category: [product['category_id']] } : {}),
      },
    });
    return card ? [card] : [];
  },
  'cart control': (product) => {
    const read = controlProduct({
      id: product['id'] as string,
      name: product['name'] as string,
      pricePaise: paiseText(product['price']),
      ...(product['image_url'] === null ? {} : { image: String(product['image_url']) }),
      ...(product['quantity_unit'] === null ? {} : { unit: String(product['quantity_unit']) }),
      ...(product['category_id'] === undefined ? {} : { category: String(product['category_id']) }),
    });
    return read ? [read] : [];
  },
};

/** What every kept product must satisfy, whoever read it. */
function expectKeptValid(product: CartProduct): void {
  expect(parseId(product.id)).toEqual({ ok: true, id: product.id });
  expect(product.name.trim()).not.toBe('');
  expect(Array.from(product.name).length).toBeLessThanOrEqual(NAME_MAX);
  expect(Number.isInteger(product.price_paise)).toBe(true);
  expect(product.price_paise).toBeGreaterThanOrEqual(0);
  expect(product.price_paise).toBeLessThanOrEqual(PRICE_MAX * 100);
  if (product.image_url !== null) {
    // A site path, or an http(s) URL with a host (the build fetches it; src/lib/images.ts decides what is shown).
    expect(product.image_url).toMatch(/^(?:\/[^/\\]|https?:\/\/[^/@]+(?:[/?#]|$))/);
    expect(product.image_url).not.toMatch(/[\s"'<>`\\]/);
  }
  if (product.quantity_unit !== null) expect(Array.from(product.quantity_unit).length).toBeLessThanOrEqual(UNIT_MAX);
  if (product.category_id != null) expect(parseId(product.category_id)).toEqual({ ok: true, id: product.category_id });
}

describe('hostile values through every reader', () => {
  for (const [reader, read] of Object.entries(READERS)) {
    describe(reader, () => {
      test('keeps a good product', async () => {
        const kept = await read({ ...good });
        expect(kept).toHaveLength(1);
        expect(kept[0]).toMatchObject({ id: good.id, name: good.name, price_paise: good.price * 100, image_url: good.image_url });
      });

      for (const [field, values] of Object.entries(HOSTILE)) {
        test(`drops or repairs every hostile ${field}, never keeping one the rules refuse`, async () => {
          for (const value of values) {
            const kept = await read({ ...good, [field]: value });
            for (const product of kept) expectKeptValid(product);
            // Required fields: a hostile id, name or price drops the product; optional ones fall back.
            if (field === 'id' || field === 'price') expect(kept, `${field}=${String(value).slice(0, 40)}`).toEqual([]);
            if (field === 'image_url') expect(kept[0]?.image_url ?? null, String(value).slice(0, 40)).toBeNull();
          }
        });
      }
    });
  }
});

describe('field rules', () => {
  test('a backslash after the leading slash is refused: browsers read "/\\\\host" as another site', () => {
    expect(parseImageUrl('/\\evil.example/x.png')).toBe(false);
    expect(parseImageUrl('/images/x.svg')).toBe('/images/x.svg');
  });

  test('an http(s) photo URL is kept for the build to fetch; only what src/lib/images.ts allows is ever shown', () => {
    const photo = 'https://abc.supabase.co/storage/v1/object/public/product-images/atta.jpg';
    expect(parseImageUrl(photo)).toBe(photo);
    expect(parseImageUrl('HTTP://127.0.0.1:8080/a.jpg?v=2')).toBe('HTTP://127.0.0.1:8080/a.jpg?v=2');
    expect(displayImage(photo, null)).toBe(PLACEHOLDER_IMAGE);
    expect(displayImage('https://evil.example/x.png', null)).toBe(PLACEHOLDER_IMAGE);
  });

  test('prices are checked after rounding, with a sane maximum', () => {
    expect(readPrice(1e307)).toBeNull();
    expect(readPrice(PRICE_MAX)).toBe(PRICE_MAX * 100);
    expect(readPrice(PRICE_MAX + 0.001)).toBe(PRICE_MAX * 100);
    expect(readPrice(PRICE_MAX + 0.01)).toBeNull();
    expect(readPrice('68.005')).toBe(6801);
  });

  test('a field name says its unit: `price_paise` is whole paise, `price` is rupees read into paise', () => {
    expect(readPriceField({ price_paise: 2800 }, 'price')).toBe(2800);
    expect(readPriceField({ price_paise: '2800' }, 'price')).toBe(2800);
    expect(readPriceField({ price: 28 }, 'price')).toBe(2800);
    expect(readPriceField({ price: '28.005' }, 'price')).toBe(2801);
    // The paise field wins, and is never read as rupees: a fraction of a paisa or an out-of-range value is refused.
    expect(readPriceField({ price_paise: 2800, price: 99 }, 'price')).toBe(2800);
    expect(readPriceField({ price_paise: 28.5, price: 28 }, 'price')).toBeNull();
    expect(readPriceField({ price_paise: PRICE_MAX * 100 + 1 }, 'price')).toBeNull();
    expect(readPriceField({ original_price_paise: null, original_price: 30 }, 'original_price')).toBe(3000);
    expect(readPaise(-1)).toBeNull();
    expect(readPaise('12.5')).toBeNull();
    expect(readPaise(0)).toBe(0);
  });

  test(`quantities are whole, from 1 to ${MAX_LINE_QUANTITY}`, () => {
    expect([readQuantity(0), readQuantity(-1), readQuantity(Number.NaN), readQuantity('x')]).toEqual([null, null, null, null]);
    expect([readQuantity(1.9), readQuantity('3'), readQuantity(1e9)]).toEqual([1, 3, MAX_LINE_QUANTITY]);
  });

  test('ids that name files or routes of the site are refused as reserved', () => {
    for (const id of [...RESERVED_IDS, 'Index.HTML', '_astro', '.env', 'old-page.htm'])
      expect(parseId(id), id).toEqual({ ok: false, reason: 'reserved id' });
    expect(parseId('index-html-guide')).toEqual({ ok: true, id: 'index-html-guide' });
  });

  test('a tampered cart line priced 1e307 is dropped, so the count and the lines agree', () => {
    const cart = decodeCart(
      JSON.stringify([
        { id: 'a', product_id: 'a', quantity: 1, product: { ...good, id: 'a', price: 1e307 } },
        { id: 'b', product_id: 'b', quantity: 3, product: { ...good, id: 'b' } },
      ]),
    );
    expect(cart.map((line) => [line.product_id, line.quantity])).toEqual([['b', 3]]);
  });

  test('readCardProduct keeps an original price only above the price', () => {
    expect(readCardProduct({ ...good, original_price: 30 })?.original_price_paise).toBeNull();
    expect(readCardProduct({ ...good, original_price: '49.00' })?.original_price_paise).toBe(4900);
    expect(readCardProduct({ ...good, is_available: false })?.is_available).toBe(false);
    expect(readCartProduct({ ...good, is_available: 'nonsense' })).not.toHaveProperty('is_available');
  });

  test('the build refuses a reserved product id with a warning line, and keeps the rest', () => {
    const { catalogue, report } = sanitizeCatalogue({
      categories: [{ id: 'veg', name: 'Veg' }],
      products: [
        { ...good, id: 'index.html', category_id: 'veg', is_available: true },
        { ...good, category_id: 'veg', is_available: true },
      ],
      stores: [],
    });
    expect(catalogue.products.map((p) => p.id)).toEqual([good.id]);
    expect(report.skipped).toEqual([{ table: 'products', index: 0, id: null, reason: 'reserved id' }]);
  });
});

describe('isRecord', () => {
  test('is true for a JSON object only: not null, an array or a primitive', () => {
    expect([{}, { id: 'a' }, Object.create(null)].map(isRecord)).toEqual([true, true, true]);
    expect([null, undefined, [], [{ id: 'a' }], 'a', 1, true].map(isRecord)).toEqual([false, false, false, false, false, false, false]);
  });
});
