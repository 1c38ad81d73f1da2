import { describe, expect, test } from 'vitest';
import { formatPaise } from '../../src/lib/format.ts';
import {
  DELIVERY_FEE_PAISE,
  FREE_DELIVERY_ABOVE_PAISE,
  cartTotals,
  deliveryFeePaise,
  lineTotalPaise,
  toPaise,
  toRupees,
} from '../../src/lib/pricing.ts';

describe('constants', () => {
  test('delivery costs ₹25.00 and is free above ₹199', () => {
    expect(formatPaise(DELIVERY_FEE_PAISE)).toBe('₹25.00');
    expect(formatPaise(FREE_DELIVERY_ABOVE_PAISE)).toBe('₹199.00');
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
  test('charges ₹25 at ₹199.00 and nothing at ₹199.01 (free strictly above the threshold)', () => {
    expect(deliveryFeePaise(19900)).toBe(2500);
    expect(deliveryFeePaise(19901)).toBe(0);
    expect(deliveryFeePaise(1)).toBe(2500);
    expect(deliveryFeePaise(1_000_000)).toBe(0);
  });

  test('charges nothing for an empty cart', () => {
    expect(deliveryFeePaise(0)).toBe(0);
  });
});

describe('cartTotals', () => {
  test('subtotal is the sum of price x quantity; total adds the fee', () => {
    expect(cartTotals([{ price: 68, quantity: 3 }])).toEqual({
      subtotalPaise: 20400,
      deliveryFeePaise: 0,
      totalPaise: 20400,
      freeDeliveryShortfallPaise: 0,
    });
    expect(
      cartTotals([
        { price: 28, quantity: 2 },
        { price: 55, quantity: 1 },
      ]),
    ).toEqual({
      subtotalPaise: 11100,
      deliveryFeePaise: 2500,
      totalPaise: 13600,
      freeDeliveryShortfallPaise: 8801,
    });
  });

  test('at the boundary: ₹199.00 pays ₹25 (total ₹224.00), ₹199.01 is free', () => {
    const at = cartTotals([{ price: 199, quantity: 1 }]);
    expect(at).toMatchObject({ deliveryFeePaise: 2500, totalPaise: 22400, freeDeliveryShortfallPaise: 1 });
    expect(formatPaise(at.totalPaise)).toBe('₹224.00');
    const above = cartTotals([{ price: 199.01, quantity: 1 }]);
    expect(above).toMatchObject({ deliveryFeePaise: 0, totalPaise: 19901, freeDeliveryShortfallPaise: 0 });
    // Sums of small prices land on the boundary exactly, not a float hair either side.
    expect(cartTotals([{ price: 0.1, quantity: 1990 }]).deliveryFeePaise).toBe(2500);
    expect(cartTotals([{ price: 66.33, quantity: 3 }]).subtotalPaise).toBe(19899);
  });

  test('an empty cart costs nothing', () => {
    expect(cartTotals([])).toEqual({ subtotalPaise: 0, deliveryFeePaise: 0, totalPaise: 0, freeDeliveryShortfallPaise: 19901 });
  });
});
