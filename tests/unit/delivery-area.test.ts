import { describe, expect, test } from 'vitest';
import {
  areaLine,
  checkoutPincodeProblem,
  defaultServedArea,
  deliveryPromise,
  lookupPincode,
  nearestServed,
  notServedMessage,
  readServiceabilityTable,
  serviceabilityTable,
  shortPromise,
  type ServedArea,
} from '../../src/lib/delivery-area.ts';
import type { Store } from '../../src/lib/catalogue/rows.ts';
import { PRECACHED_DATA } from '../../src/lib/pwa/routes.ts';
import sample from '../../src/data/sample-catalogue.json';

const store = (id: string, is_active: boolean, delivery_time_min: number | null): Store => ({
  id,
  name: id,
  shop_type: 'grocery',
  is_active,
  rating: null,
  delivery_time_min,
  address: null,
  image_url: null,
});

const TABLE: ServedArea[] = [
  { pincode: '122001', area: 'Sector 14', city: 'Gurgaon', minutes: 10 },
  { pincode: '122002', area: 'DLF Phase 1', city: 'Gurgaon', minutes: 9 },
  { pincode: '122011', area: 'Sector 56', city: 'Gurgaon', minutes: 18 },
  { pincode: '560034', area: 'Koramangala', city: 'Bengaluru', minutes: 1 },
];

describe('serviceabilityTable', () => {
  test('keeps areas of active stores, with the store delivery time (10 when it has none), by pincode', () => {
    const table = serviceabilityTable({
      stores: [store('a', true, 12), store('b', false, 5), store('c', true, null)],
      delivery_areas: [
        { pincode: '400001', area: 'Fort', city: 'Mumbai', store_id: 'c' },
        { pincode: '122001', area: 'Sector 14', city: 'Gurgaon', store_id: 'a' },
        { pincode: '122018', area: 'Sohna Road', city: 'Gurgaon', store_id: 'b' },
        { pincode: '122019', area: 'Nowhere', city: 'Gurgaon', store_id: 'gone' },
      ],
    });
    expect(table).toEqual([
      { pincode: '122001', area: 'Sector 14', city: 'Gurgaon', minutes: 12 },
      { pincode: '400001', area: 'Fort', city: 'Mumbai', minutes: 10 },
    ]);
  });

  test('the sample serves the spec default 122001 from its 10-minute store and not 122018 (inactive store)', () => {
    const table = serviceabilityTable(sample as Parameters<typeof serviceabilityTable>[0]);
    // The spec's "Sector 14, Gurgaon - 122001" and "Delivery in 10 mins" are the sample's default area.
    expect(defaultServedArea(table)).toEqual({ pincode: '122001', area: 'Sector 14', city: 'Gurgaon', minutes: 10 });
    expect(table.some((a) => a.pincode === '122018')).toBe(false);
    expect(table.length).toBeGreaterThanOrEqual(5);
  });

  test('is precached by the service worker', () => {
    expect(PRECACHED_DATA).toContain('/data/delivery-areas.json');
  });
});

describe('readServiceabilityTable', () => {
  test('keeps valid rows and drops bad ones and repeats', () => {
    const rows = [
      ...TABLE,
      { pincode: '012345', area: 'X', city: 'Y', minutes: 5 },
      { pincode: '122003', area: '', city: 'Y', minutes: 5 },
      { pincode: '122004', area: 'X', city: 'Y', minutes: 0 },
      { pincode: '122005', area: 'X', city: 'Y', minutes: 2.5 },
      { pincode: '122006', area: 'X', city: 'Y', minutes: '5' },
      { pincode: '122001', area: 'Again', city: 'Y', minutes: 5 },
      null,
      'row',
    ];
    expect(readServiceabilityTable(rows)).toEqual(TABLE);
    expect(readServiceabilityTable({ areas: TABLE })).toEqual([]);
    expect(readServiceabilityTable(null)).toEqual([]);
  });
});

describe('lookupPincode', () => {
  test('answers a served pincode with its area and delivery time', () => {
    expect(lookupPincode(TABLE, ' 122002 ')).toEqual({ kind: 'served', area: TABLE[1] });
  });

  test('answers an unserved pincode with the three nearest served areas by numeric distance', () => {
    expect(lookupPincode(TABLE, '110099')).toEqual({ kind: 'not-served', pincode: '110099', nearest: [TABLE[0], TABLE[1], TABLE[2]] });
    const south = lookupPincode(TABLE, '560001');
    expect(south.kind === 'not-served' && south.nearest.map((a) => a.pincode)).toEqual(['560034', '122011', '122002']);
  });

  test('breaks a distance tie towards the lower pincode', () => {
    // 122001 and 122011 are both 5 away from 122006.
    expect(nearestServed(TABLE, '122006', 2).map((a) => a.pincode)).toEqual(['122002', '122001']);
    expect(nearestServed([], '122006')).toEqual([]);
  });

  test.each([
    ['', 'Enter a 6-digit pincode'],
    ['12345', 'A pincode has exactly 6 digits, like 122001'],
    ['1234567', 'A pincode has exactly 6 digits, like 122001'],
    ['abcdef', 'A pincode has digits only, like 122001'],
    ['12o456', 'A pincode has digits only, like 122001'],
    ['012345', 'A pincode cannot start with 0'],
  ])('refuses %j with a message', (input, message) => {
    expect(lookupPincode(TABLE, input)).toEqual({ kind: 'invalid', message });
  });
});

describe('texts', () => {
  test('use the exact strings of the spec and the issue', () => {
    expect(notServedMessage('110099')).toBe("We don't deliver to 110099 yet");
    expect(deliveryPromise(10)).toBe('Delivery in 10 mins');
    expect(deliveryPromise(1)).toBe('Delivery in 1 min');
    expect(shortPromise(9)).toBe('9 mins');
    expect(areaLine({ pincode: '122001', area: 'Sector 14', city: 'Gurgaon', minutes: 10 })).toBe('Sector 14, Gurgaon - 122001');
  });
});

describe('defaultServedArea', () => {
  test("returns the operator's pincode when served, else the lowest served, else null", () => {
    expect(defaultServedArea(TABLE, '122011')?.pincode).toBe('122011');
    expect(defaultServedArea(TABLE, '560099')?.pincode).toBe('122001');
    expect(defaultServedArea([...TABLE].reverse())?.pincode).toBe('122001');
    expect(defaultServedArea([])).toBeNull();
  });

  test("gives examples of the shop's own city in its messages", () => {
    const bengaluru = [{ pincode: '560034', area: 'Koramangala', city: 'Bengaluru', minutes: 12 }];
    expect(lookupPincode(bengaluru, '12345')).toEqual({ kind: 'invalid', message: 'A pincode has exactly 6 digits, like 560034' });
  });
});

describe('checkoutPincodeProblem', () => {
  const load = () => Promise.resolve(TABLE);
  test('accepts a blank or served postal code', async () => {
    expect(await checkoutPincodeProblem(load, '  ')).toBeNull();
    expect(await checkoutPincodeProblem(load, '122 002')).toBeNull();
  });

  test('refuses an unserved pincode, naming the nearest served area', async () => {
    expect(await checkoutPincodeProblem(load, '110099')).toBe(
      "We don't deliver to 110099 yet. Nearest area we deliver to: Sector 14, Gurgaon - 122001.",
    );
    expect(await checkoutPincodeProblem(() => Promise.resolve([]), '110099')).toBe(
      "We don't deliver to 110099 yet. Choose another address.",
    );
  });

  test('refuses text that is not a pincode', async () => {
    expect(await checkoutPincodeProblem(load, '12345')).toBe('Postal code: A pincode has exactly 6 digits, like 122001');
    expect(await checkoutPincodeProblem(load, 'abc')).toBe('Postal code: A pincode has digits only, like 122001');
  });

  test('lets the order through when the table cannot be read', async () => {
    expect(await checkoutPincodeProblem(() => Promise.reject(new Error('offline')), '110099')).toBeNull();
  });
});
