/**
 * The pricing data as the database holds it (supabase/migrations/20261207000000_orders.sql: `coupons` and
 * `order_settings`), read and checked as input, and written compactly for the browser. Plain TypeScript with no
 * imports: the build's Vite plugin (scripts/integrations/pricing-data.ts) uses it as well as the cart.
 */

/** One coupon, as a row of the `coupons` table. */
export interface CouponRule {
  code: string;
  /** percent: `percent` of the counted items, at most `max_discount_paise`; free_delivery: the fee; cashback: credited after delivery. */
  kind: 'percent' | 'free_delivery' | 'cashback';
  percent: number | null;
  max_discount_paise: number | null;
  cashback_paise: number | null;
  /** The top-level categories whose items count (for the discount and the minimum); null: every item. */
  categories: readonly string[] | null;
  /** How a refusal names those categories ("fruits or vegetables"). */
  categories_label: string | null;
  /** The counted items must come to at least this (strictly more with `minimum_above`). */
  minimum_paise: number | null;
  minimum_above: boolean;
  /** Least total quantity of items. */
  min_items: number | null;
  /** Only for a first order (the database counts the phone's orders; the cart, this browser's). */
  first_order_only: boolean;
  /** Days of the week it works, in India time (0 Sunday ... 6 Saturday); null: every day. */
  weekdays: readonly number[] | null;
  is_active: boolean;
  sort_order: number;
}

/** The limits and fee of the `order_settings` row that the cart holds too. */
export interface OrderSettings {
  max_lines: number;
  max_line_quantity: number;
  delivery_fee_paise: number;
}

/** The columns a compact row leaves out when they hold the table's defaults (the rows are shipped: bytes count). */
export const ROW_DEFAULTS: Omit<CouponRule, 'code' | 'kind' | 'sort_order'> = {
  percent: null,
  max_discount_paise: null,
  cashback_paise: null,
  categories: null,
  categories_label: null,
  minimum_paise: null,
  minimum_above: false,
  min_items: null,
  first_order_only: false,
  weekdays: null,
  is_active: true,
};

/** A compact row: the code, the kind, and the columns that differ from the defaults. */
export type CompactCouponRow = Partial<CouponRule> & Pick<CouponRule, 'code' | 'kind'>;

/** Whole rows from compact ones, in their order (`sort_order` is the position). */
export function wholeCouponRows(rows: readonly CompactCouponRow[]): CouponRule[] {
  return rows.map((row, sort_order) => ({ ...ROW_DEFAULTS, ...row, sort_order }));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const whole = (value: unknown, min: number): value is number => Number.isSafeInteger(value) && (value as number) >= min;
const wholeOrNull = (value: unknown, min: number) => value === null || value === undefined || whole(value, min);

/**
 * The active coupons of rows read from the table, compact, in `sort_order`; throws naming the first row and column
 * that the cart could not price with (the table's own checks make that rare: a hand-made copy may not have them).
 */
export function compactCouponRows(rows: readonly unknown[]): CompactCouponRow[] {
  const out: { row: CompactCouponRow; order: number }[] = [];
  for (const raw of rows) {
    if (!isObject(raw)) throw new Error('a coupons row is not an object');
    const code = raw['code'];
    const bad = (column: string) => new Error(`coupons row ${JSON.stringify(code)}: ${column} is not one the cart can price with`);
    if (typeof code !== 'string' || !/^[A-Z0-9]{1,20}$/.test(code)) throw bad('code');
    if (raw['kind'] !== 'percent' && raw['kind'] !== 'free_delivery' && raw['kind'] !== 'cashback') throw bad('kind');
    for (const [column, min] of [
      ['percent', 1],
      ['max_discount_paise', 0],
      ['cashback_paise', 1],
      ['minimum_paise', 0],
      ['min_items', 1],
    ] as const) {
      if (!wholeOrNull(raw[column], min)) throw bad(column);
    }
    const { categories, categories_label: label, weekdays } = raw;
    if (categories != null && !(Array.isArray(categories) && categories.every((c) => typeof c === 'string'))) throw bad('categories');
    if (label != null && typeof label !== 'string') throw bad('categories_label');
    if (weekdays != null && !(Array.isArray(weekdays) && weekdays.every((d) => whole(d, 0) && d <= 6))) throw bad('weekdays');
    if (raw['is_active'] === false) continue;
    const row: Record<string, unknown> = { code, kind: raw['kind'] };
    for (const [column, fallback] of Object.entries(ROW_DEFAULTS)) {
      const value = raw[column] === undefined ? fallback : raw[column];
      if (column !== 'is_active' && JSON.stringify(value) !== JSON.stringify(fallback)) row[column] = value;
    }
    out.push({ row: row as CompactCouponRow, order: whole(raw['sort_order'], -(2 ** 31)) ? raw['sort_order'] : 0 });
  }
  return out.sort((a, b) => a.order - b.order).map((entry) => entry.row);
}

/** The settings row as the cart needs it; throws naming a column it could not use. */
export function readOrderSettings(raw: unknown): OrderSettings {
  if (!isObject(raw)) throw new Error('order_settings has no row');
  for (const [column, min] of [
    ['max_lines', 1],
    ['max_line_quantity', 1],
    ['delivery_fee_paise', 0],
  ] as const) {
    if (!whole(raw[column], min)) throw new Error(`order_settings: ${column} is not a whole number of at least ${min}`);
  }
  return {
    max_lines: raw['max_lines'] as number,
    max_line_quantity: raw['max_line_quantity'] as number,
    delivery_fee_paise: raw['delivery_fee_paise'] as number,
  };
}
