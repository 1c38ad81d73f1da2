/** Orders (spec sections 2-4): shape, status, timeline, the order a checkout creates, and reading stored orders back. */
import { isRecord, readCartProduct, readQuantity, toCartProduct, withRupeePrice, type CardProduct, type CartProduct } from './fields.ts';
import { couponRule, isCouponCode, withCoupon, type AppliedCoupon } from './coupons.ts';
import { displayUnit } from './format.ts';
import { cartTotals, DELIVERY_FEE_PAISE, type Totals } from './pricing.ts';
import { parseStoredArray } from './storage.ts';

/** One line of an order: the product's cart fields as ordered (`id` is the product's, for "Reorder Items"). */
export interface OrderItem extends Pick<CartProduct, 'id' | 'name' | 'price_paise' | 'image_url'> {
  quantity: number;
  unit: string;
  /** Kept so "Buy again" and reorders keep it for coupons. */
  category_id?: string;
}

function orderItem(product: CartProduct, quantity: number): OrderItem {
  const { quantity_unit, category_id, ...fields } = toCartProduct(product);
  return { ...fields, quantity, unit: displayUnit(quantity_unit), ...(category_id ? { category_id } : {}) };
}

/** The cart fields of an order line, its `unit` as the `quantity_unit` ("Buy again", "Reorder Items"). */
export function itemProduct(item: OrderItem): CartProduct {
  return toCartProduct({ ...item, quantity_unit: item.unit });
}

/** The five steps of the spec's timeline, in order. */
export const TIMELINE_STEPS = ['Order Placed', 'Confirmed', 'Packed', 'Out for Delivery', 'Delivered'] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

/** One timeline step; `time` is ISO 8601, empty while pending. */
export interface TimelineEntry {
  status: TimelineStep;
  time: string;
  completed: boolean;
}

/** An order as listed and detailed. Its sums are integer paise, like the cart's. */
export interface Order {
  /** "ORD-001" (samples) or "ORD-" + the time it was placed in milliseconds. */
  id: string;
  /** delivered, on_way, processing, or anything else (shown as "Unknown"). */
  status: string;
  /** ISO 8601. */
  date: string;
  /** The delivery time line of the list card ("Delivered in 9 mins"). */
  deliveryTime: string;
  address: string;
  items: OrderItem[];
  timeline: TimelineEntry[];
  subtotalPaise: number;
  deliveryFeePaise: number;
  totalPaise: number;
  coupon?: OrderCoupon;
  /** A live order's (src/lib/live-orders.ts): its status is the database's, or this browser's outbox's. */
  live?: true;
  /** Who cancelled it and why, or why it was not placed (live orders). */
  cancellation?: string;
  /** Lines the shop removed because it could not supply them, each with why (live orders). */
  removedByShop?: string[];
}

export type OrderCoupon = Pick<AppliedCoupon, 'code' | 'discountPaise' | 'cashbackPaise'>;

export interface StatusStyle {
  label: string;
  tone: 'green' | 'blue' | 'orange' | 'gray' | 'red';
}

const PROCESSING: StatusStyle = { label: 'Processing', tone: 'orange' };
const ON_THE_WAY: StatusStyle = { label: 'On the way', tone: 'blue' };

const DELIVERED: StatusStyle = { label: 'Delivered', tone: 'green' };

const STATUS: Record<string, StatusStyle> = { delivered: DELIVERED, on_way: ON_THE_WAY, processing: PROCESSING };

/** A live order's statuses (docs/orders.md) shown as the spec's; cancelled, and this browser's outbox, with their own. */
const LIVE_STATUS: Record<string, StatusStyle> = {
  placed: PROCESSING,
  confirmed: PROCESSING,
  packed: PROCESSING,
  out_for_delivery: ON_THE_WAY,
  delivered: DELIVERED,
  cancelled: { label: 'Cancelled', tone: 'red' },
  waiting: { label: 'Waiting to send', tone: 'gray' },
  not_placed: { label: 'Not placed', tone: 'red' },
};

/** The spec's status labels and colours (a live order's mapped onto them); anything else is "Unknown". */
export function orderStatus(status: string, live = false): StatusStyle {
  const styles = live ? LIVE_STATUS : STATUS;
  return Object.hasOwn(styles, status) ? (styles[status] as StatusStyle) : { label: 'Unknown', tone: 'gray' };
}

/** Number of units in an order. */
export function orderItemCount(order: Pick<Order, 'items'>): number {
  return order.items.reduce((n, item) => n + item.quantity, 0);
}

export function itemsLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The delivery address a checkout collects; only address_line_1 is required. */
export interface CheckoutAddress {
  address_line_1: string;
  city: string;
  state: string;
  postal_code: string;
}

export function formatAddress(address: CheckoutAddress): string {
  return [address.address_line_1, address.city, address.state, address.postal_code]
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '')
    .join(', ');
}

/** A cart line as an order reads it. */
export interface OrderableLine {
  product_id: string;
  quantity: number;
  product: Omit<CartProduct, 'id'>;
}

/** The order a checkout places: id "ORD-" + `now`, status processing, "Order Placed" done, with the applied coupon if any. */
export function createOrder(lines: readonly OrderableLine[], address: CheckoutAddress, now: number, coupon?: AppliedCoupon | null): Order {
  const items = lines.map((line) => orderItem({ ...line.product, id: line.product_id }, line.quantity));
  const placed = new Date(now).toISOString();
  const totals = cartTotals(items);
  return {
    id: `ORD-${now}`,
    status: 'processing',
    date: placed,
    deliveryTime: 'Arriving in 10 mins',
    address: formatAddress(address),
    items,
    timeline: timeline([placed]),
    ...withOrderCoupon(
      totals,
      coupon ? { code: coupon.code, discountPaise: coupon.discountPaise, cashbackPaise: coupon.cashbackPaise } : null,
    ),
  };
}

/** Totals with a coupon counted as the cart counts it (`withCoupon`). */
function withOrderCoupon(totals: Totals, coupon: OrderCoupon | null): Totals & { coupon?: OrderCoupon } {
  if (!coupon) return totals;
  const { discountPaise, totalPaise } = withCoupon(totals, { ok: true, message: '', ...coupon });
  return { ...totals, totalPaise, coupon: { ...coupon, discountPaise } };
}

/** A timeline whose first steps are done at `times` (a sample order's; a new order's, placed now). */
export function timeline(times: readonly string[]): TimelineEntry[] {
  return TIMELINE_STEPS.map((status, i) => ({ status, time: times[i] ?? '', completed: times[i] !== undefined }));
}

/**
 * Formats ISO times in India time (the same on the server and in every browser); "" for a bad or pending one. The
 * formatter is made on first use, as in format.ts: creating one starts ICU, which importing this module should not pay.
 */
function inIndia(options: Intl.DateTimeFormatOptions): (iso: string) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (iso) => {
    const date = new Date(iso);
    if (!iso || !Number.isFinite(date.getTime())) return '';
    format ??= new Intl.DateTimeFormat('en-IN', { ...options, timeZone: 'Asia/Kolkata' });
    return format.format(date);
  };
}

/** "14 Jun 2025, 10:30 am". */
export const formatOrderDate = inIndia({ dateStyle: 'medium', timeStyle: 'short' });

/** "10:32 am" (a step's time). */
export const formatStepTime = inIndia({ timeStyle: 'short' });

// The 404 page needs only the path rule, so it lives in a module with no imports.
export { orderHref } from './order-paths.ts';

/** At most this many placed orders are kept (the newest). */
export const MAX_STORED_ORDERS = 100;
const ORDER_ID = /^ORD-[\w-]{1,60}$/;

const str = (v: unknown, max: number): string => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, max) : '');

/** One stored order line, read as a cart line (`readCartProduct`) with its pack size under `unit`. */
function repairItem(raw: unknown): OrderItem | null {
  if (!isRecord(raw)) return null;
  const product = readCartProduct({ ...raw, quantity_unit: raw['unit'] });
  const quantity = readQuantity(raw['quantity']);
  return product && quantity !== null ? orderItem(product, quantity) : null;
}

function readPaise(value: unknown, max: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max ? value : null;
}

/** A stored order's coupon: a code of ours, a discount up to subtotal + fee, a cashback up to the rule's; else none. */
function repairCoupon(r: unknown, totals: Totals): OrderCoupon | null {
  if (!isRecord(r)) return null;
  const code = typeof r['code'] === 'string' ? r['code'] : '';
  if (!isCouponCode(code)) return null;
  const rule = couponRule(code);
  const discountPaise = readPaise(r['discountPaise'], totals.subtotalPaise + totals.deliveryFeePaise);
  const cashbackPaise = readPaise(r['cashbackPaise'], rule.cashback_paise ?? 0);
  return discountPaise === null || cashbackPaise === null ? null : { code, discountPaise, cashbackPaise };
}

function repairTimeline(raw: unknown): TimelineEntry[] {
  const given = Array.isArray(raw) ? raw : [];
  return TIMELINE_STEPS.map((status) => {
    const entry = given.find((e): e is Record<string, unknown> => isRecord(e) && e['status'] === status);
    const time = entry ? str(entry['time'], 40) : '';
    return { status, time: Number.isFinite(new Date(time).getTime()) ? time : '', completed: entry?.['completed'] === true };
  });
}

/**
 * One stored order, repaired (totals recomputed; the fee charged is kept when it is ₹0 or the fixed fee, since free
 * delivery once came without a code), or null when it cannot be shown.
 */
export function repairOrder(r: unknown): Order | null {
  if (!isRecord(r)) return null;
  const id = str(r['id'], 64);
  if (!ORDER_ID.test(id)) return null;
  const items = (Array.isArray(r['items']) ? r['items'] : []).map(repairItem).filter((i): i is OrderItem => i !== null);
  if (items.length === 0) return null;
  const date = str(r['date'], 40);
  const computed = cartTotals(items);
  const storedFee = r['deliveryFeePaise'];
  const fee = storedFee === 0 || storedFee === DELIVERY_FEE_PAISE ? storedFee : computed.deliveryFeePaise;
  const totals = { subtotalPaise: computed.subtotalPaise, deliveryFeePaise: fee, totalPaise: computed.subtotalPaise + fee };
  return {
    id,
    status: str(r['status'], 40) || 'processing',
    date: Number.isFinite(new Date(date).getTime()) ? date : '',
    deliveryTime: str(r['deliveryTime'], 80),
    address: str(r['address'], 500),
    items,
    timeline: repairTimeline(r['timeline']),
    ...withOrderCoupon(totals, repairCoupon(r['coupon'], totals)),
  };
}

/** Writes the orders for storage: a line's price in rupees under `price`, as every release read it; sums in paise. */
export function encodeOrders(orders: readonly Order[]): string {
  return JSON.stringify(orders.map((order) => ({ ...order, items: order.items.map(withRupeePrice) })));
}

/** Reads the stored orders: bad JSON is an empty list, bad orders are dropped, duplicates keep the first. */
export function decodeOrders(raw: string | undefined): Order[] {
  const parsed = parseStoredArray(raw);
  const seen = new Set<string>();
  const out: Order[] = [];
  for (const entry of parsed) {
    const order = repairOrder(entry);
    if (!order || seen.has(order.id)) continue;
    seen.add(order.id);
    out.push(order);
    if (out.length >= MAX_STORED_ORDERS) break;
  }
  return out;
}

export const BUY_AGAIN_LIMIT = 8;

/** The products of the orders placed here, most recently bought first, each once, as cards ("Buy again" on home). */
export function recentlyBought(placed: readonly Order[], limit = BUY_AGAIN_LIMIT): CardProduct[] {
  const seen = new Set<string>();
  const out: CardProduct[] = [];
  const newestFirst = [...placed].sort((a, b) => Date.parse(b.date || '0') - Date.parse(a.date || '0'));
  for (const item of newestFirst.flatMap((order) => order.items)) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push({ ...itemProduct(item), original_price_paise: null, is_available: true });
    if (out.length === limit) break;
  }
  return out;
}
