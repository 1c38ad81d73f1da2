/**
 * The browser's calls of the order functions (docs/orders.md) through supabase-js with the anon key, each answer read
 * as input (function-call.ts).
 */
import { liveClient } from './catalogue/browser.ts';
import { callFunction, readAnswer, type Answer } from './function-call.ts';
import { readServerOrder, type OrderRequest, type ServerOrder } from './live-orders.ts';

/** A placed order: the order, and the token that reads and cancels it. */
export interface PlacedOrder {
  order: ServerOrder;
  accessToken: string;
}

const call = (fn: string, args: Record<string, unknown>) => callFunction(liveClient, fn, args);

/** place_order: the order (new, or the one this request placed before) and its token. */
export async function sendOrder(request: OrderRequest): Promise<Answer<PlacedOrder>> {
  return readAnswer(await call('place_order', { p_order: request }), (data) => {
    const order = readServerOrder(data);
    const token = (data as { access_token?: unknown } | null)?.access_token;
    return order && typeof token === 'string' && /^[\w-]{20,100}$/.test(token) ? { order, accessToken: token } : null;
  });
}

/** get_orders: those of `refs` the database knows with that token, by id. */
export async function fetchOrders(refs: readonly { order_id: string; access_token: string }[]): Promise<Answer<Map<string, ServerOrder>>> {
  return readAnswer(await call('get_orders', { p_refs: refs }), (data) =>
    Array.isArray(data)
      ? new Map(
          data
            .map(readServerOrder)
            .filter((o): o is ServerOrder => o !== null)
            .map((o) => [o.order_id, o]),
        )
      : null,
  );
}

/** cancel_order: the shopper cancels an order still placed. */
export async function cancelOrder(orderId: string, accessToken: string): Promise<Answer<ServerOrder>> {
  return readAnswer(await call('cancel_order', { p_order_id: orderId, p_access_token: accessToken }), readServerOrder);
}
