/** The one URL of an order's detail, `/orders/{orderId}`, served by ORDER_PAGE. docs/architecture.md, "One order route". */

/** The one page file that shows every order (the rewrite target). */
export const ORDER_PAGE = '/orders/view/';

/** The query parameter of the hand-off from the 404 page (and of earlier releases' links). */
const HANDOFF_PARAM = 'id';

/** An id that can stand in a URL path as it is: no dots (so never "." or ".."), no slash, no markup. */
const PATH_SAFE_ID = /^[\w-]{1,80}$/;

export function orderHref(id: string): string {
  return `/orders/${encodeURIComponent(id)}`;
}

/** The order id a path names (`/orders/ORD-1`, `/orders/ORD-1/`), decoded; null for any other path. */
export function orderIdFromPath(pathname: string): string | null {
  const match = /^\/orders\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1] || `/orders/${match[1]}/` === ORDER_PAGE) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** For the 404 page on a host without rewrites: ORDER_PAGE with the id in the query; null for any other path. */
export function orderHandoff(pathname: string): string | null {
  const id = orderIdFromPath(pathname);
  return id === null ? null : `${ORDER_PAGE}?${new URLSearchParams({ [HANDOFF_PARAM]: id }).toString()}`;
}

/**
 * The order a location names, and the URL to show when it arrived by hand-off (`/orders/view/?id=ORD-1` ->
 * `/orders/ORD-1`); null when already right or the id is not path-safe (it names no order). `id` is "" when none.
 */
export function orderLocation(pathname: string, search: string): { id: string; canonical: string | null } {
  const fromPath = orderIdFromPath(pathname);
  if (fromPath !== null) return { id: fromPath.trim(), canonical: null };
  const handedOver = new URLSearchParams(search).get(HANDOFF_PARAM)?.trim() ?? '';
  return { id: handedOver, canonical: PATH_SAFE_ID.test(handedOver) ? orderHref(handedOver) : null };
}
