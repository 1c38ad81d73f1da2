import { describe, expect, test } from 'vitest';
import { formatPaise } from '../../src/lib/format.ts';
import { readPrice } from '../../src/lib/fields.ts';
import { DELIVERY_FEE_PAISE, cartTotals, deliveryFeePaise, lineTotalPaise } from '../../src/lib/pricing.ts';

describe('constants', () => {
  test("delivery costs the spec's fixed ₹25.00 (free delivery is the FREEDEL coupon, tests/unit/coupons.test.ts)", () => {
    expect(formatPaise(DELIVERY_FEE_PAISE)).toBe('₹25.00');
  });
});

describe('formatPaise', () => {
  test('formats the Indian way, the same every time, past the size of its memo', () => {
    const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    expect(formatPaise(12_345_600)).toBe('₹1,23,456.00');
    expect(formatPaise(Number.NaN)).toBe('₹0.00');
    expect(formatPaise(Number.POSITIVE_INFINITY)).toBe('₹0.00');
    for (let round = 0; round < 2; round++) {
      for (let paise = 0; paise < 25_000; paise += 1) {
        if (paise % 997 === 0) expect(formatPaise(paise)).toBe(inr.format(paise / 100));
        else formatPaise(paise);
      }
    }
    expect(formatPaise(4550)).toBe('₹45.50');
    // -0 (a rounded tiny refund) is zero, and leaves no "-₹0.00" behind for the next zero.
    expect(formatPaise(-0)).toBe('₹0.00');
    expect(formatPaise(0)).toBe('₹0.00');
  });
});

describe('rupees in, paise kept (readPrice, the one place a rupee amount is read)', () => {
  test('returns integer paise without float noise', () => {
    expect(readPrice(68.1)).toBe(6810);
    expect(readPrice(0.1 + 0.2)).toBe(30);
    expect(readPrice(1.005)).toBe(101); // rounded on the digits as written, as numeric(10,2) does
    expect(readPrice(199.01)).toBe(19901);
    expect(Number.isInteger(readPrice(12.34))).toBe(true);
  });

  test('returns null for values that are not prices', () => {
    expect(readPrice(Number.NaN)).toBeNull();
    expect(readPrice(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('lineTotalPaise', () => {
  test('multiplies on integers', () => {
    expect(lineTotalPaise(10, 3)).toBe(30);
    expect(0.1 * 3).not.toBe(0.3); // the float trap the paise avoid
    expect(lineTotalPaise(6800, 3)).toBe(20400);
    expect(lineTotalPaise(1999, 7)).toBe(13993);
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
    expect(cartTotals([{ price_paise: 6800, quantity: 3 }])).toEqual({ subtotalPaise: 20400, deliveryFeePaise: 2500, totalPaise: 22900 });
    expect(
      cartTotals([
        { price_paise: 2800, quantity: 2 },
        { price_paise: 5500, quantity: 1 },
      ]),
    ).toEqual({ subtotalPaise: 11100, deliveryFeePaise: 2500, totalPaise: 13600 });
  });

  test('sums of small prices are exact, not a float hair either side', () => {
    expect(cartTotals([{ price_paise: 10, quantity: 1990 }]).subtotalPaise).toBe(19900);
    expect(cartTotals([{ price_paise: 6633, quantity: 3 }]).subtotalPaise).toBe(19899);
    expect(formatPaise(cartTotals([{ price_paise: 19900, quantity: 1 }]).totalPaise)).toBe('₹224.00');
  });

  test('an empty cart costs nothing', () => {
    expect(cartTotals([])).toEqual({ subtotalPaise: 0, deliveryFeePaise: 0, totalPaise: 0 });
  });
});
