/**
 * Coupons at checkout (issue 17): the rules are rows of the `coupons` table (supabase/migrations/20261207000000_orders.sql)
 * as the build read them (scripts/integrations/pricing-data.ts), evaluated here for the cart and in SQL by place_order, by the same
 * steps in the same words; tests/fixtures/pricing-cases.json holds the two evaluators to one answer. Amounts in paise;
 * minimums count the items before the delivery fee.
 */
import { coupons } from 'virtual:thela/coupons';
import { normalizeCode, type CouponCode } from './coupon-codes.ts';
import { formatPaiseShort } from './format.ts';
import { DELIVERY_FEE_PAISE, lineTotalPaise } from './pricing.ts';
import { wholeCouponRows, type CouponRule } from './pricing-rows.ts';

export { normalizeCode, type CouponCode, type CouponRule };

/** Every active coupon, whole rows (as the table holds them), in their order: the build's (virtual:thela/coupons). */
export const COUPON_ROWS: readonly CouponRule[] = wholeCouponRows(coupons);

/** The active coupons by code. */
export const COUPON_RULES: Readonly<Record<CouponCode, CouponRule>> = Object.fromEntries(
  COUPON_ROWS.filter((rule) => rule.is_active).map((rule) => [rule.code, rule]),
);

/** True for one of the active codes. */
export function isCouponCode(code: string): boolean {
  return Object.hasOwn(COUPON_RULES, code);
}

/** The rule of one of our codes. */
export function couponRule(code: CouponCode): CouponRule {
  const rule = COUPON_RULES[code];
  if (rule === undefined) throw new Error(`No coupon ${code}`);
  return rule;
}

/** FREEDEL's threshold: free delivery on item totals strictly above it (₹300.00 pays the fee, ₹300.01 does not). */
export const FREE_DELIVERY_ABOVE_PAISE = couponRule('FREEDEL').minimum_paise ?? 0;
/** India has no daylight saving: IST is always UTC+05:30. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_NAMES = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'] as const;

/** A cart line as the rules read it. */
export interface CouponLine {
  price_paise: number;
  quantity: number;
  category_id?: string | null | undefined;
}

/** What the rules look at besides the code. */
export interface CouponContext {
  lines: readonly CouponLine[];
  /** This shopper has ordered before; null when only the database knows (live orders: it counts by phone). */
  hasOrders: boolean | null;
  /** Milliseconds since the epoch. */
  now: number;
}

/** An applied coupon: what it takes off what is paid (the waived fee for FREEDEL) and what it credits later. */
export interface AppliedCoupon {
  ok: true;
  code: CouponCode;
  discountPaise: number;
  cashbackPaise: number;
  message: string;
}

/** A refused code and why, in the shopper's words. `code` is null when the text is not one of ours. */
export interface RefusedCoupon {
  ok: false;
  code: CouponCode | null;
  reason: string;
}

export type CouponResult = AppliedCoupon | RefusedCoupon;

export const COUPON_INPUT_MAX = 20;

/** The day of the week in India (0 Sunday ... 6 Saturday). */
export function istWeekday(now: number): number {
  return new Date(now + IST_OFFSET_MS).getUTCDay();
}

function itemsPaise(lines: readonly CouponLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalPaise(line.price_paise, line.quantity), 0);
}

/** Total of the lines the rule counts: those in its categories, or all; a line without a category is in none. */
function countedPaise(rule: CouponRule, lines: readonly CouponLine[]): number {
  const { categories } = rule;
  return categories === null
    ? itemsPaise(lines)
    : itemsPaise(lines.filter((line) => line.category_id != null && categories.includes(line.category_id)));
}

function itemCount(lines: readonly CouponLine[]): number {
  return lines.reduce((n, line) => n + (Number.isFinite(line.quantity) && line.quantity > 0 ? Math.floor(line.quantity) : 0), 0);
}

function discountOf(rule: CouponRule, counted: number): { discountPaise: number; cashbackPaise: number } {
  switch (rule.kind) {
    case 'percent':
      return { discountPaise: Math.min(rule.max_discount_paise ?? 0, Math.floor((counted * (rule.percent ?? 0)) / 100)), cashbackPaise: 0 };
    case 'free_delivery':
      return { discountPaise: DELIVERY_FEE_PAISE, cashbackPaise: 0 };
    case 'cashback':
      return { discountPaise: 0, cashbackPaise: rule.cashback_paise ?? 0 };
  }
}

/** "Saturdays and Sundays", "Mondays, Tuesdays and Fridays": the days in the rule's order. */
function daysText(weekdays: readonly number[]): string {
  const names = weekdays.map((day) => DAY_NAMES[day] ?? '');
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

/** Evaluates the shopper's text against the cart; the first check that fails is the reason. */
export function evaluateCoupon(text: string, context: CouponContext): CouponResult {
  const code = normalizeCode(text);
  if (code === null) return { ok: false, code: null, reason: 'Enter a coupon code' };
  if (!isCouponCode(code)) {
    const shown = code.length <= COUPON_INPUT_MAX && /^[A-Z0-9]+$/.test(code) ? code : 'That';
    return { ok: false, code: null, reason: `${shown} is not a valid coupon code` };
  }
  const rule = couponRule(code);
  const refuse = (reason: string): RefusedCoupon => ({ ok: false, code, reason });
  const items = itemsPaise(context.lines);
  if (items <= 0) return refuse(`Add items to your cart to use ${code}`);
  if (rule.first_order_only && context.hasOrders === true) return refuse(`${code} is for your first order only`);
  if (rule.weekdays && !rule.weekdays.includes(istWeekday(context.now))) return refuse(`${code} works on ${daysText(rule.weekdays)} only`);
  if (rule.min_items !== null) {
    const missing = rule.min_items - itemCount(context.lines);
    if (missing > 0) return refuse(`Add ${missing} more ${missing === 1 ? 'item' : 'items'} to use ${code}`);
  }
  const counted = countedPaise(rule, context.lines);
  if (rule.minimum_paise !== null) {
    const need = rule.minimum_paise + (rule.minimum_above ? 1 : 0);
    if (counted < need) {
      const what = rule.categories_label === null ? '' : ` of ${rule.categories_label}`;
      return refuse(`Add ${formatPaiseShort(need - counted)} more${what} to use ${code}`);
    }
  }
  const { discountPaise, cashbackPaise } = discountOf(rule, counted);
  const message =
    rule.kind === 'cashback'
      ? `${code} applied: ${formatPaiseShort(cashbackPaise)} cashback after delivery`
      : rule.kind === 'free_delivery'
        ? `${code} applied: free delivery`
        : `${code} applied: you save ${formatPaiseShort(discountPaise)}`;
  const unsure = rule.first_order_only && context.hasOrders === null ? ' if this is your first order' : '';
  return { ok: true, code, discountPaise, cashbackPaise, message: `${message}${unsure}` };
}

/** The sums shown once a coupon is counted: the discount (at most subtotal + fee) comes off; cashback rides beside. */
export function withCoupon(totals: { subtotalPaise: number; deliveryFeePaise: number }, result: CouponResult | null) {
  const applied = result?.ok ? result : null;
  const discountPaise = Math.min(applied?.discountPaise ?? 0, totals.subtotalPaise + totals.deliveryFeePaise);
  return {
    subtotalPaise: totals.subtotalPaise,
    deliveryFeePaise: totals.deliveryFeePaise,
    discountPaise,
    cashbackPaise: applied?.cashbackPaise ?? 0,
    totalPaise: totals.subtotalPaise + totals.deliveryFeePaise - discountPaise,
    couponCode: applied?.code ?? null,
  };
}

export type CouponTotals = ReturnType<typeof withCoupon>;
