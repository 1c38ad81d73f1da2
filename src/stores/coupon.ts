import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { evaluateCoupon, isCouponCode, normalizeCode, withCoupon, type CouponResult, type CouponTotals } from '../lib/coupons.ts';
import { $cartItems, $cartTotals } from './cart.ts';
import { $placedOrders, couponLines } from './orders.ts';

/** localStorage key of the shopper's coupon code (one per order). */
export const COUPON_KEY = 'thela-coupon';

/** The code the shopper applied ("" for none), kept across pages and tabs; only one of ours is ever stored. */
export const $couponCode = persistentAtom<string>(COUPON_KEY, '', {
  encode: (code) => code,
  decode: (raw) => (isCouponCode(raw) ? raw : ''),
});

/** The applied code evaluated against the cart now (null with no code): applied with its saving, or refused with why. */
export const $couponResult = computed([$couponCode, $cartItems, $placedOrders], (code, items, placed): CouponResult | null =>
  code ? evaluateCoupon(code, { lines: couponLines(items), hasOrders: placed.length > 0, now: Date.now() }) : null,
);

/** The cart's totals with the coupon counted: what the cart, checkout and a new order show. */
export const $couponTotals = computed([$cartTotals, $couponResult], (totals, result): CouponTotals => withCoupon(totals, result));

/**
 * Applies a code: one of ours replaces the one held (one coupon per order) and is kept even when the cart does not
 * qualify yet (the refusal says what is missing); anything else changes nothing. Returns the code kept, or null.
 */
export function applyCoupon(text: string): string | null {
  const code = normalizeCode(text);
  if (code === null || !isCouponCode(code)) return null;
  $couponCode.set(code);
  return code;
}

/** Removes the applied code. */
export function removeCoupon(): void {
  $couponCode.set('');
}
