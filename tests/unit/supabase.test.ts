import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { CatalogueReadError } from '../../src/lib/catalogue/reads.ts';
import { sanitizeCatalogue } from '../../src/lib/catalogue/sanitize.ts';
import { createSupabaseClient, listAll, readFeatured, readProductById } from '../../src/lib/catalogue/supabase.ts';
import type { Catalogue } from '../../src/lib/catalogue/rows.ts';
import { startPostgrestServer, type PostgrestServer, type RecordedRequest, type Tables } from '../fixtures/postgrest-server.ts';

const KEY = 'test-anon-key-7f3a9c';
const HOSTILE = `%_*\\,()"'<script>`;
const ODD_NAME = `Odd ${HOSTILE.replace('<script>', '')} 🍎 mix`; // markup would be stripped from a stored name

function row(id: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name,
    brand: null,
    price: 10,
    original_price: null,
    image_url: null,
    quantity_unit: '1 pc',
    description: null,
    category_id: 'fruits',
    is_available: true,
    ...extra,
  };
}

/** A small catalogue whose names hold every character a shopper's text must match literally. */
const RAW: Tables = {
  categories: [
    { id: 'fruits', name: 'Fruits', parent_id: null, sort_order: 1, image_url: null },
    { id: 'apples', name: 'Apples', parent_id: 'fruits', sort_order: 1, image_url: null },
    { id: 'dairy', name: 'Dairy', parent_id: null, sort_order: 2, image_url: null },
  ],
  products: [
    row('p01', 'Shimla Apple', { category_id: 'apples', price: '120.50', original_price: '150.00' }),
    row('p02', 'Green Apple', { category_id: 'apples', is_available: false }),
    row('p03', '100% Orange Juice'),
    row('p04', 'Under_score Soap', { category_id: 'dairy' }),
    row('p05', 'Star*Brand Cola'),
    row('p06', 'Back\\slash Tea'),
    row('p07', 'Chips, (Masala) Party Pack'),
    row('p08', 'Amul "Gold" Milk', { category_id: 'dairy' }),
    row('p09', "O'Brien Oats"),
    row('p10', ODD_NAME),
    row('p11', 'बासमती चावल'),
    row('p12', 'Apple Cider Vinegar'),
    row('p13', 'APPLE JUICE'),
    row('p14', 'Banana Robusta'),
    row('p15', 'Alphonso Mango'),
  ],
  stores: [
    {
      id: 's1',
      name: 'Sharma Kirana Store',
      shop_type: 'grocery',
      is_active: true,
      rating: 4.4,
      delivery_time_min: 12,
      address: null,
      image_url: null,
    },
    {
      id: 's2',
      name: 'Closed Kirana',
      shop_type: 'grocery',
      is_active: false,
      rating: null,
      delivery_time_min: null,
      address: null,
      image_url: null,
    },
    {
      id: 's3',
      name: 'City Pharmacy',
      shop_type: 'pharmacy',
      is_active: true,
      rating: '4.0',
      delivery_time_min: '20',
      address: null,
      image_url: null,
    },
  ],
};
const CATALOGUE: Catalogue = sanitizeCatalogue(RAW).catalogue;

let server: PostgrestServer;

function source(options: { key?: string; timeoutMs?: number } = {}) {
  const client = createSupabaseClient(
    server.url,
    options.key ?? KEY,
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
  );
  return reads(client);
}

/** The two live reads over one client, as the browser makes them (no retries). */
function reads(client: ReturnType<typeof createSupabaseClient>) {
  return {
    featuredProducts: () => readFeatured(client, { retry: false }),
    productById: (id: string) => readProductById(client, id, { retry: false }),
  };
}

function only(requests: RecordedRequest[]): RecordedRequest {
  expect(requests).toHaveLength(1);
  return requests[0] as RecordedRequest;
}

async function lastRequest<T>(read: () => Promise<T>): Promise<{ result: T; request: RecordedRequest }> {
  const before = server.requests.length;
  const result = await read();
  return { result, request: only(server.requests.slice(before)) };
}

/** A port nothing listens on: bind one, then let it go. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  server = await startPostgrestServer({ key: KEY, tables: RAW });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.fail(null);
  server.setTables(RAW);
});

describe('requests', () => {
  test('featured: available products, ordered by id, limit 8, as a list', async () => {
    const { result, request } = await lastRequest(() => source().featuredProducts());
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/rest/v1/products');
    expect(request.query).toEqual([
      ['select', '*'],
      ['is_available', 'eq.true'],
      ['order', 'id.asc'],
      ['limit', '8'],
    ]);
    expect(request.headers['accept']).not.toContain('vnd.pgrst.object');
    expect(request.headers['apikey']).toBe(KEY);
    expect(request.headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(result.map((p) => p.id)).toEqual(['p01', 'p03', 'p04', 'p05', 'p06', 'p07', 'p08', 'p09']);
  });

  test('product by id: one object by Accept header, numbers parsed from numeric strings', async () => {
    const { result, request } = await lastRequest(() => source().productById('p01'));
    expect(request.path).toBe('/rest/v1/products');
    expect(request.query).toEqual([
      ['select', '*'],
      ['id', 'eq.p01'],
    ]);
    expect(request.headers['accept']).toBe('application/vnd.pgrst.object+json');
    expect(result).toEqual({ ...CATALOGUE.products[0], price_paise: 12050, original_price_paise: 15000 });
  });

  test('product by id: a missing row (406 PGRST116) is null, an unavailable one is returned', async () => {
    const miss = await lastRequest(() => source().productById('nope'));
    expect(miss.result).toBeNull();
    expect(miss.request.query).toEqual([
      ['select', '*'],
      ['id', 'eq.nope'],
    ]);
    expect((await source().productById('p02'))?.is_available).toBe(false);
  });

  test('product by id: hostile ids never reach the backend or answer null', async () => {
    const before = server.requests.length;
    for (const id of [
      '',
      '  ',
      '../etc/passwd',
      'p01?select=*',
      'p01#x',
      'p01/../p02',
      `' or 1=1 --`,
      'p01\u0000',
      `a${'b'.repeat(300)}`,
    ]) {
      expect(await source().productById(id)).toBeNull();
    }
    expect(server.requests.length).toBe(before);
    // Valid as a path segment but meaningful to PostgREST elsewhere: sent literally, answered null.
    for (const id of ['p01,p02', '(p01)', 'p0*', 'eq.p01', `p'01"`, '<script>']) {
      const { result, request } = await lastRequest(() => source().productById(id));
      expect(result).toBeNull();
      expect(request.query).toContainEqual(['id', `eq.${id}`]);
    }
  });
});

describe('rows from the backend are sanitized', () => {
  test('a list leaves out bad rows and cleans markup; a single read answers null for a bad row', async () => {
    server.setTables({
      ...RAW,
      products: [
        row('b1', '<script>alert(1)</script><b>Bold</b> Paneer', { price: '90.00', image_url: 'javascript:alert(1)' }),
        row('b2', 'Negative Dal', { price: -1 }),
        row('b3', 'Priceless Atta', { price: null }),
        row('b4', '<img src=x onerror=alert(1)>'),
      ],
    });
    const list = await source().featuredProducts();
    const { price: _price, original_price: _original, ...rest } = row('b1', 'Bold Paneer');
    expect(list).toEqual([{ ...rest, price_paise: 9000, original_price_paise: null, image_url: null }]);
    expect(await source().productById('b2')).toBeNull();
    expect(await source().productById('b4')).toBeNull();
  });
});

describe('failures', () => {
  test('a 500 throws CatalogueReadError naming the read and the cause, in one line, without the key', async () => {
    server.fail({ kind: 'status', status: 500, body: { code: 'XX000', message: `boom\nsecond line ${KEY}`, details: null, hint: null } });
    const error = await source()
      .featuredProducts()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogueReadError);
    expect((error as Error).message).toBe('Supabase read of featured products failed: HTTP 500 XX000: boom second line [redacted]');
    await expect(source().productById('p01')).rejects.toThrow(/^Supabase read of product by id failed: HTTP 500 XX000: boom/);
  });

  test('a 406 that is not PGRST116 is an error, not a missing row', async () => {
    server.fail({
      kind: 'status',
      status: 406,
      body: { code: 'PGRST107', message: 'None of these media types are available', details: null, hint: null },
    });
    await expect(source().productById('p01')).rejects.toThrow('Supabase read of product by id failed: HTTP 406 PGRST107');
  });

  test('an HTML error page from a proxy becomes its text on one line', async () => {
    server.fail({
      kind: 'status',
      status: 502,
      body: '<html>\n<head><title>502 Bad Gateway</title></head>\n<body><h1>502 Bad Gateway</h1></body></html>',
    });
    await expect(source().featuredProducts()).rejects.toThrow(
      'Supabase read of featured products failed: HTTP 502: 502 Bad Gateway 502 Bad Gateway',
    );
  });

  test('a wrong key is a 401 error that does not print the key', async () => {
    const wrong = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';
    const error = (await source({ key: wrong })
      .featuredProducts()
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(CatalogueReadError);
    expect(error.message).toMatch(/^Supabase read of featured products failed: HTTP 401/);
    expect(error.message).not.toContain(wrong);
  });

  test('an answer of the wrong shape is an error', async () => {
    server.fail({ kind: 'status', status: 200, body: { not: 'a list' } });
    await expect(source().featuredProducts()).rejects.toThrow(
      'Supabase read of featured products failed: unexpected response: expected a list of rows',
    );
    server.fail({ kind: 'status', status: 200, body: [1, 2] });
    await expect(source().productById('p01')).rejects.toThrow(
      'Supabase read of product by id failed: unexpected response: expected one row',
    );
  });

  test('a closed socket throws CatalogueReadError', async () => {
    server.fail({ kind: 'close' });
    await expect(source().featuredProducts()).rejects.toThrow(/^Supabase read of featured products failed: fetch failed/);
  });

  test('connection refused throws CatalogueReadError with the cause', async () => {
    const port = await closedPort();
    const client = createSupabaseClient(`http://127.0.0.1:${port}`, KEY);
    const error = (await reads(client)
      .productById('p01')
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(CatalogueReadError);
    expect(error.message).toBe(`Supabase read of product by id failed: fetch failed (connect ECONNREFUSED 127.0.0.1:${port})`);
  });

  test('a backend that never answers times out', async () => {
    server.fail({ kind: 'hang' });
    const started = Date.now();
    await expect(source({ timeoutMs: 250 }).featuredProducts()).rejects.toThrow(
      'Supabase read of featured products failed: timed out after 250 ms',
    );
    expect(Date.now() - started).toBeLessThan(5_000); // no retries after a timeout
  });

  test('an answer that stops part-way times out too', async () => {
    server.fail({ kind: 'stall' });
    await expect(source({ timeoutMs: 250 }).productById('p01')).rejects.toThrow(
      'Supabase read of product by id failed: timed out after 250 ms',
    );
  });
});

describe('listAll', () => {
  /** 2,500 synthetic products, ids zero-padded so id order is numeric order, inserted in reverse. */
  const many = Array.from({ length: 2500 }, (_, i) => row(`p${String(2499 - i).padStart(4, '0')}`, `Product ${2499 - i}`));
  const manyTables: Tables = { categories: RAW.categories, products: many, stores: RAW.stores };

  test('pages through more than 1,000 rows in id order until an empty page', async () => {
    server.setTables(manyTables);
    const before = server.requests.length;
    const rows = await listAll(createSupabaseClient(server.url, KEY), 'products');
    const requests = server.requests.slice(before);
    expect(rows).toHaveLength(2500);
    expect(rows.map((r) => (r as { id: string }).id)).toEqual(many.map((r) => r.id).reverse());
    expect(requests.map((r) => r.query)).toEqual(
      [0, 1000, 2000, 2500].map((offset) => [
        ['select', '*'],
        ['order', 'id.asc'],
        ['offset', String(offset)],
        ['limit', '1000'],
      ]),
    );
    for (const r of requests) expect(r.headers['authorization']).toBe(`Bearer ${KEY}`);
  });

  test('still reads every row when the backend caps pages below 1,000', async () => {
    const capped = await startPostgrestServer({ key: KEY, tables: manyTables, maxRows: 300 });
    try {
      const rows = await listAll(createSupabaseClient(capped.url, KEY), 'products');
      expect(new Set(rows.map((r) => (r as { id: string }).id)).size).toBe(2500);
      expect(capped.requests).toHaveLength(10); // 9 pages of 300 (the last 100) and the empty one
    } finally {
      await capped.close();
    }
  });

  test('a failure part-way throws CatalogueReadError naming the table', async () => {
    server.setTables(manyTables);
    server.fail({ kind: 'status', status: 500, body: { code: '57014', message: 'canceling statement due to statement timeout' } }, (r) =>
      r.query.some(([k, v]) => k === 'offset' && v === '1000'),
    );
    await expect(listAll(createSupabaseClient(server.url, KEY), 'products', { retry: false })).rejects.toThrow(
      'Supabase read of products failed: HTTP 500 57014: canceling statement due to statement timeout',
    );
  });

  test('an unreachable host gives one clear line', async () => {
    const client = createSupabaseClient('http://example.invalid', KEY);
    const error = (await listAll(client, 'categories', { retry: false }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(CatalogueReadError);
    // ENOTFOUND with a resolver, EAI_AGAIN in a sandbox without one.
    expect(error.message).toMatch(
      /^Supabase read of categories failed: fetch failed \(getaddrinfo (ENOTFOUND|EAI_AGAIN) example\.invalid\)$/,
    );
  });
});
