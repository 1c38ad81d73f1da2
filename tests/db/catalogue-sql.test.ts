/**
 * The catalogue schema (supabase/migrations) and seed (supabase/seed.sql) against a real
 * PostgreSQL 15, started for this file by ./postgres.ts.
 *
 * The database is first made to look like Supabase's (./supabase.ts), so that the migrations'
 * revokes are what keeps anon read-only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSeedSql } from '../../scripts/catalogue/seed-sql.ts';
import type {
  CatalogueTables,
  CategoryTableRow,
  DeliveryAreaTableRow,
  ProductTableRow,
  StoreTableRow,
} from '../../src/lib/catalogue/rows.ts';
import { startPostgres, type PostgresCluster } from './postgres.ts';
import { prepareDatabase, runScript, SEED_FILE, SUPABASE_ROLES } from './supabase.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CATALOGUE_FILE = join(ROOT, 'src/data/sample-catalogue.json');

const TABLES = ['categories', 'products', 'stores', 'delivery_areas'] as const;
type Table = (typeof TABLES)[number];

async function counts(client: pg.Client): Promise<Record<Table, number>> {
  const { rows } = await client.query<Record<Table, number>>(
    `select (select count(*) from categories)::int as categories,
            (select count(*) from products)::int as products,
            (select count(*) from stores)::int as stores,
            (select count(*) from delivery_areas)::int as delivery_areas`,
  );
  const row = rows[0];
  if (row === undefined) throw new Error('no counts');
  return row;
}

/** Runs `fn` in a transaction as `role`, always rolled back. */
async function asRole<T>(client: pg.Client, role: 'anon' | 'authenticated', fn: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    await client.query(`set local role ${role}`);
    return await fn();
  } finally {
    await client.query('rollback');
  }
}

/** Runs `fn` in a transaction that is always rolled back. */
async function rolledBack<T>(client: pg.Client, fn: () => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    return await fn();
  } finally {
    await client.query('rollback');
  }
}

const byId = <T extends { id: string }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/** The rows of the three tables in the shape of the catalogue JSON, for comparing the two. */
async function readCatalogue(client: pg.Client): Promise<CatalogueTables> {
  const categories = await client.query<CategoryTableRow>('select id, name, parent_id, sort_order, image_url from categories');
  const products = await client.query<Omit<ProductTableRow, 'price' | 'original_price'> & { price: string; original_price: string | null }>(
    `select id, name, brand, price::text as price, original_price::text as original_price, image_url,
            quantity_unit, description, category_id, is_available
       from products`,
  );
  const stores = await client.query<Omit<StoreTableRow, 'rating'> & { rating: string | null }>(
    `select id, name, shop_type, is_active, rating::text as rating, delivery_time_min, address, image_url
       from stores`,
  );
  const areas = await client.query<DeliveryAreaTableRow>('select pincode, area, city, store_id from delivery_areas order by pincode');
  const num = (v: string | null): number | null => (v === null ? null : Number(v));
  return {
    delivery_areas: areas.rows,
    categories: byId(categories.rows),
    products: byId(products.rows.map((p) => ({ ...p, price: Number(p.price), original_price: num(p.original_price) }))),
    stores: byId(stores.rows.map((s) => ({ ...s, rating: num(s.rating) }))),
  };
}

/** The catalogue JSON normalised to exactly the table columns (absent optional fields read as null). */
function normalise(catalogue: CatalogueTables): CatalogueTables {
  return {
    delivery_areas: catalogue.delivery_areas
      .map((a) => ({ pincode: a.pincode, area: a.area, city: a.city, store_id: a.store_id }))
      .sort((a, b) => (a.pincode < b.pincode ? -1 : a.pincode > b.pincode ? 1 : 0)),
    categories: byId(
      catalogue.categories.map((c) => ({
        id: c.id,
        name: c.name,
        parent_id: c.parent_id ?? null,
        sort_order: c.sort_order,
        image_url: c.image_url ?? null,
      })),
    ),
    products: byId(
      catalogue.products.map((p) => ({
        id: p.id,
        name: p.name,
        brand: p.brand ?? null,
        price: p.price,
        original_price: p.original_price ?? null,
        image_url: p.image_url ?? null,
        quantity_unit: p.quantity_unit ?? null,
        description: p.description ?? null,
        category_id: p.category_id,
        is_available: p.is_available,
      })),
    ),
    stores: byId(
      catalogue.stores.map((s) => ({
        id: s.id,
        name: s.name,
        shop_type: s.shop_type,
        is_active: s.is_active,
        rating: s.rating ?? null,
        delivery_time_min: s.delivery_time_min ?? null,
        address: s.address ?? null,
        image_url: s.image_url ?? null,
      })),
    ),
  };
}

let cluster: PostgresCluster | undefined;
let client: pg.Client;
let catalogue: CatalogueTables;
let seedSql: string;
let countsAfterFirstSeed: Record<Table, number>;

beforeAll(async () => {
  if (!existsSync(CATALOGUE_FILE)) {
    throw new Error(`${CATALOGUE_FILE} is missing: run \`npx node scripts/generate-catalogue.ts\``);
  }
  if (!existsSync(SEED_FILE)) {
    throw new Error(`${SEED_FILE} is missing: run \`npx node scripts/generate-catalogue.ts\``);
  }
  catalogue = JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')) as CatalogueTables;
  seedSql = readFileSync(SEED_FILE, 'utf8');

  cluster = await startPostgres();
  client = new pg.Client(cluster.clientConfig());
  await client.connect();
  await client.query(SUPABASE_ROLES);
  await prepareDatabase(client);
  await runScript(client, seedSql);
  countsAfterFirstSeed = await counts(client);
}, 60_000);

afterAll(async () => {
  // client is unset when beforeAll failed before connecting.
  await (client as pg.Client | undefined)?.end().catch(() => undefined);
  await cluster?.stop();
}, 30_000);

describe('seed', () => {
  it('is what renderSeedSql makes of the sample catalogue (regenerate with `npx node scripts/generate-catalogue.ts`)', () => {
    expect(seedSql).toBe(renderSeedSql(catalogue));
  });

  it('loads as many rows as the catalogue JSON has', () => {
    expect(countsAfterFirstSeed).toEqual({
      categories: catalogue.categories.length,
      products: catalogue.products.length,
      stores: catalogue.stores.length,
      delivery_areas: catalogue.delivery_areas.length,
    });
    expect(catalogue.delivery_areas.length).toBeGreaterThan(0);
    expect(catalogue.products.length).toBeGreaterThan(0);
  });

  it('stores every value of the catalogue JSON unchanged', async () => {
    expect(await readCatalogue(client)).toEqual(normalise(catalogue));
  });

  it('can be applied again: same counts, untouched updated_at', async () => {
    const stamp = async (): Promise<unknown> =>
      (await client.query('select max(updated_at) as m, min(updated_at) as n from products')).rows[0];
    const before = await stamp();
    await runScript(client, seedSql);
    expect(await counts(client)).toEqual(countsAfterFirstSeed);
    expect(await stamp()).toEqual(before);
    expect(await readCatalogue(client)).toEqual(normalise(catalogue));
  });
});

describe('anon (the storefront key)', () => {
  it.each(TABLES)('can read every row of %s', async (table) => {
    const seen = await asRole(client, 'anon', async () => {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      return rows[0]?.n;
    });
    expect(seen).toBe(countsAfterFirstSeed[table]);
  });

  it('sees unavailable products and inactive stores too (pages read them by id)', async () => {
    const seen = await asRole(client, 'anon', async () => await counts(client));
    expect(seen).toEqual(countsAfterFirstSeed);
  });

  const writes: Record<Table, { insert: string; update: string; delete: string }> = {
    categories: {
      insert: "insert into categories (id, name) values ('zz-anon', 'Anon')",
      update: "update categories set name = 'Hacked'",
      delete: 'delete from categories',
    },
    products: {
      insert: "insert into products (id, name, price, category_id) values ('zz-anon', 'Anon', 1, 'zz')",
      update: 'update products set price = 0',
      delete: 'delete from products',
    },
    stores: {
      insert: "insert into stores (id, name, shop_type) values ('zz-anon', 'Anon', 'grocery')",
      update: 'update stores set is_active = false',
      delete: 'delete from stores',
    },
    delivery_areas: {
      insert: "insert into delivery_areas (pincode, area, city, store_id) values ('999999', 'Anon', 'Anon', 'zz')",
      update: "update delivery_areas set store_id = 'zz'",
      delete: 'delete from delivery_areas',
    },
  };
  const cases = TABLES.flatMap((table) =>
    (['insert', 'update', 'delete', 'truncate'] as const).map((op) => ({
      table,
      op,
      sql: op === 'truncate' ? `truncate ${table} cascade` : writes[table][op],
    })),
  );

  it.each(cases)('may not $op $table', async ({ table, sql }) => {
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(asRole(client, role, () => client.query(sql))).rejects.toMatchObject({
        code: '42501',
        message: `permission denied for table ${table}`,
      });
    }
  });
});

describe('grants and row level security', () => {
  it('has RLS enabled on every catalogue table', async () => {
    const { rows } = await client.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
        where relnamespace = 'public'::regnamespace and relname = any($1) order by relname`,
      [TABLES],
    );
    expect(rows).toEqual([...TABLES].sort().map((relname) => ({ relname, relrowsecurity: true })));
  });

  it('has one permissive SELECT policy for anon and authenticated per table, and no other', async () => {
    const { rows } = await client.query<{ tablename: string; cmd: string; roles: string[]; qual: string }>(
      `select tablename, cmd, roles::text[] as roles, qual from pg_policies
        where schemaname = 'public' and tablename = any($1) order by tablename`,
      [TABLES],
    );
    expect(rows).toEqual(
      [...TABLES].sort().map((tablename) => ({ tablename, cmd: 'SELECT', roles: ['anon', 'authenticated'], qual: 'true' })),
    );
  });

  it.each(TABLES)('grants anon and authenticated SELECT only on %s', async (table) => {
    const { rows } = await client.query<{ role: string; privilege: string; granted: boolean }>(
      `select r as role, p as privilege, has_table_privilege(r, $1, p) as granted
         from unnest(array['anon', 'authenticated']) r,
              unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p`,
      [`public.${table}`],
    );
    for (const { role, privilege, granted } of rows) {
      expect({ role, privilege, granted }).toEqual({ role, privilege, granted: privilege === 'SELECT' });
    }
  });
});

describe('constraints', () => {
  const expectRejected = async (sql: string, code: string, constraint: string | undefined): Promise<void> => {
    await expect(rolledBack(client, () => client.query(sql))).rejects.toMatchObject(
      constraint === undefined ? { code } : { code, constraint },
    );
  };
  const category = (): string => {
    const first = catalogue.categories[0];
    if (first === undefined) throw new Error('the sample catalogue has no categories');
    return first.id.replaceAll("'", "''");
  };

  it('accept a valid product and store (so the rejections below are the constraints)', async () => {
    await rolledBack(client, async () => {
      await client.query(
        `insert into products (id, name, price, original_price, category_id) values ('zz-ok', 'Ok', 10, 10, '${category()}')`,
      );
      await client.query("insert into stores (id, name, shop_type, rating, delivery_time_min) values ('zz-ok', 'Ok', 'bakery', 5, 1)");
    });
  });

  it('accept a valid delivery area, and reject a malformed pincode or an unknown store', async () => {
    const store = catalogue.stores[0]?.id.replaceAll("'", "''") ?? '';
    await rolledBack(client, () =>
      client.query(`insert into delivery_areas (pincode, area, city, store_id) values ('999999', 'A', 'C', '${store}')`),
    );
    for (const pincode of ['012345', '12345', '1234567', '12a456']) {
      await expectRejected(
        `insert into delivery_areas (pincode, area, city, store_id) values ('${pincode}', 'A', 'C', '${store}')`,
        '23514',
        'delivery_areas_pincode_format',
      );
    }
    await expectRejected(
      "insert into delivery_areas (pincode, area, city, store_id) values ('999999', 'A', 'C', 'no-such-store')",
      '23503',
      'delivery_areas_store_id_fkey',
    );
  });

  it('reject a negative price', async () => {
    await expectRejected(
      `insert into products (id, name, price, category_id) values ('zz-1', 'X', -0.01, '${category()}')`,
      '23514',
      'products_price_not_negative',
    );
  });

  it('reject an original_price below the price', async () => {
    await expectRejected(
      `insert into products (id, name, price, original_price, category_id) values ('zz-1', 'X', 10, 9.99, '${category()}')`,
      '23514',
      'products_original_price_not_below_price',
    );
  });

  it('reject a missing price', async () => {
    await expectRejected(`insert into products (id, name, category_id) values ('zz-1', 'X', '${category()}')`, '23502', undefined);
  });

  it('reject an unknown category_id', async () => {
    await expectRejected(
      "insert into products (id, name, price, category_id) values ('zz-1', 'X', 1, 'no-such-category')",
      '23503',
      'products_category_id_fkey',
    );
  });

  it('reject a blank product name', async () => {
    await expectRejected(
      `insert into products (id, name, price, category_id) values ('zz-1', '  ', 1, '${category()}')`,
      '23514',
      'products_name_not_blank',
    );
  });

  it('reject a blank category name', async () => {
    await expectRejected("insert into categories (id, name) values ('zz-1', '')", '23514', 'categories_name_not_blank');
  });

  it('reject an unknown parent category and a category that is its own parent', async () => {
    await expectRejected(
      "insert into categories (id, name, parent_id) values ('zz-1', 'X', 'no-such-category')",
      '23503',
      'categories_parent_id_fkey',
    );
    await expectRejected(
      "insert into categories (id, name, parent_id) values ('zz-1', 'X', 'zz-1')",
      '23514',
      'categories_parent_not_self',
    );
  });

  it('refuse to delete a category that still has products', async () => {
    await expectRejected(`delete from categories where id = '${category()}'`, '23503', undefined);
  });

  it('reject an unknown shop_type', async () => {
    await expectRejected("insert into stores (id, name, shop_type) values ('zz-1', 'X', 'florist')", '23514', 'stores_shop_type_check');
  });

  it('reject a rating of 6', async () => {
    await expectRejected(
      "insert into stores (id, name, shop_type, rating) values ('zz-1', 'X', 'grocery', 6)",
      '23514',
      'stores_rating_range',
    );
  });

  it('reject a delivery time of 0 minutes', async () => {
    await expectRejected(
      "insert into stores (id, name, shop_type, delivery_time_min) values ('zz-1', 'X', 'grocery', 0)",
      '23514',
      'stores_delivery_time_positive',
    );
  });
});

describe('indexes for the reads of spec section 7', () => {
  const plan = async (sql: string): Promise<string> =>
    rolledBack(client, async () => {
      await client.query('set local enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it('can serve a name substring search (ilike) from the trigram index', async () => {
    expect(await plan("select * from products where name ilike '%milk%'")).toContain('products_name_trgm_idx');
  });

  it('serves the category grid from the category index', async () => {
    expect(await plan("select * from products where category_id = 'fruits' and is_available")).toContain(
      'products_category_id_available_idx',
    );
  });

  it('has the is_available and is_active indexes', async () => {
    const { rows } = await client.query<{ indexname: string }>(
      "select indexname from pg_indexes where schemaname = 'public' order by indexname",
    );
    expect(rows.map((r) => r.indexname)).toEqual(
      expect.arrayContaining(['products_is_available_idx', 'stores_is_active_idx', 'categories_parent_id_idx']),
    );
  });
});

describe('renderSeedSql', () => {
  /** Values that break naive quoting, and a child category listed before its parent. */
  const tricky: CatalogueTables = {
    categories: [
      { id: "kid's", name: 'Child; drop table products; --', parent_id: "o'parent", sort_order: 2, image_url: null },
      { id: "o'parent", name: "O'Brien's \\' pantry", parent_id: null, sort_order: -1, image_url: "https://x.test/a?b=1&c='2'" },
    ],
    products: [
      {
        id: 'p-1',
        name: "Haldiram's ''Bhujia'' $$ /* \\",
        brand: null,
        price: 0,
        original_price: 0,
        image_url: null,
        quantity_unit: null,
        description: 'line one\nline two\t₹ दूध 🥛 \\n',
        category_id: "kid's",
        is_available: false,
      },
      {
        id: 'p-2',
        name: 'Amul Taaza',
        brand: "Amul'",
        price: 99999999.99,
        original_price: null,
        image_url: 'x',
        quantity_unit: '1 L',
        description: null,
        category_id: "o'parent",
        is_available: true,
      },
    ],
    stores: [
      {
        id: "s'1",
        name: 'Store',
        shop_type: 'pharmacy',
        is_active: false,
        rating: 4.5,
        delivery_time_min: 7,
        address: "12, MG Road'); --",
        image_url: null,
      },
      {
        id: 's-2',
        name: 'B',
        shop_type: 'electronics',
        is_active: true,
        rating: null,
        delivery_time_min: null,
        address: null,
        image_url: null,
      },
    ],
    delivery_areas: [
      { pincode: '122001', area: "O'Brien Nagar \\ $$", city: 'Gurgaon', store_id: "s'1" },
      { pincode: '560034', area: 'Koramangala', city: 'Bengaluru', store_id: 's-2' },
    ],
  };

  it('round-trips quotes, backslashes, unicode and nulls through a fresh database, twice', async () => {
    if (cluster === undefined) throw new Error('no cluster');
    await client.query('create database seed_scratch');
    const scratch = new pg.Client(cluster.clientConfig('seed_scratch'));
    await scratch.connect();
    try {
      await prepareDatabase(scratch);
      const sql = renderSeedSql(tricky);
      await runScript(scratch, sql);
      await runScript(scratch, sql);
      expect(await readCatalogue(scratch)).toEqual(normalise(tricky));
    } finally {
      await scratch.end();
    }
  });

  it('is deterministic and writes numerics with fixed decimals', () => {
    const sql = renderSeedSql(tricky);
    expect(renderSeedSql(structuredClone(tricky))).toBe(sql);
    expect(sql).toContain("('p-2', 'Amul Taaza', 'Amul''', 99999999.99, null,");
    expect(sql).toContain("'p-1', 'Haldiram''s ''''Bhujia'''' $$ /* \\', null, 0.00, 0.00,");
    expect(sql.indexOf("('o''parent'")).toBeLessThan(sql.indexOf("('kid''s'"));
  });

  it('refuses values it cannot write exactly', () => {
    const withPrice = (price: number): CatalogueTables => ({
      ...tricky,
      products: tricky.products.map((p) => ({ ...p, price })),
    });
    expect(() => renderSeedSql(withPrice(1.005))).toThrow(/decimal places/);
    expect(() => renderSeedSql(withPrice(Number.NaN))).toThrow(/finite/);
    expect(() => renderSeedSql({ ...tricky, stores: [...tricky.stores, ...tricky.stores] })).toThrow(/duplicate id/);
    expect(() =>
      renderSeedSql({ ...tricky, categories: [{ id: 'a', name: 'A', parent_id: 'b', sort_order: 0, image_url: null }] }),
    ).toThrow(/unknown parent_id/);
  });
});
