/**
 * This browser's live orders (issue 50): those the database placed, each with the token that reads it, and the outbox
 * of orders not sent yet. An order is sent once: the outbox keeps the exact request until an answer comes, a resend
 * uses the same client_order_id (the database returns the same order), and anything changed is a new order. Nothing
 * is lost: the items are in the cart, the outbox or an order, always.
 */
import { persistentAtom } from '@nanostores/persistent';
import { decodeCart, encodeCart, mergeIntoCart, type CartItem } from '../lib/cart.ts';
import { isRecord } from '../lib/fields.ts';
import {
  buildOrderRequest,
  isFinal,
  readOrderRequest,
  readServerOrder,
  refusalText,
  sameRequest,
  type OrderForm,
  type OrderRequest,
  type Refusal,
  type ServerOrder,
} from '../lib/live-orders.ts';
import type { Answer } from '../lib/function-call.ts';
import { cancelOrder, fetchOrders, sendOrder } from '../lib/orders-api.ts';
import { OUTBOX_KEY } from '../lib/orders-mode.ts';
import { parseStoredArray } from '../lib/storage.ts';
import { $cartItems, clearCart, writeCart } from './cart.ts';
import { removeCoupon } from './coupon.ts';
import { showToast } from './toasts.ts';

/** A placed order as this browser keeps it: how to read it again, the last answer, and its lines' photos. */
export interface KeptOrder {
  order_id: string;
  access_token: string;
  order: ServerOrder;
  /** When `order` was read (ISO): offline, the page says how old it is. */
  fetched_at: string;
  images: Record<string, string | null>;
  categories: Record<string, string>;
}

/** An order not sent yet (`refusal` null), or refused when it was sent from here (the reason, in the shopper's words). */
export interface OutboxEntry {
  request: OrderRequest;
  /** The cart it was placed from: its photos, and what goes back in the cart. */
  lines: CartItem[];
  created_at: string;
  refusal: string | null;
}

const TOKEN = /^[\w-]{20,100}$/;
/** The most orders kept (the newest); get_orders reads at most 100 a call. */
const KEPT_MAX = 100;

function decodeKept(raw: string | undefined): KeptOrder[] {
  return parseStoredArray(raw)
    .flatMap((entry): KeptOrder[] => {
      if (!isRecord(entry)) return [];
      const order = readServerOrder(entry['order']);
      const token = entry['access_token'];
      if (!order || typeof token !== 'string' || !TOKEN.test(token)) return [];
      const texts = (value: unknown) =>
        Object.fromEntries(Object.entries(isRecord(value) ? value : {}).filter(([, v]) => typeof v === 'string' || v === null));
      return [
        {
          order_id: order.order_id,
          access_token: token,
          order,
          fetched_at: typeof entry['fetched_at'] === 'string' ? entry['fetched_at'] : order.created_at,
          images: texts(entry['images']) as Record<string, string | null>,
          categories: texts(entry['categories']) as Record<string, string>,
        },
      ];
    })
    .slice(0, KEPT_MAX);
}

function decodeOutbox(raw: string | undefined): OutboxEntry[] {
  return parseStoredArray(raw).flatMap((entry): OutboxEntry[] => {
    if (!isRecord(entry)) return [];
    const request = readOrderRequest(entry['request']);
    const lines = decodeCart(JSON.stringify(entry['lines'] ?? []));
    if (!request || lines.length === 0) return [];
    return [
      {
        request,
        lines,
        created_at: typeof entry['created_at'] === 'string' ? entry['created_at'] : new Date(0).toISOString(),
        refusal: typeof entry['refusal'] === 'string' ? entry['refusal'] : null,
      },
    ];
  });
}

/** The live orders placed in this browser, newest first; kept in step across tabs. */
export const $keptOrders = persistentAtom<KeptOrder[]>('thela-live-orders', [], { encode: JSON.stringify, decode: decodeKept });

/** Orders placed here that have not reached the database (or were refused on the way), oldest first. */
export const $outbox = persistentAtom<OutboxEntry[]>(OUTBOX_KEY, [], {
  encode: (entries) => JSON.stringify(entries.map((entry) => ({ ...entry, lines: JSON.parse(encodeCart(entry.lines)) as unknown }))),
  decode: decodeOutbox,
});

/** Puts lines back as they were (an order that was not sent), merged into the cart; no reads: it may be offline. */
export function restoreToCart(lines: readonly CartItem[]): boolean {
  let items = $cartItems.get();
  for (const line of lines) items = mergeIntoCart(items, line.product, line.quantity);
  return writeCart(items);
}

/** Gives lines the database's prices (paise by product id), as a refused order's PRICE_CHANGED told them. */
export function repriceCart(prices: ReadonlyMap<string, number>): void {
  writeCart(
    $cartItems.get().map((item) => {
      const price = prices.get(item.product_id);
      return price === undefined ? item : { ...item, product: { ...item.product, price_paise: price } };
    }),
  );
}

/** The request last sent from the checkout without an answer: sent again as it is, under the same id. */
let unanswered: OrderRequest | null = null;

function keep(order: ServerOrder, accessToken: string, lines: readonly CartItem[]): void {
  const kept: KeptOrder = {
    order_id: order.order_id,
    access_token: accessToken,
    order,
    fetched_at: new Date().toISOString(),
    images: Object.fromEntries(lines.map((line) => [line.product_id, line.product.image_url])),
    categories: Object.fromEntries(
      lines.flatMap((line) => (line.product.category_id ? [[line.product_id, line.product.category_id]] : [])),
    ),
  };
  $keptOrders.set([kept, ...$keptOrders.get().filter((k) => k.order_id !== order.order_id)].slice(0, KEPT_MAX));
}

export type PlaceResult =
  { kind: 'placed'; order: ServerOrder } | { kind: 'queued' } | { kind: 'refused'; refusal: Refusal } | { kind: 'failed' };

/**
 * Places the cart as a live order at `expectedTotalPaise` (what the shopper sees). Placed: kept, cart and coupon
 * cleared. No network: into the outbox, cart cleared, sent later. Refused or failed: nothing changes here.
 */
export async function placeLiveOrder(form: OrderForm, couponCode: string | null, expectedTotalPaise: number): Promise<PlaceResult> {
  const lines = $cartItems.get();
  const fresh = buildOrderRequest(crypto.randomUUID(), lines, form, couponCode, expectedTotalPaise);
  const request = unanswered && sameRequest(unanswered, fresh) ? unanswered : fresh;
  unanswered = request;
  const answer = await sendOrder(request);
  switch (answer.kind) {
    case 'ok':
      unanswered = null;
      keep(answer.data.order, answer.data.accessToken, lines);
      clearCart();
      removeCoupon();
      return { kind: 'placed', order: answer.data.order };
    case 'network':
      // It may have arrived: the outbox sends this very request again, and the database answers with the same order.
      unanswered = null;
      $outbox.set([...$outbox.get(), { request, lines, created_at: new Date().toISOString(), refusal: null }]);
      clearCart();
      removeCoupon();
      return { kind: 'queued' };
    case 'refused':
      unanswered = null;
      return { kind: 'refused', refusal: answer.refusal };
    case 'failed':
      console.error('Failed to place order', answer.message);
      return { kind: 'failed' };
  }
}

/** What one pass over the outbox did: the orders it placed, and how many were refused. */
export interface Flushed {
  placed: ServerOrder[];
  refused: number;
}

let flushing: Promise<Flushed> | null = null;

/** Sends what waits in the outbox, oldest first; stops at the first that cannot reach the database. One at a time per tab. */
export function flushOutbox(): Promise<Flushed> {
  flushing ??= (async () => {
    const done: Flushed = { placed: [], refused: 0 };
    try {
      for (const entry of $outbox.get()) {
        if (entry.refusal !== null) continue;
        const answer = await sendOrder(entry.request);
        if (answer.kind === 'network' || answer.kind === 'failed') break;
        const id = entry.request.client_order_id;
        if (answer.kind === 'ok') {
          keep(answer.data.order, answer.data.accessToken, entry.lines);
          $outbox.set($outbox.get().filter((e) => e.request.client_order_id !== id));
          done.placed.push(answer.data.order);
        } else {
          const refusal = refusalText(answer.refusal, (productId) => nameIn(entry.lines, productId));
          $outbox.set($outbox.get().map((e) => (e.request.client_order_id === id ? { ...e, refusal } : e)));
          done.refused += 1;
        }
      }
      return done;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** Sends the outbox (src/browser/outbox.ts calls it on any page) and says what reached the shop, or did not. */
export async function sendOutbox(): Promise<void> {
  const { placed, refused } = await flushOutbox();
  for (const order of placed) showToast({ title: 'Order Placed!', description: `Your order ${order.number} has reached the shop.` });
  if (refused > 0) {
    const what = refused === 1 ? 'An order' : `${refused} orders`;
    showToast({ title: 'Order not placed', description: `${what} could not be placed: see My Orders.`, variant: 'destructive' });
  }
}

const nameIn = (lines: readonly CartItem[], productId: string) => lines.find((l) => l.product_id === productId)?.product.name ?? null;

/** Takes an order out of the outbox (not sent, or refused) and puts its items back in the cart. */
export async function returnToCart(clientOrderId: string): Promise<boolean> {
  // A send in flight may place it meanwhile: then it is an order, and stays one.
  await flushing;
  const entry = $outbox.get().find((e) => e.request.client_order_id === clientOrderId);
  if (!entry) return false;
  if (!restoreToCart(entry.lines)) return false;
  $outbox.set($outbox.get().filter((e) => e.request.client_order_id !== clientOrderId));
  return true;
}

/** Reads every kept order again; `offline` when the database could not be reached (the last answers stay). */
export async function refreshKeptOrders(): Promise<'ok' | 'offline' | 'failed'> {
  const kept = $keptOrders.get();
  if (kept.length === 0) return 'ok';
  const answer = await fetchOrders(kept.map((k) => ({ order_id: k.order_id, access_token: k.access_token })));
  if (answer.kind !== 'ok') return answer.kind === 'network' ? 'offline' : 'failed';
  const now = new Date().toISOString();
  $keptOrders.set(
    $keptOrders.get().map((k) => {
      const order = answer.data.get(k.order_id);
      return order ? { ...k, order, fetched_at: now } : k;
    }),
  );
  return 'ok';
}

/** The shopper cancels a placed order; the answer (or the refusal's reason) comes back. */
export async function cancelKeptOrder(orderId: string): Promise<Answer<ServerOrder>> {
  const kept = $keptOrders.get().find((k) => k.order_id === orderId);
  if (!kept) return { kind: 'failed', message: 'unknown order' };
  const answer = await cancelOrder(kept.order_id, kept.access_token);
  if (answer.kind === 'ok') {
    $keptOrders.set(
      $keptOrders.get().map((k) => (k.order_id === orderId ? { ...k, order: answer.data, fetched_at: new Date().toISOString() } : k)),
    );
  } else if (answer.kind === 'refused') {
    await refreshKeptOrders();
  }
  return answer;
}

/** True while some kept order may still change (so its page asks again). */
export function anyOpen(kept: readonly KeptOrder[]): boolean {
  return kept.some((k) => !isFinal(k.order.status));
}
