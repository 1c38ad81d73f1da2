/** Coupons at checkout (issue 17): the rules as data and one evaluation in paise; minimums before the delivery fee. */
// Free delivery is FREEDEL above ₹300 (the spec's texts disagree: README).
import { COUPON_CODES, isCouponCode, normalizeCode, type CouponCode } from './coupon-codes.ts';
import { formatPaiseShort } from './format.ts';
import { DELIVERY_FEE_PAISE, lineTotalPaise } from './pricing.ts';

export { COUPON_CODES, isCouponCode, normalizeCode, type CouponCode };

/** Free delivery with FREEDEL on item totals strictly above ₹300 (₹300.00 pays the fee, ₹300.01 does not). */
export const FREE_DELIVERY_ABOVE_PAISE = 30000;
/** The top-level produce categories: WEEKEND30's, and those whose pages show the fixed produce subcategories. */
export const PRODUCE_CATEGORIES: ReadonlySet<string> = new Set(['fruits', 'vegetables']);
/** India has no daylight saving: IST is always UTC+05:30. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** What a coupon gives; a cashback is credited after delivery, never taken off what is paid. */
export type CouponBenefit =
  | { kind: 'percent'; percent: number; maxPaise: number; on: 'items' | 'produce' }
  | { kind: 'free-delivery' }
  | { kind: 'cashback'; paise: number };

/** A minimum the cart must reach; `above` means strictly more than `paise`. */
export interface CouponMinimum {
  of: 'items' | 'produce';
  paise: number;
  above: boolean;
}

export interface CouponRule {
  benefit: CouponBenefit;
  minimum?: CouponMinimum;
  /** Least total quantity of items (BULK20). */
  minItems?: number;
  firstOrderOnly?: boolean;
  /** Days of the week it works, in India time (0 Sunday ... 6 Saturday). */
  days?: readonly number[];
}

export const COUPON_RULES: Readonly<Record<CouponCode, CouponRule>> = {
  WELCOME50: {
    benefit: { kind: 'percent', percent: 50, maxPaise: 25000, on: 'items' },
    minimum: { of: 'items', paise: 50000, above: true },
    firstOrderOnly: true,
  },
  WEEKEND30: {
    benefit: { kind: 'percent', percent: 30, maxPaise: 15000, on: 'produce' },
    minimum: { of: 'produce', paise: 20000, above: false },
    days: [6, 0],
  },
  FREEDEL: {
    benefit: { kind: 'free-delivery' },
    minimum: { of: 'items', paise: FREE_DELIVERY_ABOVE_PAISE, above: true },
  },
  BULK20: {
    benefit: { kind: 'percent', percent: 20, maxPaise: 20000, on: 'items' },
    minItems: 5,
  },
  SAVE100: {
    benefit: { kind: 'cashback', paise: 10000 },
    minimum: { of: 'items', paise: 49900, above: false },
  },
};

/** A cart line as the rules read it. */
export interface CouponLine {
  price_paise: number;
  quantity: number;
  category_id?: string | null | undefined;
}

/** What the rules look at besides the code. */
export interface CouponContext {
  lines: readonly CouponLine[];
  hasOrders: boolean;
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

/** Total of the fruit and vegetable lines, in paise; a line without a category is not produce. */
function producePaise(lines: readonly CouponLine[]): number {
  return itemsPaise(lines.filter((line) => line.category_id != null && PRODUCE_CATEGORIES.has(line.category_id)));
}

function itemCount(lines: readonly CouponLine[]): number {
  return lines.reduce((n, line) => n + (Number.isFinite(line.quantity) && line.quantity > 0 ? Math.floor(line.quantity) : 0), 0);
}

function discountOf(benefit: CouponBenefit, items: number, produce: number): { discountPaise: number; cashbackPaise: number } {
  switch (benefit.kind) {
    case 'percent': {
      const base = benefit.on === 'produce' ? produce : items;
      return { discountPaise: Math.min(benefit.maxPaise, Math.floor((base * benefit.percent) / 100)), cashbackPaise: 0 };
    }
    case 'free-delivery':
      return { discountPaise: DELIVERY_FEE_PAISE, cashbackPaise: 0 };
    case 'cashback':
      return { discountPaise: 0, cashbackPaise: benefit.paise };
  }
}

/** Evaluates the shopper's text against the cart; the first check that fails is the reason. */
export function evaluateCoupon(text: string, context: CouponContext): CouponResult {
  const code = normalizeCode(text);
  if (code === null) return { ok: false, code: null, reason: 'Enter a coupon code' };
  if (!isCouponCode(code)) {
    const shown = code.length <= COUPON_INPUT_MAX && /^[A-Z0-9]+$/.test(code) ? code : 'That';
    return { ok: false, code: null, reason: `${shown} is not a valid coupon code` };
  }
  const rule = COUPON_RULES[code];
  const refuse = (reason: string): RefusedCoupon => ({ ok: false, code, reason });
  const items = itemsPaise(context.lines);
  if (items <= 0) return refuse(`Add items to your cart to use ${code}`);
  if (rule.firstOrderOnly && context.hasOrders) return refuse(`${code} is for your first order only`);
  if (rule.days && !rule.days.includes(istWeekday(context.now))) return refuse(`${code} works on Saturdays and Sundays only`);
  if (rule.minItems !== undefined) {
    const missing = rule.minItems - itemCount(context.lines);
    if (missing > 0) return refuse(`Add ${missing} more ${missing === 1 ? 'item' : 'items'} to use ${code}`);
  }
  const produce = producePaise(context.lines);
  if (rule.minimum) {
    const have = rule.minimum.of === 'produce' ? produce : items;
    const need = rule.minimum.paise + (rule.minimum.above ? 1 : 0);
    if (have < need) {
      const what = rule.minimum.of === 'produce' ? ' of fruits or vegetables' : '';
      return refuse(`Add ${formatPaiseShort(need - have)} more${what} to use ${code}`);
    }
  }
  const { discountPaise, cashbackPaise } = discountOf(rule.benefit, items, produce);
  const message =
    rule.benefit.kind === 'cashback'
      ? `${code} applied: ${formatPaiseShort(cashbackPaise)} cashback after delivery`
      : rule.benefit.kind === 'free-delivery'
        ? `${code} applied: free delivery`
        : `${code} applied: you save ${formatPaiseShort(discountPaise)}`;
  return { ok: true, code, discountPaise, cashbackPaise, message };
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
