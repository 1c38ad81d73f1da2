/**
 * The browser's calls of the order functions (docs/orders.md) through supabase-js with the anon key. Every answer is
 * one of: the data, read as input; a refusal (P0001 with a hint: nothing was written); `network` (the call did not
 * arrive, or its answer was lost: the same request may be sent again); or `failed` (anything else).
 */
import type { PostgrestError } from '@supabase/supabase-js';
import { liveClient } from './catalogue/browser.ts';
import { readRefusal, readServerOrder, type OrderRequest, type Refusal, type ServerOrder } from './live-orders.ts';

export type Answer<T> =
  { kind: 'ok'; data: T } | { kind: 'refused'; refusal: Refusal } | { kind: 'network' } | { kind: 'failed'; message: string };

/** A placed order: the order, and the token that reads and cancels it. */
export interface PlacedOrder {
  order: ServerOrder;
  accessToken: string;
}

async function call(fn: string, args: Record<string, unknown>): Promise<Answer<unknown>> {
  let client;
  try {
    client = await liveClient();
  } catch {
    // The client's chunk could not load: offline, like a request that did not arrive.
    return { kind: 'network' };
  }
  const answer: { data: unknown; error: PostgrestError | null; status: number } = await client.rpc(fn, args);
  const { data, error, status } = answer;
  if (!error) return { kind: 'ok', data };
  // supabase-js reports a fetch that threw (offline, reset, timed out) with status 0.
  if (status === 0) return { kind: 'network' };
  const refusal = readRefusal(error);
  return refusal ? { kind: 'refused', refusal } : { kind: 'failed', message: `${status} ${error.code}: ${error.message}` };
}

function mapped<T, U>(answer: Answer<T>, read: (data: T) => U | null): Answer<U> {
  if (answer.kind !== 'ok') return answer;
  const value = read(answer.data);
  return value === null ? { kind: 'failed', message: 'unexpected answer' } : { kind: 'ok', data: value };
}

/** place_order: the order (new, or the one this request placed before) and its token. */
export async function sendOrder(request: OrderRequest): Promise<Answer<PlacedOrder>> {
  return mapped(await call('place_order', { p_order: request }), (data) => {
    const order = readServerOrder(data);
    const token = (data as { access_token?: unknown } | null)?.access_token;
    return order && typeof token === 'string' && /^[\w-]{20,100}$/.test(token) ? { order, accessToken: token } : null;
  });
}

/** get_orders: those of `refs` the database knows with that token, by id. */
export async function fetchOrders(refs: readonly { order_id: string; access_token: string }[]): Promise<Answer<Map<string, ServerOrder>>> {
  return mapped(await call('get_orders', { p_refs: refs }), (data) =>
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
  return mapped(await call('cancel_order', { p_order_id: orderId, p_access_token: accessToken }), readServerOrder);
}
