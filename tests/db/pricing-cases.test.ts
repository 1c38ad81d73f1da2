/**
 * One set of pricing rules, two evaluators that agree (issue 50): every cart of tests/fixtures/pricing-cases.json is
 * priced by the cart's TypeScript (src/lib/coupons.ts, src/lib/pricing.ts) and by the database's SQL
 * (private.price_cart in supabase/migrations/20261207000000_orders.sql, what place_order prices with), and both must
 * give the table's answer. The rules' data is checked to be one: the migration's rows are src/data/coupons.json.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COUPON_ROWS, evaluateCoupon, withCoupon } from '../../src/lib/coupons.ts';
import { MAX_LINE_QUANTITY } from '../../src/lib/fields.ts';
import { formatPaiseShort } from '../../src/lib/format.ts';
import { normalisePhone } from '../../src/lib/phone.ts';
import { cartTotals, DELIVERY_FEE_PAISE } from '../../src/lib/pricing.ts';
import { readBundledPricing } from '../../scripts/integrations/pricing-data.ts';
import { compactCouponRows } from '../../src/lib/pricing-rows.ts';
import { startPostgres, type PostgresCluster } from './postgres.ts';
import { prepareDatabase, SUPABASE_ROLES } from './supabase.ts';

interface PricingCase {
  name: string;
  lines: { price_paise: number; quantity: number; category_id: string | null }[];
  coupon: string | null;
  has_orders: boolean;
  now: string;
  expect: {
    subtotal_paise: number;
    delivery_fee_paise: number;
    discount_paise: number;
    cashback_paise: number;
    total_paise: number;
    /** null without a code, "applied", or the refusal's words. */
    coupon: string | null;
  };
}

const { cases } = JSON.parse(readFileSync(new URL('../fixtures/pricing-cases.json', import.meta.url), 'utf8')) as { cases: PricingCase[] };

let cluster: PostgresCluster | undefined;
let db: pg.Client;

beforeAll(async () => {
  cluster = await startPostgres();
  db = new pg.Client(cluster.clientConfig());
  await db.connect();
  await db.query(SUPABASE_ROLES);
  await prepareDatabase(db);
}, 60_000);

afterAll(async () => {
  await (db as pg.Client | undefined)?.end().catch(() => undefined);
  await cluster?.stop();
}, 30_000);

test('the table covers every coupon, refused and applied, and at least 30 carts', () => {
  expect(cases.length).toBeGreaterThanOrEqual(30);
  for (const { code } of COUPON_ROWS) {
    const mine = cases.filter((c) => c.coupon?.trim().toUpperCase() === code);
    expect(
      mine.some((c) => c.expect.coupon === 'applied'),
      `${code} applied`,
    ).toBe(true);
    expect(
      mine.some((c) => c.expect.coupon !== 'applied'),
      `${code} refused`,
    ).toBe(true);
  }
});

describe('the cart (TypeScript)', () => {
  test.each(cases)('$name', (c) => {
    const lines = c.lines;
    const result = c.coupon === null ? null : evaluateCoupon(c.coupon, { lines, hasOrders: c.has_orders, now: Date.parse(c.now) });
    const totals = withCoupon(cartTotals(lines), result);
    expect({
      subtotal_paise: totals.subtotalPaise,
      delivery_fee_paise: totals.deliveryFeePaise,
      discount_paise: totals.discountPaise,
      cashback_paise: totals.cashbackPaise,
      total_paise: totals.totalPaise,
      coupon: result === null ? null : result.ok ? 'applied' : result.reason,
    }).toEqual(c.expect);
  });
});

describe('the database (place_order)', () => {
  test.each(cases)('$name', async (c) => {
    const { rows } = await db.query<{ price: Record<string, unknown> & { coupon: { ok: boolean; reason?: string } | null } }>(
      'select private.price_cart($1::jsonb, $2, $3, $4::timestamptz) as price',
      [JSON.stringify(c.lines), c.coupon, c.has_orders, c.now],
    );
    const { coupon, ...totals } = rows[0]?.price ?? { coupon: null };
    expect({ ...totals, coupon: coupon === null ? null : coupon.ok ? 'applied' : coupon.reason }).toEqual(c.expect);
  });
});

describe('one set of data', () => {
  test("the migration's coupons are src/data/coupons.json, row for row (the file leaves out the table's defaults)", async () => {
    const { rows } = await db.query('select * from coupons order by sort_order');
    expect(rows).toEqual(COUPON_ROWS);
  });

  test("the migration's settings are src/data/order-settings.json, the sample's copy", async () => {
    const { rows } = await db.query('select max_lines, max_line_quantity, delivery_fee_paise from order_settings');
    expect(rows).toEqual([(await readBundledPricing()).orderSettings]);
    // What the cart was built with in this run (the bundled copy: no Supabase here).
    expect(rows[0]).toMatchObject({ delivery_fee_paise: DELIVERY_FEE_PAISE, max_line_quantity: MAX_LINE_QUANTITY });
  });

  test("the migration's coupons are the bundled copy's, compacted as the build compacts the table's", async () => {
    const { rows } = await db.query('select * from coupons');
    expect(compactCouponRows(rows)).toEqual((await readBundledPricing()).coupons);
  });

  test('a phone number is read alike: the checkout sends what the database keeps', async () => {
    const typed = [
      '9876543210',
      '+91 98765 43210',
      '+919876543210',
      '09876543210',
      '0091-98765-43210',
      '919876543210',
      ' 98765-43210 ',
      '5876543210',
      '98765 4321',
      '+1 415 555 0100',
      '98765432101',
      '',
      'abc',
    ];
    const { rows } = await db.query<{ phone: string | null }>(
      'select private.normalise_phone(p) as phone from unnest($1::text[]) with ordinality as t(p, n) order by n',
      [typed],
    );
    expect(rows.map((row) => row.phone)).toEqual(typed.map(normalisePhone));
    expect(typed.map(normalisePhone).filter((phone) => phone !== null)).toHaveLength(7);
  });

  test('amounts in sentences are written alike (Indian grouping, paise only when there are some)', async () => {
    const amounts = [0, 1, 50, 100, 12_345, 100_000, 1_234_567, 12_345_600, 1_234_567_890];
    const { rows } = await db.query<{ text: string }>('select private.format_rupees(a) as text from unnest($1::bigint[]) a', [amounts]);
    expect(rows.map((row) => row.text)).toEqual(amounts.map(formatPaiseShort));
  });
});
