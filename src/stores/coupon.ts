import { persistentAtom } from '@nanostores/persistent';
import { isCodeShaped, normalizeCode } from '../lib/coupon-codes.ts';

/** localStorage key of the shopper's coupon code (one per order). */
export const COUPON_KEY = 'thela-coupon';

/** The code the shopper applied ("" for none), kept across pages and tabs; only text shaped like a code is read back. */
export const $couponCode = persistentAtom<string>(COUPON_KEY, '', {
  encode: (code) => code,
  decode: (raw) => (isCodeShaped(raw) ? raw : ''),
});

/**
 * Applies a code (replacing the one held), even when the cart does not qualify yet; returns it, or null for text that
 * is not shaped like one. Whether it is one of ours the cart's rules say ($couponResult).
 */
export function applyCoupon(text: string): string | null {
  const code = normalizeCode(text);
  if (code === null || !isCodeShaped(code)) return null;
  $couponCode.set(code);
  return code;
}

export function removeCoupon(): void {
  $couponCode.set('');
}
