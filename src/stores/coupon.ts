import { persistentAtom } from '@nanostores/persistent';
import { isCouponCode, normalizeCode } from '../lib/coupon-codes.ts';

/** localStorage key of the shopper's coupon code (one per order). */
export const COUPON_KEY = 'thela-coupon';

/** The code the shopper applied ("" for none), kept across pages and tabs; only one of ours is ever read back. */
export const $couponCode = persistentAtom<string>(COUPON_KEY, '', {
  encode: (code) => code,
  decode: (raw) => (isCouponCode(raw) ? raw : ''),
});

/** Applies one of our codes (replacing the one held), even when the cart does not qualify yet; returns it, or null. */
export function applyCoupon(text: string): string | null {
  const code = normalizeCode(text);
  if (code === null || !isCouponCode(code)) return null;
  $couponCode.set(code);
  return code;
}

export function removeCoupon(): void {
  $couponCode.set('');
}
