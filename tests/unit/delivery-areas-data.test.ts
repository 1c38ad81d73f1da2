import { describe, expect, test } from 'vitest';
import { sanitizeCatalogue } from '../../src/lib/catalogue/sanitize.ts';
import { DELIVERY_AREA_ROW, readRow } from '../../src/lib/catalogue/rows.ts';

/** One delivery_areas row read by its table's description, checked against the known stores. */
const sanitizeDeliveryArea = (raw: unknown, stores: ReadonlySet<string>) => readRow(DELIVERY_AREA_ROW, raw, { stores });
import { parsePincode, PINCODE_PATTERN, readPincode } from '../../src/lib/fields.ts';
import sample from '../../src/data/sample-catalogue.json';

describe('parsePincode', () => {
  test('keeps six digits whose first is 1-9, from text (spaces ignored) or a whole number', () => {
    expect(parsePincode('122001')).toEqual({ ok: true, pincode: '122001' });
    expect(parsePincode(' 122 001 ')).toEqual({ ok: true, pincode: '122001' });
    expect(parsePincode(560034)).toEqual({ ok: true, pincode: '560034' });
    expect(readPincode('999999')).toBe('999999');
  });

  test.each([
    ['Devanagari', '१२२००१'],
    ['Bengali', '১২২০০১'],
    ['Gurmukhi', '੧੨੨੦੦੧'],
    ['Gujarati', '૧૨૨૦૦૧'],
    ['Oriya', '୧୨୨୦୦୧'],
    ['Tamil', '௧௨௨௦௦௧'],
    ['Telugu', '౧౨౨౦౦౧'],
    ['Kannada', '೧೨೨೦೦೧'],
    ['Malayalam', '൧൨൨൦൦൧'],
    ['mixed scripts, spaced', '१२२ 00१'],
  ])('reads %s digits as the ASCII pincode', (_script, value) => {
    expect(parsePincode(value)).toEqual({ ok: true, pincode: '122001' });
  });

  test.each([
    [undefined, 'missing'],
    [null, 'missing'],
    ['', 'missing'],
    ['   ', 'missing'],
    ['abcdef', 'not digits'],
    ['12a456', 'not digits'],
    ['-12345', 'not digits'],
    ['12.345', 'not digits'],
    ['１２２００１', 'not digits'],
    ['١٢٢٠٠١', 'not digits'], // Arabic-Indic digits: not an Indian script's
    ['०१२३४५', 'leading zero'],
    [{}, 'not digits'],
    [1.5, 'not digits'],
    ['12345', 'wrong length'],
    ['1220011', 'wrong length'],
    [12345, 'wrong length'],
    ['012345', 'leading zero'],
  ])('refuses %j (%s)', (value, reason) => {
    expect(parsePincode(value)).toEqual({ ok: false, reason });
    expect(readPincode(value)).toBeNull();
  });

  test('PINCODE_PATTERN is the rule the migration checks too', () => {
    expect(PINCODE_PATTERN.test('110099')).toBe(true);
    expect(PINCODE_PATTERN.test('011009')).toBe(false);
    expect(PINCODE_PATTERN.test('1100999')).toBe(false);
  });
});

const area = (pincode: unknown, extra: Record<string, unknown> = {}) => ({
  pincode,
  area: 'Sector 14',
  city: 'Gurgaon',
  store_id: 's1',
  ...extra,
});
const store = (id: string) => ({ id, name: `Store ${id}`, shop_type: 'grocery', is_active: true, rating: 4, delivery_time_min: 10 });

describe('sanitizeDeliveryArea', () => {
  test('keeps a valid row, with its pincode normalised and markup removed from area and city', () => {
    expect(sanitizeDeliveryArea(area(122001, { area: '<b>Sector 14</b>', created_at: 'x' }), new Set(['s1']))).toEqual({
      ok: true,
      row: { pincode: '122001', area: 'Sector 14', city: 'Gurgaon', store_id: 's1' },
      repairs: ['markup removed'],
    });
  });

  test.each([
    ['not an object', 'x', null],
    ['bad pincode', area('12345'), null],
    ['bad pincode', area('abcdef'), null],
    ['missing area', area('122001', { area: ' <i></i> ' }), '122001'],
    ['missing city', area('122001', { city: null }), '122001'],
    ['unknown store', area('122001', { store_id: 'nope' }), '122001'],
    ['unknown store', area('122001', { store_id: '../x' }), '122001'],
  ])('skips a row: %s', (reason, raw, id) => {
    expect(sanitizeDeliveryArea(raw, new Set(['s1']))).toEqual({ ok: false, id, reason });
  });
});

describe('sanitizeCatalogue with delivery areas', () => {
  test('keeps the first of a repeated pincode, checks stores against the surviving ones and reports both', () => {
    const { catalogue, report } = sanitizeCatalogue({
      categories: [],
      products: [],
      stores: [store('s1'), { id: 's2' }],
      delivery_areas: [area('122001'), area('122 001', { area: 'Again' }), area('122002', { store_id: 's2' }), area('12'), area('122003')],
    });
    expect(catalogue.delivery_areas).toEqual([
      { pincode: '122001', area: 'Sector 14', city: 'Gurgaon', store_id: 's1' },
      { pincode: '122003', area: 'Sector 14', city: 'Gurgaon', store_id: 's1' },
    ]);
    expect(report.skipped.filter((s) => s.table === 'delivery_areas')).toEqual([
      { table: 'delivery_areas', index: 1, id: '122001', reason: 'duplicate pincode' },
      { table: 'delivery_areas', index: 2, id: '122002', reason: 'unknown store' },
      { table: 'delivery_areas', index: 3, id: null, reason: 'bad pincode' },
    ]);
    expect(report.kept.delivery_areas).toBe(2);
    expect(report.summary()).toMatch(/^catalogue: 0 products, 0 categories, 1 stores, 2 delivery areas; skipped 4 /);
  });

  test('treats a missing delivery_areas table as empty', () => {
    const { catalogue } = sanitizeCatalogue({ categories: [], products: [], stores: [] });
    expect(catalogue.delivery_areas).toEqual([]);
  });

  test('the sample keeps every delivery area, each served by a store of the sample', () => {
    const { catalogue, report } = sanitizeCatalogue(sample);
    expect(catalogue.delivery_areas.length).toBe(sample.delivery_areas.length);
    expect(catalogue.delivery_areas.map((a) => a.pincode)).toContain('122001');
    expect(report.skipped).toEqual([]);
  });
});
