import { useStore } from '@nanostores/react';
import { $cartAdding, $cartItems, quantityInCart, type CartItem } from '../stores/cart.ts';

const NO_ITEMS: CartItem[] = [];
const NONE: readonly string[] = [];
// The server (and hydration) render an empty cart, as the pre-rendered HTML does; the stored cart follows at once.
const serverItems = () => NO_ITEMS;
const serverAdding = () => NONE;

/** The cart lines, hydration-safe: empty in the server render and the first client render, then the stored cart. */
export function useCartItems(): CartItem[] {
  return useStore($cartItems, { ssr: serverItems });
}

/** How many of a product the cart holds (0 in the server render). */
export function useQuantityInCart(productId: string): number {
  return quantityInCart(useCartItems(), productId);
}

/** True while this product is being added. */
export function useAdding(productId: string): boolean {
  return useStore($cartAdding, { ssr: serverAdding }).includes(productId);
}
