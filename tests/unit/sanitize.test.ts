import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import { parseId, roundMoney } from '../../src/lib/fields.ts';
import { sanitizeCatalogue, sanitizeProduct } from '../../src/lib/catalogue/sanitize.ts';
import { CATEGORY_ROW, readRow, STORE_ROW } from '../../src/lib/catalogue/rows.ts';

/** One category or store row read by its table's description, as `sanitizeCatalogue` reads it. */
const sanitizeCategory = (raw: unknown, known?: ReadonlySet<string>) => readRow(CATEGORY_ROW, raw, { categories: known });
const sanitizeStore = (raw: unknown) => readRow(STORE_ROW, raw);

const category = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Category ${id}`,
  parent_id: null,
  sort_order: 0,
  image_url: null,
  ...extra,
});
const product = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Product ${id}`,
  brand: null,
  price: 10,
  original_price: null,
  image_url: null,
  quantity_unit: '1 kg',
  description: null,
  category_id: 'fruits',
  is_available: true,
  ...extra,
});
const store = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Store ${id}`,
  shop_type: 'grocery',
  is_active: true,
  rating: 4.2,
  delivery_time_min: 12,
  address: null,
  image_url: null,
  ...extra,
});
const known = new Set(['fruits']);

function keptProduct(raw: unknown) {
  const result = sanitizeProduct(raw, known);
  if (!result.ok) throw new Error(`expected the row to be kept, skipped for ${result.reason}`);
  return result;
}

function skipReason(result: { ok: boolean; reason?: string }) {
  return result.ok ? 'kept' : result.reason;
}

describe('ids', () => {
  test('keeps strings trimmed and numbers as strings', () => {
    expect(parseId('  apple-1  ')).toEqual({ ok: true, id: 'apple-1' });
    expect(parseId(42)).toEqual({ ok: true, id: '42' });
    expect(parseId('बासमती-चावल')).toEqual({ ok: true, id: 'बासमती-चावल' });
  });

  test('treats null, undefined and blank as missing', () => {
    for (const value of [null, undefined, '', '   ']) expect(parseId(value)).toEqual({ ok: false, reason: 'missing id' });
  });

  test('rejects ids that cannot be one URL segment', () => {
    const bad = [
      '../etc/passwd',
      'a/b',
      'a?b=1',
      'a#top',
      'a b',
      'tab\there',
      'nul\u0000',
      'a\\b',
      '50%',
      '.',
      '..',
      'x'.repeat(201),
      'rtl\u202Eevil',
      NaN,
      Infinity,
      {},
      [],
      true,
    ];
    for (const value of bad) expect(parseId(value), JSON.stringify(value)).toEqual({ ok: false, reason: 'bad id' });
    expect(parseId('x'.repeat(200)).ok).toBe(true);
  });
});

describe('sanitizeProduct', () => {
  test('passes a clean row through unchanged, dropping unknown columns', () => {
    const result = keptProduct({ ...product('p1'), created_at: '2026-01-01T00:00:00Z' });
    const { price, original_price, ...rest } = product('p1');
    expect(result.row).toEqual({ ...rest, price_paise: price * 100, original_price_paise: original_price });
    expect(result.repairs).toEqual([]);
  });

  test('skips a row that is not an object', () => {
    for (const raw of [null, 42, 'p1', [product('p1')], undefined]) expect(skipReason(sanitizeProduct(raw))).toBe('not an object');
  });

  test('skips a row without an id or with a traversal id', () => {
    expect(skipReason(sanitizeProduct(product('')))).toBe('missing id');
    expect(skipReason(sanitizeProduct({ ...product('x'), id: undefined }))).toBe('missing id');
    expect(skipReason(sanitizeProduct(product('../admin')))).toBe('bad id');
    expect(skipReason(sanitizeProduct(product('a/b')))).toBe('bad id');
  });

  test('skips a missing, blank or markup-only name', () => {
    for (const name of [undefined, null, '', '   ', 42, '<img src=x onerror=alert(1)>', '<script>alert(1)</script>']) {
      expect(skipReason(sanitizeProduct(product('p1', { name }), known)), String(name)).toBe('missing name');
    }
  });

  test('removes markup from the name and description, keeping the text', () => {
    const result = keptProduct(
      product('p1', {
        name: '<b>Amul</b> <script>alert(1)</script>Butter<img src=x onerror=alert(1)>',
        description: '<p>Fresh &amp; creamy</p><style>body{display:none}</style><a href="javascript:alert(1)">click</a>',
        brand: '<i>Amul</i>',
        quantity_unit: '<span>500 g</span>',
      }),
    );
    expect(result.row.name).toBe('Amul Butter');
    expect(result.row.description).toBe('Fresh &amp; creamy click'); // nothing decoded: rendered as text
    expect(result.row.brand).toBe('Amul');
    expect(result.row.quantity_unit).toBe('500 g');
    expect(result.repairs).toEqual(['markup removed']);
    for (const text of [result.row.name, result.row.description, result.row.brand]) expect(text).not.toMatch(/[<>]/);
  });

  test('collapses whitespace and control characters and trims', () => {
    const result = keptProduct(product('p1', { name: '  Toor\n\n Dal\u0000 \t Premium  ', description: '   ' }));
    expect(result.row.name).toBe('Toor Dal Premium');
    expect(result.row.description).toBeNull();
    expect(result.repairs).toEqual([]);
  });

  test('caps names at 200 and descriptions at 2,000 characters without splitting an emoji', () => {
    const result = keptProduct(product('p1', { name: '🍎'.repeat(300), description: 'd'.repeat(100_000) }));
    expect(Array.from(result.row.name)).toHaveLength(200);
    expect(result.row.name).toBe('🍎'.repeat(200));
    expect(result.row.description).toHaveLength(2000);
    expect(result.repairs).toEqual(['name truncated', 'description truncated']);
  });

  test('skips a missing price', () => {
    for (const price of [undefined, null, '', '  '])
      expect(skipReason(sanitizeProduct(product('p1', { price }), known))).toBe('missing price');
  });

  test('skips a negative, non-numeric or non-finite price', () => {
    for (const price of [-1, '-0.01', 'abc', '1,299', NaN, Infinity, -Infinity, '1e400', true, {}, [10]]) {
      expect(skipReason(sanitizeProduct(product('p1', { price }), known)), inspect(price)).toBe('invalid price');
    }
  });

  test('accepts numeric strings, rounds to 2 decimals and keeps paise', () => {
    expect(keptProduct(product('p1', { price: '68.00' })).row.price_paise).toBe(6800);
    expect(keptProduct(product('p1', { price: ' 0 ' })).row.price_paise).toBe(0);
    const rounded = keptProduct(product('p1', { price: 1.005 }));
    expect(rounded.row.price_paise).toBe(101);
    expect(rounded.repairs).toEqual(['price rounded']);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(1e-7)).toBe(0);
  });

  test('drops an original price that is not a number, negative or below the price', () => {
    for (const original_price of ['abc', -5, 5, '9.99', NaN]) {
      const result = keptProduct(product('p1', { price: 10, original_price }));
      expect(result.row.original_price_paise, String(original_price)).toBeNull();
      expect(result.repairs).toEqual(['original price dropped']);
    }
    expect(keptProduct(product('p1', { original_price: undefined })).repairs).toEqual([]);
    expect(keptProduct(product('p1', { price: '10', original_price: '12.50' })).row.original_price_paise).toBe(1250);
    expect(keptProduct(product('p1', { price: 10, original_price: 10 })).row.original_price_paise).toBe(1000);
  });

  test('reads availability from booleans or "true"/"false" and defaults anything else to false', () => {
    expect(keptProduct(product('p1', { is_available: 'true' })).row.is_available).toBe(true);
    expect(keptProduct(product('p1', { is_available: 'false' })).row.is_available).toBe(false);
    for (const is_available of ['yes', 1, 'TRUE', null, undefined, {}]) {
      const result = keptProduct(product('p1', { is_available }));
      expect(result.row.is_available, inspect(is_available)).toBe(false);
      expect(result.repairs).toEqual(['availability defaulted']);
    }
  });

  test('makes a blank quantity unit null', () => {
    expect(keptProduct(product('p1', { quantity_unit: '  ' })).row.quantity_unit).toBeNull();
    expect(keptProduct(product('p1', { quantity_unit: null })).row.quantity_unit).toBeNull();
  });

  test('keeps site paths and http(s) photo URLs (the build decides what is fetched), nothing else', () => {
    expect(keptProduct(product('p1', { image_url: '/images/products/p1.webp' })).row.image_url).toBe('/images/products/p1.webp');
    const photo = 'https://ref.supabase.co/storage/v1/object/public/product-images/p1.jpg';
    expect(keptProduct(product('p1', { image_url: photo })).row.image_url).toBe(photo);
    expect(keptProduct(product('p1', { image_url: photo })).repairs).toEqual([]);
    const hostile = [
      'javascript:alert(1)',
      'https://user:secret@evil.example/x.png',
      'https://evil.example/x.png"onerror="alert(1)',
      '//cdn/x.png',
      '/\\evil.example/x.png',
      'images/x.png',
      '/x.png" onerror="alert(1)',
      "/x.png'",
      '/x.png><script>',
      '/a b.png',
      'data:image/png;base64,AAAA',
      ' //cdn/x.png',
      `/${'a'.repeat(3000)}`,
      42,
    ];
    for (const image_url of hostile) {
      const result = keptProduct(product('p1', { image_url }));
      expect(result.row.image_url, String(image_url)).toBeNull();
      expect(result.repairs).toEqual(['image url dropped']);
    }
    expect(keptProduct(product('p1', { image_url: '' })).repairs).toEqual([]);
  });

  test('skips a product whose category is unknown or missing', () => {
    expect(skipReason(sanitizeProduct(product('p1', { category_id: 'nope' }), known))).toBe('unknown category');
    expect(skipReason(sanitizeProduct(product('p1', { category_id: null }), known))).toBe('unknown category');
    expect(skipReason(sanitizeProduct(product('p1', { category_id: '../x' })))).toBe('unknown category');
    // Without the set of categories (the runtime source) any well-formed category id is accepted.
    expect(sanitizeProduct(product('p1', { category_id: 'nope' })).ok).toBe(true);
  });
});

describe('sanitizeCategory', () => {
  test('keeps a clean row', () => {
    const result = sanitizeCategory(category('fruits', { sort_order: '3' }));
    expect(result).toEqual({ ok: true, row: category('fruits', { sort_order: 3 }), repairs: [] });
  });

  test('makes an unknown or self parent top level', () => {
    const unknown = sanitizeCategory(category('apples', { parent_id: 'ghost' }), known);
    expect(unknown.ok && unknown.row.parent_id).toBeNull();
    expect(unknown.ok && unknown.repairs).toEqual(['unknown parent']);
    const self = sanitizeCategory(category('apples', { parent_id: 'apples' }));
    expect(self.ok && self.row.parent_id).toBeNull();
    expect(self.ok && self.repairs).toEqual(['parent loop broken']);
  });

  test('fixes a sort order that is not a whole number', () => {
    for (const sort_order of ['x', 1.5, NaN]) {
      const result = sanitizeCategory(category('c', { sort_order }));
      expect(result.ok && result.repairs, String(sort_order)).toEqual(['sort order fixed']);
    }
  });
});

describe('sanitizeStore', () => {
  test('keeps a clean row, numeric strings accepted', () => {
    const result = sanitizeStore(store('s1', { rating: '4.5', delivery_time_min: '15' }));
    expect(result).toEqual({ ok: true, row: store('s1', { rating: 4.5, delivery_time_min: 15 }), repairs: [] });
  });

  test('defaults an unknown shop type to grocery', () => {
    for (const shop_type of ['casino', '', null, 7]) {
      const result = sanitizeStore(store('s1', { shop_type }));
      expect(result.ok && result.row.shop_type).toBe('grocery');
      expect(result.ok && result.repairs).toEqual(['shop type defaulted']);
    }
    const cased = sanitizeStore(store('s1', { shop_type: ' Pharmacy ' }));
    expect(cased.ok && cased.row.shop_type).toBe('pharmacy');
  });

  test('drops a rating outside 0..5 or not a number', () => {
    for (const rating of [-0.1, 5.1, 'abc', NaN, Infinity]) {
      const result = sanitizeStore(store('s1', { rating }));
      expect(result.ok && result.row.rating, String(rating)).toBeNull();
      expect(result.ok && result.repairs).toEqual(['rating dropped']);
    }
    const edge = sanitizeStore(store('s1', { rating: 0 }));
    expect(edge.ok && edge.row.rating).toBe(0);
  });

  test('drops a non-positive delivery time and rounds a fractional one', () => {
    for (const delivery_time_min of [0, -5, 'soon', NaN]) {
      const result = sanitizeStore(store('s1', { delivery_time_min }));
      expect(result.ok && result.row.delivery_time_min, String(delivery_time_min)).toBeNull();
      expect(result.ok && result.repairs).toEqual(['delivery time dropped']);
    }
    const rounded = sanitizeStore(store('s1', { delivery_time_min: 12.6 }));
    expect(rounded.ok && rounded.row.delivery_time_min).toBe(13);
    expect(rounded.ok && rounded.repairs).toEqual(['delivery time rounded']);
    const tiny = sanitizeStore(store('s1', { delivery_time_min: 0.2 }));
    expect(tiny.ok && tiny.row.delivery_time_min).toBe(1);
  });

  test('reads is_active like is_available', () => {
    const text = sanitizeStore(store('s1', { is_active: 'false' }));
    expect(text.ok && text.row.is_active).toBe(false);
    const junk = sanitizeStore(store('s1', { is_active: 'maybe' }));
    expect(junk.ok && junk.row.is_active).toBe(false);
    expect(junk.ok && junk.repairs).toEqual(['active defaulted']);
  });

  test('strips markup from the address and drops an image that is not a URL', () => {
    const result = sanitizeStore(
      store('s1', { name: '<b>Sharma</b> Kirana', address: '<script>x()</script>Sector 14', image_url: 'data:image/png;base64,AAAA' }),
    );
    expect(result.ok && result.row).toMatchObject({ name: 'Sharma Kirana', address: 'Sector 14', image_url: null });
    expect(result.ok && result.repairs).toEqual(['markup removed', 'image url dropped']);
  });
});

describe('sanitizeCatalogue', () => {
  test('keeps the first of duplicate ids and checks products against surviving categories', () => {
    const { catalogue, report } = sanitizeCatalogue({
      categories: [category('fruits'), category('fruits', { name: 'Second fruits' }), category('../x')],
      products: [product('p1'), product('p1', { name: 'Second p1' }), product('p2', { category_id: '../x' }), product('p3')],
      stores: [store('s1'), store('s1'), 'not a row'],
    });
    expect(catalogue.categories.map((c) => c.name)).toEqual(['Category fruits']);
    expect(catalogue.products.map((p) => [p.id, p.name])).toEqual([
      ['p1', 'Product p1'],
      ['p3', 'Product p3'],
    ]);
    expect(catalogue.stores.map((s) => s.id)).toEqual(['s1']);
    expect(report.skipped).toEqual([
      { table: 'categories', index: 1, id: 'fruits', reason: 'duplicate id' },
      { table: 'categories', index: 2, id: null, reason: 'bad id' },
      { table: 'products', index: 1, id: 'p1', reason: 'duplicate id' },
      { table: 'products', index: 2, id: 'p2', reason: 'unknown category' },
      { table: 'stores', index: 1, id: 's1', reason: 'duplicate id' },
      { table: 'stores', index: 2, id: null, reason: 'not an object' },
    ]);
  });

  test('makes a category with an unknown parent top level', () => {
    const { catalogue, report } = sanitizeCatalogue({
      categories: [category('apples', { parent_id: 'ghost' }), category('fruits')],
      products: [],
      stores: [],
    });
    expect(catalogue.categories.find((c) => c.id === 'apples')?.parent_id).toBeNull();
    expect(report.repaired).toEqual([{ table: 'categories', id: 'apples', what: ['unknown parent'] }]);
  });

  test('breaks parent loops, keeping the rest of the tree', () => {
    const { catalogue, report } = sanitizeCatalogue({
      categories: [
        category('a', { parent_id: 'b' }),
        category('b', { parent_id: 'a' }),
        category('c', { parent_id: 'c' }),
        category('x', { parent_id: 'y' }),
        category('y', { parent_id: 'z' }),
        category('z', { parent_id: 'x' }),
        category('leaf', { parent_id: 'y' }),
      ],
      products: [],
      stores: [],
    });
    const parents = Object.fromEntries(catalogue.categories.map((c) => [c.id, c.parent_id]));
    expect(parents).toEqual({ a: null, b: 'a', c: null, x: null, y: 'z', z: 'x', leaf: 'y' });
    expect(report.repaired.map((r) => [r.id, r.what])).toEqual([
      ['a', ['parent loop broken']],
      ['c', ['parent loop broken']],
      ['x', ['parent loop broken']],
    ]);
    // No chain loops any more.
    for (const c of catalogue.categories) {
      const seen = new Set<string>();
      for (let id: string | null = c.id; id !== null; id = parents[id] ?? null) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
    }
  });

  test('survives a hostile catalogue and says so in one line', () => {
    const { catalogue, report } = sanitizeCatalogue({
      categories: [category('fruits'), category('dairy')],
      products: [
        product('p1', { name: '<script>alert(1)</script>Kesar Mango', description: '<img src=x onerror=alert(1)>Sweet' }),
        product('p2', { price: -3 }),
        product('p3', { price: undefined }),
        product('p4', { price: 'abc' }),
        product('p5', { category_id: 'toys' }),
        product('p6', { image_url: 'javascript:alert(1)' }),
        product('p7', { price: null }),
      ],
      stores: [store('s1')],
    });
    expect(catalogue.products.map((p) => p.id)).toEqual(['p1', 'p6']);
    expect(catalogue.products[0]?.name).toBe('Kesar Mango'); // script content goes with the element
    expect(catalogue.products[0]?.description).toBe('Sweet');
    expect(report.summary()).toBe(
      'catalogue: 2 products, 2 categories, 1 stores, 0 delivery areas; skipped 5 (2 invalid price, 2 missing price, 1 unknown category); repaired 2 (1 image url dropped, 1 markup removed)',
    );
  });

  test('says "nothing skipped" for a clean catalogue', () => {
    const { report } = sanitizeCatalogue({ categories: [category('fruits')], products: [product('p1')], stores: [store('s1')] });
    expect(report.summary()).toBe('catalogue: 1 products, 1 categories, 1 stores, 0 delivery areas; nothing skipped');
    expect(report.summary()).not.toContain('\n');
  });

  test('treats a missing table as empty', () => {
    const { catalogue } = sanitizeCatalogue({ categories: [], products: undefined as unknown as unknown[], stores: [] });
    expect(catalogue.products).toEqual([]);
  });
});
