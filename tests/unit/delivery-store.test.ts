import { cleanStores } from 'nanostores';
import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { $deliveryArea, chooseDeliveryArea, decodeDeliveryArea, DELIVERY_AREA_KEY, resetDeliveryArea } from '../../src/stores/delivery.ts';

const AREA = { pincode: '122002', area: 'DLF Phase 1', city: 'Gurgaon', minutes: 9 };

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  cleanTestStorage();
  cleanStores($deliveryArea);
});

describe('$deliveryArea', () => {
  test('persists the chosen area under "delivery-area" and forgets it on reset', () => {
    $deliveryArea.listen(() => undefined);
    chooseDeliveryArea(AREA);
    expect(JSON.parse(getTestStorage()[DELIVERY_AREA_KEY] ?? 'null')).toEqual(AREA);
    resetDeliveryArea();
    expect(getTestStorage()[DELIVERY_AREA_KEY]).toBeUndefined();
    expect($deliveryArea.get()).toBeUndefined();
  });

  test('reads a stored area back', () => {
    setTestStorageKey(DELIVERY_AREA_KEY, JSON.stringify(AREA));
    expect($deliveryArea.get()).toEqual(AREA);
  });

  test.each([
    'not json',
    'null',
    '[]',
    JSON.stringify({ ...AREA, pincode: '012345' }),
    JSON.stringify({ ...AREA, minutes: -1 }),
    JSON.stringify({ ...AREA, area: '' }),
  ])('falls back to the default location for tampered storage %j', (text) => {
    expect(decodeDeliveryArea(text)).toBeUndefined();
  });
});
