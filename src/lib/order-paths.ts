/** Where an order's detail lives: pre-rendered /orders/{id} for samples, /orders/view?id= for orders placed here. */
export function orderHref(id: string, sampleIds: ReadonlySet<string>): string {
  return sampleIds.has(id) ? `/orders/${encodeURIComponent(id)}` : `/orders/view?id=${encodeURIComponent(id)}`;
}

/**
 * For the 404 page: a path like /orders/ORD-1718000000000 (an order placed in this browser, which has no
 * pre-rendered page) maps to its client-side view; null for any other path.
 */
export function placedOrderPath(pathname: string): string | null {
  const match = /^\/orders\/(ORD-[\w-]{1,60})\/?$/.exec(pathname);
  return match?.[1] ? `/orders/view?id=${encodeURIComponent(match[1])}` : null;
}
