/**
 * Live orders (issue 50; contract in docs/orders.md): the request the browser sends to place_order, the orders the
 * database answers with (read as outside input), the refusals in the shopper's words, and an answer made into the
 * `Order` the orders pages show. No I/O here: src/lib/orders-api.ts sends, src/stores/live-orders.ts keeps.
 */
import type { CartItem } from './cart.ts';
import { isRecord, readText } from './fields.ts';
import { formatPaise } from './format.ts';
import { formatAddress, formatStepTime, TIMELINE_STEPS, type CheckoutAddress, type Order, type TimelineEntry } from './orders.ts';
import { PHONE_PROBLEM } from './phone.ts';

/** The statuses of a live order, in the order they come (cancelled aside). */
export const LIVE_STEPS = ['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'] as const;
export type LiveStatus = (typeof LIVE_STEPS)[number] | 'cancelled';

/** What the checkout sends: place_order's `p_order`. */
export interface OrderRequest {
  client_order_id: string;
  items: { product_id: string; quantity: number }[];
  name: string;
  phone: string;
  address: CheckoutAddress;
  coupon_code: string | null;
  expected_total_paise: number;
}

/** The name, phone and address the checkout collects for a live order. */
export interface OrderForm {
  name: string;
  phone: string;
  address: CheckoutAddress;
}

/** The request for the cart as it is: its lines, the form as typed, the coupon, and the total the shopper sees. */
export function buildOrderRequest(
  clientOrderId: string,
  items: readonly CartItem[],
  form: OrderForm,
  couponCode: string | null,
  expectedTotalPaise: number,
): OrderRequest {
  return {
    client_order_id: clientOrderId,
    items: items.map((item) => ({ product_id: item.product_id, quantity: item.quantity })),
    name: form.name.trim(),
    phone: form.phone,
    address: { ...form.address },
    coupon_code: couponCode || null,
    expected_total_paise: expectedTotalPaise,
  };
}

/** True when two requests are the same order but for their id: a resend may reuse the id, anything else may not. */
export function sameRequest(a: OrderRequest, b: OrderRequest): boolean {
  return JSON.stringify({ ...a, client_order_id: '' }) === JSON.stringify({ ...b, client_order_id: '' });
}

/** Reads a stored request back (browser storage is input); null when it is not one. */
export function readOrderRequest(value: unknown): OrderRequest | null {
  if (!isRecord(value) || !isRecord(value['address']) || !Array.isArray(value['items'])) return null;
  const { client_order_id: id, name, phone, coupon_code: coupon, expected_total_paise: total } = value;
  const address = value['address'];
  const items = value['items'].filter(
    (item): item is { product_id: string; quantity: number } =>
      isRecord(item) && typeof item['product_id'] === 'string' && Number.isInteger(item['quantity']),
  );
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const fields = [text(address['address_line_1']), text(address['city']), text(address['state']), text(address['postal_code'])];
  if (typeof id !== 'string' || typeof name !== 'string' || typeof phone !== 'string' || !Number.isInteger(total)) return null;
  if (items.length === 0 || fields.some((field) => field === null) || (coupon !== null && typeof coupon !== 'string')) return null;
  const [address_line_1 = '', city = '', state = '', postal_code = ''] = fields as string[];
  return {
    client_order_id: id,
    items: items.map(({ product_id, quantity }) => ({ product_id, quantity })),
    name,
    phone,
    address: { address_line_1, city, state, postal_code },
    coupon_code: coupon,
    expected_total_paise: total as number,
  };
}

export interface ServerLine {
  product_id: string;
  name: string;
  unit: string;
  unit_price_paise: number;
  quantity: number;
}

/** A line the shop removed (it could not supply it), and why. */
export interface RemovedLine extends ServerLine {
  reason: string;
}

export interface ServerEvent {
  status: LiveStatus;
  at: string;
  actor: 'shopper' | 'staff';
  reason: string | null;
}

/** An order as get_orders and place_order answer it (the fields the storefront reads). */
export interface ServerOrder {
  order_id: string;
  number: string;
  status: LiveStatus;
  created_at: string;
  store_name: string | null;
  /** Who receives it, and the number the shop calls. */
  name: string;
  phone: string;
  address: CheckoutAddress;
  lines: ServerLine[];
  removed_lines: RemovedLine[];
  coupon_code: string | null;
  subtotal_paise: number;
  delivery_fee_paise: number;
  discount_paise: number;
  cashback_paise: number;
  total_paise: number;
  cancelled_by: 'shopper' | 'shop' | null;
  cancel_reason: string | null;
  events: ServerEvent[];
}

const STATUSES: ReadonlySet<string> = new Set([...LIVE_STEPS, 'cancelled']);
const NUMBER = /^ORD-[2-9A-HJ-NP-Z]{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const paise = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);
const time = (v: unknown): string | null => (typeof v === 'string' && Number.isFinite(Date.parse(v)) ? v : null);
const status = (v: unknown): LiveStatus | null => (typeof v === 'string' && STATUSES.has(v) ? (v as LiveStatus) : null);

function readLine(value: unknown): ServerLine | null {
  if (!isRecord(value)) return null;
  const product_id = readText(value['product_id'], 200);
  const name = readText(value['name'], 200);
  const unit = readText(value['unit'], 100) ?? 'pcs';
  const unit_price_paise = paise(value['unit_price_paise']);
  const quantity = paise(value['quantity']);
  if (product_id === null || name === null || unit_price_paise === null || quantity === null || quantity < 1) return null;
  return { product_id, name, unit, unit_price_paise, quantity };
}

function readEvent(value: unknown): ServerEvent | null {
  if (!isRecord(value)) return null;
  const at = time(value['at']);
  const step = status(value['status']);
  if (at === null || step === null) return null;
  return { status: step, at, actor: value['actor'] === 'staff' ? 'staff' : 'shopper', reason: readText(value['reason'], 200) };
}

/** An order from the database's answer, checked field by field (it is input like any other); null when unusable. */
export function readServerOrder(value: unknown): ServerOrder | null {
  if (!isRecord(value)) return null;
  const order_id = typeof value['order_id'] === 'string' && UUID.test(value['order_id']) ? value['order_id'] : null;
  const number = typeof value['number'] === 'string' && NUMBER.test(value['number']) ? value['number'] : null;
  const current = status(value['status']);
  const created_at = time(value['created_at']);
  const lines = (Array.isArray(value['lines']) ? value['lines'] : []).map(readLine);
  const sums = ['subtotal_paise', 'delivery_fee_paise', 'discount_paise', 'cashback_paise', 'total_paise'].map((key) => paise(value[key]));
  if (order_id === null || number === null || current === null || created_at === null) return null;
  if (lines.length === 0 || lines.some((line) => line === null) || sums.some((sum) => sum === null)) return null;
  const [subtotal_paise = 0, delivery_fee_paise = 0, discount_paise = 0, cashback_paise = 0, total_paise = 0] = sums as number[];
  const address = isRecord(value['address']) ? value['address'] : {};
  const store = isRecord(value['store']) ? value['store'] : {};
  const by = value['cancelled_by'];
  const removed = (Array.isArray(value['removed_lines']) ? value['removed_lines'] : []).flatMap((raw): RemovedLine[] => {
    const line = readLine(raw);
    return line && isRecord(raw) ? [{ ...line, reason: readText(raw['reason'], 200) ?? 'Not available' }] : [];
  });
  return {
    order_id,
    number,
    status: current,
    created_at,
    store_name: readText(store['name'], 200),
    name: readText(value['name'], 100) ?? '',
    phone: typeof value['phone'] === 'string' && /^[6-9]\d{9}$/.test(value['phone']) ? value['phone'] : '',
    address: {
      address_line_1: readText(address['address_line_1'], 200) ?? '',
      city: readText(address['city'], 100) ?? '',
      state: readText(address['state'], 100) ?? '',
      postal_code: readText(address['postal_code'], 6) ?? '',
    },
    lines: lines as ServerLine[],
    removed_lines: removed,
    coupon_code: readText(value['coupon_code'], 20),
    subtotal_paise,
    delivery_fee_paise,
    discount_paise,
    cashback_paise,
    total_paise,
    cancelled_by: by === 'shopper' || by === 'shop' ? by : null,
    cancel_reason: readText(value['cancel_reason'], 200),
    events: (Array.isArray(value['events']) ? value['events'] : []).map(readEvent).filter((e): e is ServerEvent => e !== null),
  };
}

/** Delivered and cancelled orders change no more. */
export function isFinal(current: string): boolean {
  return current === 'delivered' || current === 'cancelled';
}

/** The spec's timeline from the order's events: a step is done when reached (a skipped one has no time). */
export function liveTimeline(order: Pick<ServerOrder, 'status' | 'events'>): TimelineEntry[] {
  const reached = order.events.reduce(
    (furthest, event) => Math.max(furthest, LIVE_STEPS.indexOf(event.status as (typeof LIVE_STEPS)[number])),
    order.status === 'cancelled' ? 0 : LIVE_STEPS.indexOf(order.status),
  );
  return TIMELINE_STEPS.map((step, i) => {
    const event = order.events.find((e) => e.status === LIVE_STEPS[i]);
    return { status: step, time: event?.at ?? '', completed: i <= reached };
  });
}

/** The card's delivery line: where the order is now. */
function deliveryLine(order: ServerOrder): string {
  const last = order.events.at(-1);
  switch (order.status) {
    case 'delivered':
      return last ? `Delivered at ${formatStepTime(last.at)}` : 'Delivered';
    case 'cancelled':
      return order.cancelled_by === 'shop' ? 'Cancelled by the shop' : 'Cancelled by you';
    case 'out_for_delivery':
      return 'On the way to you';
    default:
      return 'Being prepared by the shop';
  }
}

/** What the browser keeps beside an order: each line's photo and top-level category, from the cart it was placed from. */
export interface LineExtras {
  images: Readonly<Record<string, string | null>>;
  categories: Readonly<Record<string, string>>;
}

/** The database's order as the orders pages show it: its number, lines, totals and timeline, all from the answer. */
export function liveOrderView(order: ServerOrder, extras: LineExtras): Order {
  return {
    id: order.number,
    live: true,
    status: order.status,
    date: order.created_at,
    deliveryTime: deliveryLine(order),
    address: formatAddress(order.address),
    items: order.lines.map((line) => ({
      id: line.product_id,
      name: line.name,
      price_paise: line.unit_price_paise,
      image_url: extras.images[line.product_id] ?? null,
      quantity: line.quantity,
      unit: line.unit,
      ...(extras.categories[line.product_id] ? { category_id: extras.categories[line.product_id] } : {}),
    })),
    timeline: liveTimeline(order),
    subtotalPaise: order.subtotal_paise,
    deliveryFeePaise: order.delivery_fee_paise,
    totalPaise: order.total_paise,
    ...(order.coupon_code
      ? { coupon: { code: order.coupon_code, discountPaise: order.discount_paise, cashbackPaise: order.cashback_paise } }
      : {}),
    ...(order.removed_lines.length > 0
      ? { removedByShop: order.removed_lines.map((line) => `${line.name} (${line.unit}) × ${line.quantity}: ${line.reason}`) }
      : {}),
    ...(order.status === 'cancelled'
      ? {
          cancellation:
            order.cancelled_by === 'shop' ? `Cancelled by the shop: ${order.cancel_reason ?? 'no reason given'}` : 'Cancelled by you',
        }
      : {}),
  };
}

/** The refusal codes of place_order, cancel_order and set_order_status. */
export const REFUSALS = [
  'PRICE_CHANGED',
  'UNAVAILABLE',
  'NOT_SERVED',
  'CLOSED',
  'COUPON',
  'INVALID',
  'LIMIT',
  'CONFLICT',
  'NOT_FOUND',
  'TRANSITION',
] as const;
export type RefusalCode = (typeof REFUSALS)[number];

/** The database's prices for the cart, as PRICE_CHANGED gives them. */
export interface RepricedCart {
  lines: ServerLine[];
  total_paise: number;
}

export type Refusal =
  | { code: 'PRICE_CHANGED'; repriced: RepricedCart }
  | { code: 'UNAVAILABLE'; products: { product_id: string; name: string | null }[] }
  | { code: Exclude<RefusalCode, 'PRICE_CHANGED' | 'UNAVAILABLE'>; detail: string };

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A refusal from a PostgREST error (`{ code: 'P0001', hint, details }`); null for any other failure. */
export function readRefusal(error: { code?: unknown; hint?: unknown; details?: unknown }): Refusal | null {
  const code = error.hint;
  if (error.code !== 'P0001' || typeof code !== 'string' || !(REFUSALS as readonly string[]).includes(code)) return null;
  const detail = typeof error.details === 'string' ? error.details : '';
  if (code === 'PRICE_CHANGED') {
    const body = parseJson(detail);
    if (!isRecord(body) || !Array.isArray(body['lines'])) return null;
    const lines = body['lines'].map(readLine);
    const total = paise(body['total_paise']);
    if (lines.some((line) => line === null) || total === null) return null;
    return { code, repriced: { lines: lines as ServerLine[], total_paise: total } };
  }
  if (code === 'UNAVAILABLE') {
    const body = parseJson(detail);
    const products = (Array.isArray(body) ? body : [])
      .filter(isRecord)
      .map((p) => ({ product_id: readText(p['product_id'], 200) ?? '', name: readText(p['name'], 200) }))
      .filter((p) => p.product_id !== '');
    return { code, products };
  }
  return { code: code as Exclude<RefusalCode, 'PRICE_CHANGED' | 'UNAVAILABLE'>, detail };
}

const INVALID_FIELDS: Readonly<Record<string, string>> = {
  name: 'Enter your name (up to 100 characters).',
  phone: `${PHONE_PROBLEM}.`,
  'address.address_line_1': 'Enter your address (up to 200 characters).',
  'address.city': 'The city can have up to 100 characters.',
  'address.state': 'The state can have up to 100 characters.',
  'address.postal_code': 'Enter the 6-digit pincode of the delivery address.',
};

const LIMITS: Readonly<Record<string, string>> = {
  lines: 'Your cart has more products than one order can take. Remove some, then place the order again.',
  quantity: 'One of your products is over the most one order can take. Lower its quantity, then place the order again.',
  open_orders: 'You have too many orders on the way with this phone number. Please wait until one is delivered.',
  orders_per_hour: 'Too many orders from this phone number in the last hour. Please try again later.',
};

/** A refusal in the shopper's words: what happened and what to do. `names` names products by id (the cart's names). */
export function refusalText(refusal: Refusal, names: (productId: string) => string | null = () => null): string {
  switch (refusal.code) {
    case 'PRICE_CHANGED':
      return `Prices have changed since these items were added. The new total is ${formatPaise(refusal.repriced.total_paise)}: check it, then place your order again.`;
    case 'UNAVAILABLE': {
      const list = refusal.products.map((p) => names(p.product_id) ?? p.name ?? 'a product').join(', ');
      return `Not available right now: ${list}. Remove ${refusal.products.length === 1 ? 'it' : 'them'} to place your order.`;
    }
    case 'NOT_SERVED':
      return `We don't deliver to ${refusal.detail || 'this pincode'} yet. Please use an address in an area we serve.`;
    case 'CLOSED':
      return 'The shop that delivers to this pincode is not taking orders right now. Please try again later.';
    case 'COUPON':
      return `${refusal.detail || 'The coupon does not apply'}. Remove the coupon or change your cart, then place the order again.`;
    case 'INVALID':
      return (
        INVALID_FIELDS[refusal.detail] ?? 'Something in your order could not be read. Please check your cart and the form, then try again.'
      );
    case 'LIMIT':
      return LIMITS[refusal.detail] ?? 'This order is over one of our limits. Please change it and try again.';
    case 'CONFLICT':
      return 'This order may already have been placed: check My Orders before placing it again.';
    case 'NOT_FOUND':
      return 'This order could not be found.';
    case 'TRANSITION':
      return `This order can no longer be changed: it is ${refusal.detail.replaceAll('_', ' ') || 'already on its way'}.`;
  }
}
