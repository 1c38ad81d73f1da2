import { readPrice } from '../../src/lib/fields.ts';
import { cleanTestStorage, getTestStorage, setPersistentEngine, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { must } from '../../scripts/lib/must.ts';
import { sampleOrders } from '../../src/data/orders.ts';
import { buildSampleCatalogue } from '../../src/lib/catalogue/sample.build.ts';
import {
  TIMELINE_STEPS,
  createOrder,
  decodeOrders,
  formatAddress,
  itemsLabel,
  orderHref,
  orderItemCount,
  encodeOrders,
  orderStatus,
  recentlyBought,
} from '../../src/lib/orders.ts';
import type { CartItem } from '../../src/lib/cart.ts';
import { $cartItems } from '../../src/stores/cart.ts';
import { $placedOrders, EmptyCartError, allOrders, findOrder, placeOrder, reorder } from '../../src/stores/orders.ts';
import { clearToasts } from '../../src/stores/toasts.ts';

const address = { address_line_1: ' House 42,  Sector 14 ', city: 'Gurgaon', state: '', postal_code: '122001' };
const cartLine = (id: string, rupees: number, quantity: number): CartItem => ({
  id: `line-${id}`,
  product_id: id,
  quantity,
  product: { id, name: `Product ${id}`, price_paise: Math.round(rupees * 100), image_url: null, quantity_unit: null },
});

beforeAll(() => useTestStorageEngine());
let stops: (() => void)[] = [];
beforeEach(() => {
  stops = [$cartItems.listen(() => {}), $placedOrders.listen(() => {})];
});
afterEach(() => {
  for (const stop of stops) stop();
  useTestStorageEngine();
  cleanTestStorage();
  $cartItems.set([]);
  $placedOrders.set([]);
  cleanStores($cartItems, $placedOrders);
  clearToasts();
  vi.restoreAllMocks();
});

describe('orderStatus', () => {
  test('labels and colours of the spec; anything else is Unknown', () => {
    expect(orderStatus('delivered')).toEqual({ label: 'Delivered', tone: 'green' });
    expect(orderStatus('on_way')).toEqual({ label: 'On the way', tone: 'blue' });
    expect(orderStatus('processing')).toEqual({ label: 'Processing', tone: 'orange' });
    expect(orderStatus('cancelled')).toEqual({ label: 'Unknown', tone: 'gray' });
    expect(orderStatus('toString')).toEqual({ label: 'Unknown', tone: 'gray' });
  });
});

describe('createOrder', () => {
  test('makes "ORD-" + the time, status processing, "Order Placed" done, totals by the cart rules', () => {
    const order = createOrder([cartLine('a', 28, 2), cartLine('b', 55, 1)], address, 1718000000000);
    expect(order.id).toBe('ORD-1718000000000');
    expect(order.status).toBe('processing');
    expect(order.date).toBe(new Date(1718000000000).toISOString());
    expect(order.address).toBe('House 42, Sector 14, Gurgaon, 122001');
    expect(order.items).toEqual([
      { id: 'a', name: 'Product a', quantity: 2, price_paise: 2800, unit: 'pcs', image_url: null },
      { id: 'b', name: 'Product b', quantity: 1, price_paise: 5500, unit: 'pcs', image_url: null },
    ]);
    expect(order.timeline.map((t) => [t.status, t.completed])).toEqual(TIMELINE_STEPS.map((s, i) => [s, i === 0]));
    expect(order).toMatchObject({ subtotalPaise: 11100, deliveryFeePaise: 2500, totalPaise: 13600 });
    expect(orderItemCount(order)).toBe(3);
  });
});

describe('helpers', () => {
  test('itemsLabel is singular for one', () => {
    expect(itemsLabel(1)).toBe('1 item');
    expect(itemsLabel(0)).toBe('0 items');
    expect(itemsLabel(3)).toBe('3 items');
  });

  test('formatAddress joins the non-blank parts', () => {
    expect(formatAddress({ address_line_1: 'Flat 1', city: ' ', state: 'Haryana', postal_code: '' })).toBe('Flat 1, Haryana');
  });

  test('every order, sample or placed, links to /orders/{id}, the id one encoded path segment', () => {
    expect(orderHref('ORD-001')).toBe('/orders/ORD-001');
    expect(orderHref('ORD-1718000000000')).toBe('/orders/ORD-1718000000000');
    expect(orderHref('a/../b"<x>')).toBe('/orders/a%2F..%2Fb%22%3Cx%3E');
    expect(new URL(orderHref('../../etc'), 'https://thela.example').pathname).toBe('/orders/..%2F..%2Fetc');
  });
});

describe('decodeOrders', () => {
  test("stores a line's price in rupees as every release reads it, and reads it back in paise", () => {
    const order = createOrder([cartLine('a', 28.5, 2)], address, 1718000000000);
    const stored = JSON.parse(encodeOrders([order])) as { items: Record<string, unknown>[]; totalPaise: number }[];
    expect(stored[0]?.items[0]).toMatchObject({ price: 28.5 });
    expect(stored[0]?.items[0]).not.toHaveProperty('price_paise');
    expect(stored[0]?.totalPaise).toBe(8200);
    expect(decodeOrders(encodeOrders([order]))).toEqual([order]);
  });

  const good = createOrder([cartLine('a', 28, 2)], address, 1718000000000);

  test('bad JSON or a non-list is no orders', () => {
    expect(decodeOrders(undefined)).toEqual([]);
    expect(decodeOrders('][')).toEqual([]);
    expect(decodeOrders('{"id":"ORD-1"}')).toEqual([]);
  });

  test('keeps good orders, drops bad ones and duplicates, recomputes totals', () => {
    const tampered = { ...good, id: 'ORD-2', totalPaise: 1, subtotalPaise: -5 };
    const stored = JSON.stringify([good, null, { id: 'nope' }, { ...good, id: 'ORD-3', items: [] }, { ...good }, tampered]);
    const orders = decodeOrders(stored);
    expect(orders.map((o) => o.id)).toEqual(['ORD-1718000000000', 'ORD-2']);
    expect(orders[0]).toEqual(good);
    expect(orders[1]).toMatchObject({ subtotalPaise: 5600, deliveryFeePaise: 2500, totalPaise: 8100 });
  });

  test('repairs items and timeline', () => {
    const stored = JSON.stringify([
      {
        ...good,
        items: [
          { id: 'a', name: 'A', quantity: 2.5, price: 10 },
          { id: 'b', name: 'B', quantity: -1, price: 10 },
          { id: 'c', name: 'C', quantity: 1, price: 'x' },
        ],
        timeline: 'broken',
        date: 'yesterday',
      },
    ]);
    const [order] = decodeOrders(stored);
    expect(order?.items).toEqual([{ id: 'a', name: 'A', quantity: 2, price_paise: 1000, unit: 'pcs', image_url: null }]);
    expect(order?.timeline).toHaveLength(TIMELINE_STEPS.length);
    expect(order?.date).toBe('');
  });

  test('reads a line as earlier releases stored it: the cart fields by their rules, the pack size under unit only', () => {
    const stored = JSON.stringify([
      {
        ...good,
        items: [
          {
            id: ' a ',
            name: ' Onion\n 1 kg ',
            quantity: 3,
            price: '39.5',
            unit: ' 1  kg ',
            image_url: '/a.webp',
            category_id: 'vegetables',
          },
          { id: 'b', name: 'B', quantity: 1, price_paise: 1200, quantity_unit: '5 kg', is_available: false, category_id: '' },
        ],
      },
    ]);
    expect(decodeOrders(stored)[0]?.items).toStrictEqual([
      { id: 'a', name: 'Onion 1 kg', price_paise: 3950, image_url: '/a.webp', quantity: 3, unit: '1 kg', category_id: 'vegetables' },
      { id: 'b', name: 'B', price_paise: 1200, image_url: null, quantity: 1, unit: 'pcs' },
    ]);
  });
});

describe('sample orders', () => {
  test('ORD-001.. cover delivered, on_way, processing and an unknown status', () => {
    expect(sampleOrders.map((o) => o.id)).toEqual(['ORD-001', 'ORD-002', 'ORD-003', 'ORD-004']);
    expect(sampleOrders.map((o) => orderStatus(o.status).label)).toEqual(['Delivered', 'On the way', 'Processing', 'Unknown']);
  });

  test('name products of the sample catalogue, with their names, prices and units', () => {
    const products = new Map(buildSampleCatalogue().products.map((p) => [p.id, p]));
    for (const order of sampleOrders) {
      for (const item of order.items) {
        const product = products.get(item.id);
        expect(product, item.id).toBeDefined();
        expect([item.name, item.price_paise, item.unit]).toEqual([product?.name, readPrice(product?.price), product?.quantity_unit]);
      }
    }
  });

  test('totals follow the cart rules and the stored shape survives a round trip', () => {
    expect(sampleOrders.map((o) => [o.subtotalPaise, o.deliveryFeePaise, o.totalPaise])).toEqual([
      [20800, 2500, 23300],
      [14300, 2500, 16800],
      [37900, 2500, 40400],
      [50900, 2500, 53400],
    ]);
    expect(decodeOrders(JSON.stringify(sampleOrders))).toEqual(sampleOrders);
  });
});

describe('placeOrder', () => {
  test('stores the order first in "thela-orders" and empties the cart', async () => {
    $cartItems.set([cartLine('a', 100, 2)]);
    const order = await placeOrder(address, { delayMs: 0, now: () => 1718000000123 });
    expect(order.id).toBe('ORD-1718000000123');
    expect($cartItems.get()).toEqual([]);
    expect($placedOrders.get()[0]?.id).toBe('ORD-1718000000123');
    expect((JSON.parse(getTestStorage()['thela-orders'] ?? '[]') as { id: string }[])[0]?.id).toBe('ORD-1718000000123');
    expect(allOrders($placedOrders.get())[0]?.id).toBe('ORD-1718000000123');
    expect(findOrder('ORD-1718000000123')?.totalPaise).toBe(22500);
    expect(findOrder('ORD-1718000000123')?.coupon).toBeUndefined();
    expect(findOrder('ORD-002')?.status).toBe('on_way');
    expect(findOrder('ORD-999')).toBeNull();
  });

  test('an applicable coupon is saved with the order (code, discount in paise); a refused one is not', async () => {
    $cartItems.set([cartLine('a', 300, 2)]);
    const first = await placeOrder(address, { delayMs: 0, now: () => 1718000000001, couponCode: 'welcome50' });
    expect(first.coupon).toEqual({ code: 'WELCOME50', discountPaise: 25000, cashbackPaise: 0 });
    expect(first).toMatchObject({ subtotalPaise: 60000, deliveryFeePaise: 2500, totalPaise: 37500 });
    // Saved and read back from storage the same.
    expect(decodeOrders(getTestStorage()['thela-orders'])[0]).toEqual(first);
    // The second order is not the first any more: WELCOME50 is refused and the order has no coupon.
    $cartItems.set([cartLine('a', 300, 2)]);
    const second = await placeOrder(address, { delayMs: 0, now: () => 1718000000002, couponCode: 'WELCOME50' });
    expect(second.coupon).toBeUndefined();
    expect(second.totalPaise).toBe(62500);
    // Cashback rides beside the total.
    $cartItems.set([cartLine('a', 499, 1)]);
    const third = await placeOrder(address, { delayMs: 0, now: () => 1718000000003, couponCode: 'SAVE100' });
    expect(third.coupon).toEqual({ code: 'SAVE100', discountPaise: 0, cashbackPaise: 10000 });
    expect(third.totalPaise).toBe(52400);
  });

  test('orders saved before coupons still read, with the delivery fee they were charged', () => {
    const old = { ...createOrder([cartLine('a', 250, 1)], address, 1700000000000), deliveryFeePaise: 0, totalPaise: 25000 };
    const { coupon: _none, ...withoutCoupon } = old;
    const [read] = decodeOrders(JSON.stringify([withoutCoupon]));
    expect(read).toMatchObject({ subtotalPaise: 25000, deliveryFeePaise: 0, totalPaise: 25000 });
    expect(read?.coupon).toBeUndefined();
  });

  test('a tampered stored coupon is dropped or held to what the order allows', () => {
    const order = createOrder([cartLine('a', 100, 1)], address, 1700000000000);
    const read = (coupon: unknown) => decodeOrders(JSON.stringify([{ ...order, coupon }]))[0];
    expect(read({ code: 'FREE999', discountPaise: 500, cashbackPaise: 0 })?.coupon).toBeUndefined();
    expect(read({ code: 'BULK20', discountPaise: 99999999, cashbackPaise: 0 })?.coupon).toBeUndefined();
    expect(read({ code: 'SAVE100', discountPaise: 0, cashbackPaise: 1e9 })?.coupon).toBeUndefined();
    expect(read({ code: 'BULK20', discountPaise: 2000, cashbackPaise: 0 })).toMatchObject({
      coupon: { code: 'BULK20', discountPaise: 2000, cashbackPaise: 0 },
      totalPaise: 10000 + 2500 - 2000,
    });
  });

  test('newer orders come first', async () => {
    $cartItems.set([cartLine('a', 10, 1)]);
    await placeOrder(address, { delayMs: 0, now: () => 1 });
    $cartItems.set([cartLine('b', 10, 1)]);
    await placeOrder(address, { delayMs: 0, now: () => 2 });
    expect($placedOrders.get().map((o) => o.id)).toEqual(['ORD-2', 'ORD-1']);
  });

  test('waits the simulated 2 seconds', async () => {
    vi.useFakeTimers();
    try {
      $cartItems.set([cartLine('a', 10, 1)]);
      let done = false;
      const pending = placeOrder(address).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(1999);
      expect(done).toBe(false);
      expect($cartItems.get()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  test('an empty cart or a blank address places nothing', async () => {
    await expect(placeOrder(address, { delayMs: 0 })).rejects.toBeInstanceOf(EmptyCartError);
    $cartItems.set([cartLine('a', 10, 1)]);
    await expect(placeOrder({ ...address, address_line_1: '   ' }, { delayMs: 0 })).rejects.toThrow();
    expect($placedOrders.get()).toEqual([]);
    expect($cartItems.get()).toHaveLength(1);
  });

  test('when the order cannot be saved, it throws and the cart is kept', async () => {
    $cartItems.set([cartLine('a', 10, 1)]);
    const storage: Record<string, string> = {};
    const failing = new Proxy(storage, {
      set(target, key, value) {
        if (key === 'thela-orders') throw new Error('QuotaExceededError');
        target[key as string] = value as string;
        return true;
      },
    });
    setPersistentEngine(failing, { addEventListener() {}, removeEventListener() {} });
    await expect(placeOrder(address, { delayMs: 0 })).rejects.toThrow('QuotaExceededError');
    expect($cartItems.get()).toHaveLength(1);
    expect($placedOrders.get()).toEqual([]);
  });

  test('another tab sees the new order', () => {
    const order = createOrder([cartLine('a', 10, 1)], address, 5);
    setTestStorageKey('thela-orders', JSON.stringify([order]));
    expect($placedOrders.get()).toEqual([order]);
  });
});

describe('reorder', () => {
  test('puts the items back into the cart, adding to what is there', async () => {
    $cartItems.set([cartLine('onion-1-kg', 39, 1)]);
    const order = must(sampleOrders[1], 'sample order 2');
    const result = await reorder(order);
    expect(result.skipped).toEqual([]);
    expect($cartItems.get().map((i) => [i.product_id, i.quantity])).toEqual([
      ['onion-1-kg', 2],
      ['tomato-hybrid-500-g', 2],
      ['maggi-2-minute-noodles-masala-70-g', 4],
    ]);
  });

  test('leaves out what the page knows to be unavailable or gone', async () => {
    const order = must(sampleOrders[3], 'sample order 4');
    const chips = must(order.items[0], 'first item');
    const rice = must(order.items[1], 'second item');
    const known = {
      [chips.id]: { id: chips.id, name: chips.name, price_paise: 2100, image_url: null, quantity_unit: '50 g', is_available: true },
    };
    const result = await reorder(order, known);
    expect(result).toEqual({ added: [chips.name], skipped: [rice.name] });
    expect($cartItems.get()).toHaveLength(1);
    expect($cartItems.get()[0]?.product.price_paise).toBe(2100);
  });
});

describe('recentlyBought', () => {
  test('lists the products of the newest orders first, each once, at most the limit', () => {
    const line = (id: string) => ({
      product_id: id,
      quantity: 1,
      product: { name: id.toUpperCase(), price_paise: 1000, image_url: null, quantity_unit: '1 kg' },
    });
    const older = createOrder([line('a'), line('b')], address, Date.parse('2026-01-01T10:00:00Z'));
    const newer = createOrder([line('c'), line('a')], address, Date.parse('2026-02-01T10:00:00Z'));
    expect(recentlyBought([older, newer]).map((p) => p.id)).toEqual(['c', 'a', 'b']);
    expect(recentlyBought([older, newer], 2).map((p) => p.id)).toEqual(['c', 'a']);
    expect(recentlyBought([])).toEqual([]);
    expect(recentlyBought([newer])[0]).toMatchObject({
      name: 'C',
      price_paise: 1000,
      quantity_unit: '1 kg',
      is_available: true,
      original_price_paise: null,
    });
  });
});
