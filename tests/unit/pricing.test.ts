import { describe, expect, test } from 'vitest';
import { formatPaise } from '../../src/lib/format.ts';
import { DELIVERY_FEE_PAISE, cartTotals, deliveryFeePaise, lineTotalPaise, toPaise, toRupees } from '../../src/lib/pricing.ts';

describe('constants', () => {
  test("delivery costs the spec's fixed ₹25.00 (free delivery is the FREEDEL coupon, tests/unit/coupons.test.ts)", () => {
    expect(formatPaise(DELIVERY_FEE_PAISE)).toBe('₹25.00');
  });
});

describe('toPaise', () => {
  test('returns integer paise without float noise', () => {
    expect(toPaise(68.1)).toBe(6810);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1.005)).toBe(100); // 1.005 is 1.00499999... in binary: never more than the stored value
    expect(toPaise(199.01)).toBe(19901);
    expect(Number.isInteger(toPaise(12.34))).toBe(true);
  });

  test('returns 0 for values that are not numbers', () => {
    expect(toPaise(Number.NaN)).toBe(0);
    expect(toPaise(Number.POSITIVE_INFINITY)).toBe(0);
    expect(toRupees(12345)).toBe(123.45);
  });
});

describe('lineTotalPaise', () => {
  test('multiplies on integers', () => {
    expect(lineTotalPaise(0.1, 3)).toBe(30);
    expect(0.1 * 3).not.toBe(0.3); // the float trap the paise avoid
    expect(lineTotalPaise(68, 3)).toBe(20400);
    expect(lineTotalPaise(19.99, 7)).toBe(13993);
    expect(lineTotalPaise(10, 0)).toBe(0);
    expect(lineTotalPaise(10, Number.NaN)).toBe(0);
  });
});

describe('deliveryFeePaise', () => {
  test('charges ₹25 on every order, whatever its size', () => {
    expect(deliveryFeePaise(1)).toBe(2500);
    expect(deliveryFeePaise(19901)).toBe(2500);
    expect(deliveryFeePaise(30001)).toBe(2500);
    expect(deliveryFeePaise(1_000_000)).toBe(2500);
  });

  test('charges nothing for an empty cart', () => {
    expect(deliveryFeePaise(0)).toBe(0);
  });
});

describe('cartTotals', () => {
  test('subtotal is the sum of price x quantity; total adds the fee', () => {
    expect(cartTotals([{ price: 68, quantity: 3 }])).toEqual({ subtotalPaise: 20400, deliveryFeePaise: 2500, totalPaise: 22900 });
    expect(
      cartTotals([
        { price: 28, quantity: 2 },
        { price: 55, quantity: 1 },
      ]),
    ).toEqual({ subtotalPaise: 11100, deliveryFeePaise: 2500, totalPaise: 13600 });
  });

  test('sums of small prices are exact, not a float hair either side', () => {
    expect(cartTotals([{ price: 0.1, quantity: 1990 }]).subtotalPaise).toBe(19900);
    expect(cartTotals([{ price: 66.33, quantity: 3 }]).subtotalPaise).toBe(19899);
    expect(formatPaise(cartTotals([{ price: 199, quantity: 1 }]).totalPaise)).toBe('₹224.00');
  });

  test('an empty cart costs nothing', () => {
    expect(cartTotals([])).toEqual({ subtotalPaise: 0, deliveryFeePaise: 0, totalPaise: 0 });
  });
});
