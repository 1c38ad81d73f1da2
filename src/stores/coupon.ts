import { isCouponCode, normalizeCode } from '../lib/coupon-codes.ts';
import { $couponCode } from './cart.ts';

export { $couponCode };

/**
 * Applies a code: one of ours replaces the one held (one coupon per order) and is kept even when the cart does not
 * qualify yet (src/stores/coupon-totals.ts says what is missing); anything else changes nothing. Returns the code
 * kept, or null.
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
