import { persistentAtom } from '@nanostores/persistent';
import { sampleOrderIds, sampleOrders } from '../data/orders.ts';
import {
  createOrder,
  decodeOrders,
  encodeOrders,
  itemProduct,
  MAX_STORED_ORDERS,
  type CheckoutAddress,
  type Order,
} from '../lib/orders.ts';
import type { CartProductInput } from '../lib/fields.ts';
import { evaluateCoupon, type CouponLine } from '../lib/coupons.ts';
import type { CartItem } from '../lib/cart.ts';
import { $cartItems, addEntriesToCart, clearCart } from './cart.ts';

/** localStorage key of the orders placed in this browser. */
export const ORDERS_KEY = 'thela-orders';
/** The spec's simulated checkout wait. */
export const CHECKOUT_DELAY_MS = 2000;

/** Orders placed in this browser, newest first; kept in step across tabs like the cart. */
export const $placedOrders = persistentAtom<Order[]>(ORDERS_KEY, [], {
  encode: encodeOrders,
  decode: decodeOrders,
});

/** Every order to list: those placed here first (newest first), then the spec's samples. */
export function allOrders(placed: readonly Order[]): Order[] {
  return [...placed.filter((order) => !sampleOrderIds.has(order.id)), ...sampleOrders];
}

/** An order by id, placed here or sample; null when unknown. */
export function findOrder(id: string, placed: readonly Order[] = $placedOrders.get()): Order | null {
  return allOrders(placed).find((order) => order.id === id) ?? null;
}

/** Cart lines as the coupon rules read them. */
export function couponLines(items: readonly CartItem[]): CouponLine[] {
  return items.map((item) => ({
    price_paise: item.product.price_paise,
    quantity: item.quantity,
    category_id: item.product.category_id ?? null,
  }));
}

/** Thrown by `placeOrder` when there is nothing to order. */
export class EmptyCartError extends Error {
  override name = 'EmptyCartError';
}

/**
 * Places the cart as an order (simulated): waits CHECKOUT_DELAY_MS, saves it, then empties the cart; throws (cart kept)
 * when it cannot. `couponCode` counts only if it applies at that moment. Tests shorten the wait and fix the clock.
 */
export async function placeOrder(
  address: CheckoutAddress,
  options: { delayMs?: number; now?: () => number; couponCode?: string | null } = {},
): Promise<Order> {
  const lines = $cartItems.get();
  if (lines.length === 0) throw new EmptyCartError('The cart is empty');
  if (!address.address_line_1.trim()) throw new Error('The delivery address is required');
  await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? CHECKOUT_DELAY_MS));
  const now = (options.now ?? Date.now)();
  const coupon = options.couponCode
    ? evaluateCoupon(options.couponCode, { lines: couponLines(lines), hasOrders: $placedOrders.get().length > 0, now })
    : null;
  const order = createOrder(lines, address, now, coupon?.ok ? coupon : null);
  // Saved before the cart is cleared: if saving fails the shopper keeps the cart and can try again.
  $placedOrders.set([order, ...$placedOrders.get().filter((o) => o.id !== order.id)].slice(0, MAX_STORED_ORDERS));
  clearCart();
  return order;
}

/** Puts an order's items back in the cart; with `known` (the build's rows), an item it lacks or marks unavailable is skipped. */
export function reorder(order: Order, known?: Readonly<Record<string, CartProductInput>>) {
  return addEntriesToCart(
    order.items.map((item) => ({
      product: known
        ? Object.hasOwn(known, item.id)
          ? (known[item.id] as CartProductInput)
          : { ...itemProduct(item), is_available: false }
        : itemProduct(item),
      quantity: item.quantity,
    })),
  );
}
