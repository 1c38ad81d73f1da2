import { describe, expect, test } from 'vitest';
import { formatUnitPrice, unitPrice } from '../../src/lib/unit-price.ts';

describe('formatUnitPrice', () => {
  test('per kg, per L and per piece from the printed pack size', () => {
    expect(formatUnitPrice(5600, '500 g')).toBe('₹112/kg');
    expect(formatUnitPrice(5600, '1 L')).toBe('₹56/L');
    expect(formatUnitPrice(5100, '6 pcs')).toBe('₹8.50/pc');
    expect(formatUnitPrice(9600, '1 dozen')).toBe('₹8/pc');
    expect(formatUnitPrice(12000, '4 x 75 g')).toBe('₹400/kg');
    expect(formatUnitPrice(4500, '3 x 125 g')).toBe('₹120/kg');
    expect(formatUnitPrice(2800, '500 ml')).toBe('₹56/L');
    expect(formatUnitPrice(29900, '1.2 L')).toBe('₹249.17/L');
    expect(formatUnitPrice(129900, '5 kg')).toBe('₹259.80/kg');
    expect(formatUnitPrice(245000, '25 kg')).toBe('₹98/kg');
    expect(formatUnitPrice(1000, '37 g')).toBe('₹270.27/kg');
    expect(formatUnitPrice(150000, '10 g')).toBe('₹1,50,000/kg');
  });

  test('none where the pack size is approximate, missing or not a measure', () => {
    for (const unit of [
      '1 pc (approx. 600-800 g)',
      '4 pcs (approx. 550-650 g)',
      null,
      undefined,
      '',
      'pack',
      '1 bunch',
      '0 g',
      'g',
      '500 g extra',
      '2 boxes',
    ]) {
      expect(formatUnitPrice(5000, unit), String(unit)).toBeNull();
    }
  });

  test('computed in paise', () => {
    expect(unitPrice(10, '3 pcs')).toEqual({ paise: 3, per: 'pc' });
    expect(unitPrice(Number.NaN, '1 kg')).toBeNull();
  });
});
