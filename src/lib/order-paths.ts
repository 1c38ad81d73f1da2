/**
 * The one URL of an order's detail, `/orders/{orderId}`, served by one page (ORDER_PAGE) that hosts rewrite to; without rewrites the
 * 404 page hands the id over (`orderHandoff`) and the page puts the URL back (`orderLocation`). README: "One order route".
 */

/** The one page file that shows every order (the rewrite target). */
export const ORDER_PAGE = '/orders/view/';

/** The query parameter of the hand-off from the 404 page (and of the links of earlier releases). */
const HANDOFF_PARAM = 'id';

/** An id that can stand in a URL path as it is: no dots (so never "." or ".."), no slash, no markup. */
const PATH_SAFE_ID = /^[\w-]{1,80}$/;

/** The detail URL of an order: `/orders/{id}`, the id as one encoded path segment. */
export function orderHref(id: string): string {
  return `/orders/${encodeURIComponent(id)}`;
}

/** The order id a path names (`/orders/ORD-1`, `/orders/ORD-1/`: what hosts rewrite to ORDER_PAGE), decoded; null for any other path. */
export function orderIdFromPath(pathname: string): string | null {
  const match = /^\/orders\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1] || `/orders/${match[1]}/` === ORDER_PAGE) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * For the 404 page on a host without rewrites: `/orders/{id}` maps to ORDER_PAGE with the id handed over in the
 * query; null for any other path.
 */
export function orderHandoff(pathname: string): string | null {
  const id = orderIdFromPath(pathname);
  return id === null ? null : `${ORDER_PAGE}?${new URLSearchParams({ [HANDOFF_PARAM]: id }).toString()}`;
}

/**
 * The order a location of the order page names, and the URL to show instead when it arrived by hand-off
 * (`/orders/view/?id=ORD-1` -> `/orders/ORD-1`; null when the URL is already right, or when the id cannot stand in
 * a path safely: such an id names no order, and the page says so where it is). `id` is "" when none is given.
 */
export function orderLocation(pathname: string, search: string): { id: string; canonical: string | null } {
  const fromPath = orderIdFromPath(pathname);
  if (fromPath !== null) return { id: fromPath.trim(), canonical: null };
  const handedOver = new URLSearchParams(search).get(HANDOFF_PARAM)?.trim() ?? '';
  return { id: handedOver, canonical: PATH_SAFE_ID.test(handedOver) ? orderHref(handedOver) : null };
}
