import { describe, expect, test } from 'vitest';
import {
  COUPON_RULES,
  evaluateCoupon,
  FREE_DELIVERY_ABOVE_PAISE,
  istWeekday,
  withCoupon,
  type CouponContext,
  type CouponLine,
  type CouponResult,
} from '../../src/lib/coupons.ts';
import { cartTotals } from '../../src/lib/pricing.ts';
import { compactCouponRows, readOrderSettings, ROW_DEFAULTS } from '../../src/lib/pricing-rows.ts';

// Monday 23 Nov 2026, noon in India; Saturday and Sunday before it.
const MONDAY = Date.parse('2026-11-23T12:00:00+05:30');
const SATURDAY = Date.parse('2026-11-21T12:00:00+05:30');
const SUNDAY = Date.parse('2026-11-22T12:00:00+05:30');

/** One line of `rupees` (quantity 1) in `category`. */
const line = (rupees: number, category: string | null = 'dairy', quantity = 1): CouponLine => ({
  price_paise: Math.round(rupees * 100),
  quantity,
  category_id: category,
});
const ctx = (lines: CouponLine[], more: Partial<CouponContext> = {}): CouponContext => ({ lines, hasOrders: false, now: MONDAY, ...more });

function applied(result: CouponResult) {
  if (!result.ok) throw new Error(`expected the coupon to apply, got: ${result.reason}`);
  return result;
}
function reason(result: CouponResult): string {
  if (result.ok) throw new Error(`expected a refusal, got: ${result.message}`);
  return result.reason;
}

describe('the codes', () => {
  test('five codes, one rule each, found whatever the case and spacing', () => {
    expect(Object.keys(COUPON_RULES)).toEqual(['WELCOME50', 'WEEKEND30', 'FREEDEL', 'BULK20', 'SAVE100']);
    expect(applied(evaluateCoupon('  save100 ', ctx([line(600)]))).code).toBe('SAVE100');
  });

  test('blank, unknown and junk text are refused with a reason', () => {
    expect(reason(evaluateCoupon('', ctx([line(600)])))).toBe('Enter a coupon code');
    expect(reason(evaluateCoupon('   ', ctx([line(600)])))).toBe('Enter a coupon code');
    expect(reason(evaluateCoupon('save200', ctx([line(600)])))).toBe('SAVE200 is not a valid coupon code');
    expect(reason(evaluateCoupon('<img src=x>', ctx([line(600)])))).toBe('That is not a valid coupon code');
    expect(reason(evaluateCoupon('A'.repeat(500), ctx([line(600)])))).toBe('That is not a valid coupon code');
  });

  test('every code needs something in the cart', () => {
    for (const code of Object.keys(COUPON_RULES))
      expect(reason(evaluateCoupon(code, ctx([])))).toBe(`Add items to your cart to use ${code}`);
  });
});

describe('WELCOME50: 50% off the first order above ₹500, at most ₹250', () => {
  test('half off above ₹500', () => {
    const result = applied(evaluateCoupon('WELCOME50', ctx([line(300), line(201)])));
    expect(result).toMatchObject({ discountPaise: 25000, cashbackPaise: 0, message: 'WELCOME50 applied: you save ₹250' });
  });

  test('exactly ₹500 is refused (strictly above); ₹500.01 takes 50%, floored to the paisa', () => {
    expect(reason(evaluateCoupon('WELCOME50', ctx([line(500)])))).toBe('Add ₹0.01 more to use WELCOME50');
    expect(reason(evaluateCoupon('WELCOME50', ctx([line(379)])))).toBe('Add ₹121.01 more to use WELCOME50');
    expect(applied(evaluateCoupon('WELCOME50', ctx([line(500.01)]))).discountPaise).toBe(25000); // 25000.5 floored, at the cap
  });

  test('capped at ₹250 however large the order', () => {
    expect(applied(evaluateCoupon('WELCOME50', ctx([line(2000)]))).discountPaise).toBe(25000);
  });

  test('first order only', () => {
    expect(reason(evaluateCoupon('WELCOME50', ctx([line(900)], { hasOrders: true })))).toBe('WELCOME50 is for your first order only');
  });

  test('with live orders the database decides: the cart says it applies if this is the first order', () => {
    expect(applied(evaluateCoupon('WELCOME50', ctx([line(900)], { hasOrders: null }))).message).toBe(
      'WELCOME50 applied: you save ₹250 if this is your first order',
    );
    // Coupons without the rule say nothing of it.
    expect(applied(evaluateCoupon('FREEDEL', ctx([line(900)], { hasOrders: null }))).message).toBe('FREEDEL applied: free delivery');
  });
});

describe('WEEKEND30: 30% off produce on Saturdays and Sundays (India time), produce of ₹200 or more, at most ₹150', () => {
  const produce = [line(150, 'fruits'), line(100, 'vegetables'), line(400, 'dairy')];

  test('30% of the fruit and vegetable lines only, on Saturday and on Sunday', () => {
    for (const now of [SATURDAY, SUNDAY]) {
      expect(applied(evaluateCoupon('WEEKEND30', ctx(produce, { now }))).discountPaise).toBe(7500); // 30% of ₹250
    }
  });

  test('refused on a weekday', () => {
    expect(reason(evaluateCoupon('WEEKEND30', ctx(produce, { now: MONDAY })))).toBe('WEEKEND30 works on Saturdays and Sundays only');
  });

  test("the day is India's: Friday 23:59 IST is a weekday, Saturday 00:00 IST (Friday 18:30 UTC) is the weekend", () => {
    const fridayLate = Date.parse('2026-11-20T18:29:59Z');
    const saturdayStart = Date.parse('2026-11-20T18:30:00Z');
    const sundayEnd = Date.parse('2026-11-22T18:29:59Z');
    const mondayStart = Date.parse('2026-11-22T18:30:00Z');
    expect([fridayLate, saturdayStart, sundayEnd, mondayStart].map(istWeekday)).toEqual([5, 6, 0, 1]);
    expect(evaluateCoupon('WEEKEND30', ctx(produce, { now: fridayLate })).ok).toBe(false);
    expect(evaluateCoupon('WEEKEND30', ctx(produce, { now: saturdayStart })).ok).toBe(true);
    expect(evaluateCoupon('WEEKEND30', ctx(produce, { now: sundayEnd })).ok).toBe(true);
    expect(evaluateCoupon('WEEKEND30', ctx(produce, { now: mondayStart })).ok).toBe(false);
  });

  test('the minimum counts produce only: ₹199.99 refused, exactly ₹200 applies', () => {
    const lines = [line(199.99, 'fruits'), line(900, 'dairy')];
    expect(reason(evaluateCoupon('WEEKEND30', ctx(lines, { now: SATURDAY })))).toBe(
      'Add ₹0.01 more of fruits or vegetables to use WEEKEND30',
    );
    expect(applied(evaluateCoupon('WEEKEND30', ctx([line(200, 'vegetables')], { now: SATURDAY }))).discountPaise).toBe(6000);
  });

  test('lines without a category (carts saved before categories) are not produce', () => {
    expect(reason(evaluateCoupon('WEEKEND30', ctx([line(800, null)], { now: SATURDAY })))).toBe(
      'Add ₹200 more of fruits or vegetables to use WEEKEND30',
    );
    expect(reason(evaluateCoupon('WEEKEND30', ctx([{ price_paise: 80000, quantity: 1 }], { now: SATURDAY })))).toContain('Add ₹200 more');
  });

  test('capped at ₹150', () => {
    expect(applied(evaluateCoupon('WEEKEND30', ctx([line(499, 'fruits')], { now: SUNDAY }))).discountPaise).toBe(14970);
    expect(applied(evaluateCoupon('WEEKEND30', ctx([line(501, 'fruits')], { now: SUNDAY }))).discountPaise).toBe(15000);
    expect(applied(evaluateCoupon('WEEKEND30', ctx([line(2000, 'vegetables')], { now: SUNDAY }))).discountPaise).toBe(15000);
  });
});

describe('FREEDEL: free delivery above ₹300', () => {
  test("the threshold is the issue's ₹300", () => {
    expect(FREE_DELIVERY_ABOVE_PAISE).toBe(30000);
  });

  test('exactly ₹300 is refused; ₹300.01 waives the ₹25 fee', () => {
    expect(reason(evaluateCoupon('FREEDEL', ctx([line(300)])))).toBe('Add ₹0.01 more to use FREEDEL');
    expect(reason(evaluateCoupon('FREEDEL', ctx([line(180)])))).toBe('Add ₹120.01 more to use FREEDEL');
    const result = applied(evaluateCoupon('FREEDEL', ctx([line(300.01)])));
    expect(result).toMatchObject({ discountPaise: 2500, cashbackPaise: 0, message: 'FREEDEL applied: free delivery' });
    expect(withCoupon(cartTotals([{ price_paise: 30001, quantity: 1 }]), result)).toMatchObject({
      deliveryFeePaise: 2500,
      discountPaise: 2500,
      totalPaise: 30001,
    });
  });
});

describe('BULK20: 20% off 5 or more items (total quantity), at most ₹200', () => {
  test('4 items are refused with how many more', () => {
    expect(reason(evaluateCoupon('BULK20', ctx([line(50, 'dairy', 4)])))).toBe('Add 1 more item to use BULK20');
    expect(reason(evaluateCoupon('BULK20', ctx([line(50, 'dairy', 2)])))).toBe('Add 3 more items to use BULK20');
  });

  test('5 items across lines take 20%', () => {
    expect(applied(evaluateCoupon('BULK20', ctx([line(50, 'dairy', 3), line(25, 'fruits', 2)]))).discountPaise).toBe(4000);
  });

  test('capped at ₹200', () => {
    expect(applied(evaluateCoupon('BULK20', ctx([line(999.99, 'dairy', 1), line(10, 'dairy', 4)]))).discountPaise).toBe(20000);
    expect(applied(evaluateCoupon('BULK20', ctx([line(199.99, 'dairy', 5)]))).discountPaise).toBe(19999);
  });
});

describe('SAVE100: ₹100 cashback on ₹499 or more, credited after delivery', () => {
  test("₹379 is refused with the issue's exact words", () => {
    expect(reason(evaluateCoupon('SAVE100', ctx([line(379)])))).toBe('Add ₹120 more to use SAVE100');
  });

  test('exactly ₹499 qualifies; cashback is not taken off the total', () => {
    expect(reason(evaluateCoupon('SAVE100', ctx([line(498.99)])))).toBe('Add ₹0.01 more to use SAVE100');
    const result = applied(evaluateCoupon('SAVE100', ctx([line(499)])));
    expect(result).toMatchObject({ discountPaise: 0, cashbackPaise: 10000, message: 'SAVE100 applied: ₹100 cashback after delivery' });
    expect(withCoupon(cartTotals([{ price_paise: 49900, quantity: 1 }]), result)).toEqual({
      subtotalPaise: 49900,
      deliveryFeePaise: 2500,
      discountPaise: 0,
      cashbackPaise: 10000,
      totalPaise: 52400,
      couponCode: 'SAVE100',
    });
  });
});

describe('withCoupon', () => {
  test('a refused or absent coupon changes nothing', () => {
    const totals = cartTotals([{ price_paise: 37900, quantity: 1 }]);
    const plain = { ...totals, discountPaise: 0, cashbackPaise: 0, couponCode: null };
    expect(withCoupon(totals, null)).toEqual(plain);
    expect(withCoupon(totals, evaluateCoupon('SAVE100', ctx([line(379)])))).toEqual(plain);
  });

  test('an applied discount comes off the total', () => {
    const totals = cartTotals([{ price_paise: 60000, quantity: 1 }]);
    expect(withCoupon(totals, evaluateCoupon('WELCOME50', ctx([line(600)])))).toMatchObject({
      discountPaise: 25000,
      totalPaise: 60000 + 2500 - 25000,
      couponCode: 'WELCOME50',
    });
  });
});

describe('compactCouponRows (the build reading the coupons table)', () => {
  const row = (over: Record<string, unknown>) => ({
    ...ROW_DEFAULTS,
    code: 'SAVE5',
    kind: 'cashback',
    cashback_paise: 500,
    sort_order: 0,
    ...over,
  });

  test('keeps active rows in sort_order, leaving out what the defaults say', () => {
    expect(
      compactCouponRows([row({ code: 'B', sort_order: 2 }), row({ code: 'A', sort_order: 1 }), row({ code: 'OFF', is_active: false })]),
    ).toEqual([
      { code: 'A', kind: 'cashback', cashback_paise: 500 },
      { code: 'B', kind: 'cashback', cashback_paise: 500 },
    ]);
  });

  test('refuses a row the cart could not price with, naming it and the column', () => {
    expect(() => compactCouponRows([row({ kind: 'bogo' })])).toThrow('coupons row "SAVE5": kind is not one the cart can price with');
    expect(() => compactCouponRows([row({ percent: 12.5 })])).toThrow('coupons row "SAVE5": percent');
    expect(() => compactCouponRows([row({ weekdays: [7] })])).toThrow('coupons row "SAVE5": weekdays');
    expect(() => compactCouponRows([row({ code: 'save5' })])).toThrow('coupons row "save5": code');
    expect(() => readOrderSettings({ max_lines: 0, max_line_quantity: 99, delivery_fee_paise: 2500 })).toThrow('order_settings: max_lines');
    expect(() => readOrderSettings(undefined)).toThrow('order_settings has no row');
  });
});
