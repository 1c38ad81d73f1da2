import { describe, expect, test } from 'vitest';
import {
  buildOrderRequest,
  liveOrderView,
  liveTimeline,
  readOrderRequest,
  readRefusal,
  readServerOrder,
  refusalText,
  sameRequest,
  type ServerOrder,
} from '../../src/lib/live-orders.ts';
import { orderStatus } from '../../src/lib/orders.ts';
import type { CartItem } from '../../src/lib/cart.ts';

const answer = {
  order_id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  number: 'ORD-7KQ2MX',
  status: 'out_for_delivery',
  created_at: '2026-12-07T10:00:00+00:00',
  store: { id: 'sharma-general-store', name: 'Sharma General Store' },
  name: 'Asha',
  phone: '9876543210',
  address: { address_line_1: 'House 42', city: 'Gurgaon', state: '', postal_code: '122001' },
  payment: 'cash_on_delivery',
  lines: [
    {
      product_id: 'banana-robusta-6-pcs',
      name: 'Banana Robusta',
      unit: '6 pcs',
      unit_price_paise: 4800,
      quantity: 2,
      line_total_paise: 9600,
    },
  ],
  coupon_code: 'FREEDEL',
  subtotal_paise: 9600,
  delivery_fee_paise: 2500,
  discount_paise: 2500,
  cashback_paise: 0,
  total_paise: 9600,
  cancelled_by: null,
  cancel_reason: null,
  events: [
    { status: 'placed', at: '2026-12-07T10:00:00+00:00', actor: 'shopper', reason: null },
    { status: 'out_for_delivery', at: '2026-12-07T10:05:00+00:00', actor: 'staff', reason: null },
  ],
};

const read = (over: Record<string, unknown> = {}) => readServerOrder({ ...answer, ...over });

describe('readServerOrder', () => {
  test('reads an answer of get_orders', () => {
    expect(read()).toMatchObject({
      number: 'ORD-7KQ2MX',
      status: 'out_for_delivery',
      store_name: 'Sharma General Store',
      total_paise: 9600,
    });
  });

  test('refuses what it cannot show: a bad id, number or status, no lines, a sum that is not whole paise', () => {
    for (const bad of [
      { order_id: 'x' },
      { number: 'ORD-001' },
      { status: 'shipped' },
      { lines: [] },
      { lines: [{ product_id: 'x', name: 'X', unit_price_paise: -1, quantity: 1 }] },
      { total_paise: 1.5 },
      { created_at: 'yesterday' },
    ]) {
      expect(read(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(readServerOrder(null)).toBeNull();
    expect(readServerOrder([answer])).toBeNull();
  });

  test('keeps text as text, bounded', () => {
    const order = read({ cancel_reason: `<img src=x onerror=alert(1)>${'x'.repeat(500)}` }) as ServerOrder;
    expect(order.cancel_reason).toMatch(/^<img src=x onerror=alert\(1\)>x+$/);
    expect(order.cancel_reason?.length).toBeLessThanOrEqual(200);
  });
});

describe('liveTimeline', () => {
  test('a step reached is done with its time; one skipped is done without; the rest are pending', () => {
    expect(liveTimeline(read() as ServerOrder)).toEqual([
      { status: 'Order Placed', time: answer.events[0]?.at, completed: true },
      { status: 'Confirmed', time: '', completed: true },
      { status: 'Packed', time: '', completed: true },
      { status: 'Out for Delivery', time: answer.events[1]?.at, completed: true },
      { status: 'Delivered', time: '', completed: false },
    ]);
  });

  test('a cancelled order keeps the steps it reached', () => {
    const cancelled = read({
      status: 'cancelled',
      events: [answer.events[0], { status: 'cancelled', at: '2026-12-07T10:01:00+00:00', actor: 'shopper', reason: null }],
    }) as ServerOrder;
    expect(liveTimeline(cancelled).map((step) => step.completed)).toEqual([true, false, false, false, false]);
  });
});

describe('liveOrderView', () => {
  test("shows the database's lines and totals, the cart's photos, and the status as the spec's", () => {
    const view = liveOrderView(read() as ServerOrder, { images: { 'banana-robusta-6-pcs': '/img/banana.webp' }, categories: {} });
    expect(view).toMatchObject({ id: 'ORD-7KQ2MX', live: true, totalPaise: 9600, coupon: { code: 'FREEDEL', discountPaise: 2500 } });
    expect(view.items[0]).toMatchObject({ id: 'banana-robusta-6-pcs', price_paise: 4800, image_url: '/img/banana.webp', unit: '6 pcs' });
    expect(orderStatus(view.status, true).label).toBe('On the way');
  });

  test('the live statuses map onto the spec labels; cancelled and the outbox have their own; the spec samples are unchanged', () => {
    expect(
      ['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered', 'cancelled', 'waiting', 'not_placed', 'shipped'].map(
        (s) => orderStatus(s, true).label,
      ),
    ).toEqual([
      'Processing',
      'Processing',
      'Processing',
      'On the way',
      'Delivered',
      'Cancelled',
      'Waiting to send',
      'Not placed',
      'Unknown',
    ]);
    // ORD-004 of the samples is "cancelled", which the spec shows as "Unknown".
    expect(orderStatus('cancelled').label).toBe('Unknown');
  });

  test("says who cancelled, and the shop's reason", () => {
    const byShop = read({ status: 'cancelled', cancelled_by: 'shop', cancel_reason: 'Out of stock' }) as ServerOrder;
    expect(liveOrderView(byShop, { images: {}, categories: {} }).cancellation).toBe('Cancelled by the shop: Out of stock');
  });
});

describe('requests', () => {
  const cart: CartItem[] = [
    {
      id: 'l1',
      product_id: 'onion-1-kg',
      quantity: 2,
      product: { id: 'onion-1-kg', name: 'Onion', price_paise: 3900, image_url: null, quantity_unit: '1 kg' },
    },
  ];
  const form = { name: ' Asha ', phone: '9876543210', address: { address_line_1: 'House 1', city: '', state: '', postal_code: '122001' } };

  test('carry product ids and quantities only: prices are never sent', () => {
    const request = buildOrderRequest('id-1', cart, form, null, 10300);
    expect(request).toEqual({
      client_order_id: 'id-1',
      items: [{ product_id: 'onion-1-kg', quantity: 2 }],
      name: 'Asha',
      phone: '9876543210',
      address: form.address,
      coupon_code: null,
      expected_total_paise: 10300,
    });
    expect(JSON.stringify(request)).not.toContain('3900');
  });

  test('are the same order only when everything but the id is the same', () => {
    const a = buildOrderRequest('id-1', cart, form, null, 10300);
    expect(sameRequest(a, buildOrderRequest('id-2', cart, form, null, 10300))).toBe(true);
    expect(sameRequest(a, buildOrderRequest('id-2', cart, form, 'FREEDEL', 10300))).toBe(false);
    expect(sameRequest(a, buildOrderRequest('id-2', [{ ...cart[0]!, quantity: 3 }], form, null, 10300))).toBe(false);
    expect(sameRequest(a, buildOrderRequest('id-2', cart, { ...form, phone: '9876543211' }, null, 10300))).toBe(false);
  });

  test('read back from storage as they were, or not at all', () => {
    const request = buildOrderRequest('id-1', cart, form, null, 10300);
    expect(readOrderRequest(JSON.parse(JSON.stringify(request)))).toEqual(request);
    expect(readOrderRequest({ ...request, items: [] })).toBeNull();
    expect(readOrderRequest({ ...request, address: 'House 1' })).toBeNull();
    expect(readOrderRequest('junk')).toBeNull();
  });
});

describe('refusals', () => {
  test('are read from P0001 errors with a known hint only', () => {
    expect(readRefusal({ code: 'P0001', hint: 'CLOSED', details: 'sharma-general-store' })).toEqual({
      code: 'CLOSED',
      detail: 'sharma-general-store',
    });
    expect(readRefusal({ code: '42501', hint: 'CLOSED' })).toBeNull();
    expect(readRefusal({ code: 'P0001', hint: 'SOMETHING' })).toBeNull();
    const changed = readRefusal({
      code: 'P0001',
      hint: 'PRICE_CHANGED',
      details: JSON.stringify({ lines: answer.lines, total_paise: 12100 }),
    });
    expect(changed).toMatchObject({ code: 'PRICE_CHANGED', repriced: { total_paise: 12100 } });
    expect(readRefusal({ code: 'P0001', hint: 'PRICE_CHANGED', details: 'not json' })).toBeNull();
  });

  test('say what happened and what to do', () => {
    const names = (id: string) => (id === 'onion-1-kg' ? 'Onion' : null);
    expect(
      refusalText(
        {
          code: 'UNAVAILABLE',
          products: [
            { product_id: 'onion-1-kg', name: 'Onion (row)' },
            { product_id: 'x', name: null },
          ],
        },
        names,
      ),
    ).toBe('Not available right now: Onion, a product. Remove them to place your order.');
    expect(refusalText({ code: 'CLOSED', detail: 's' })).toBe(
      'The shop that delivers to this pincode is not taking orders right now. Please try again later.',
    );
    expect(refusalText({ code: 'COUPON', detail: 'WELCOME50 is for your first order only' })).toBe(
      'WELCOME50 is for your first order only. Remove the coupon or change your cart, then place the order again.',
    );
    expect(refusalText({ code: 'INVALID', detail: 'phone' })).toBe('Enter a 10-digit mobile number, like 98765 43210.');
    expect(refusalText({ code: 'LIMIT', detail: 'open_orders' })).toMatch(/too many orders on the way/);
    expect(refusalText({ code: 'NOT_SERVED', detail: '560001' })).toBe(
      "We don't deliver to 560001 yet. Please use an address in an area we serve.",
    );
    expect(refusalText({ code: 'TRANSITION', detail: 'out_for_delivery' })).toBe(
      'This order can no longer be changed: it is out for delivery.',
    );
  });
});
