import { describe, expect, test } from 'vitest';
import { ORDER_PAGE, orderHandoff, orderIdFromPath, orderLocation } from '../../src/lib/order-paths.ts';

describe('the one order URL, /orders/{id}', () => {
  test('the id comes from the path, with or without the trailing slash, decoded', () => {
    expect(orderIdFromPath('/orders/ORD-001')).toBe('ORD-001');
    expect(orderIdFromPath('/orders/ORD-1718000000000/')).toBe('ORD-1718000000000');
    expect(orderIdFromPath('/orders/%3Cb%3Ex')).toBe('<b>x');
  });

  test('the orders list, the order page itself, deeper paths and other sections name no order', () => {
    for (const path of ['/orders', '/orders/', ORDER_PAGE, '/orders/view', '/orders/a/b', '/product/ORD-1', '/orders/%E0%A4%A']) {
      expect(orderIdFromPath(path), path).toBeNull();
    }
    expect(orderIdFromPath('/orders/ORD-001/')).toBe('ORD-001');
  });

  test('without rewrites, the 404 page hands /orders/{id} to the one page, the id encoded in the query', () => {
    expect(orderHandoff('/orders/ORD-1718000000000')).toBe(`${ORDER_PAGE}?id=ORD-1718000000000`);
    expect(orderHandoff('/orders/nope/')).toBe(`${ORDER_PAGE}?id=nope`);
    expect(orderHandoff('/orders/%22%3E%3Cscript%3E&x=1')).toBe(`${ORDER_PAGE}?id=%22%3E%3Cscript%3E%26x%3D1`);
    expect(orderHandoff('/orders/')).toBeNull();
    expect(orderHandoff('/product/x')).toBeNull();
  });

  test('the order page reads the id from its path, or takes a hand-off and shows /orders/{id} again', () => {
    expect(orderLocation('/orders/ORD-002', '')).toEqual({ id: 'ORD-002', canonical: null });
    expect(orderLocation('/orders/ORD-002/', '?id=ORD-001')).toEqual({ id: 'ORD-002', canonical: null });
    expect(orderLocation(ORDER_PAGE, '?id=ORD-1718000000000')).toEqual({ id: 'ORD-1718000000000', canonical: '/orders/ORD-1718000000000' });
    // The links of earlier releases (/orders/view?id=) land the same way.
    expect(orderLocation('/orders/view', '?id=ORD-003')).toEqual({ id: 'ORD-003', canonical: '/orders/ORD-003' });
    expect(orderLocation(ORDER_PAGE, '')).toEqual({ id: '', canonical: null });
  });

  test('an id that cannot stand in a path as it is keeps the page URL: no dot segments, no markup, no other path', () => {
    for (const id of ['..', '.', 'a/../../b', '"><img src=x>', 'ORD-1?x=1', 'https://evil.example/']) {
      const { id: read, canonical } = orderLocation(ORDER_PAGE, `?${new URLSearchParams({ id }).toString()}`);
      expect(read).toBe(id);
      expect(canonical, id).toBeNull();
    }
  });
});
