/**
 * A coupon code as typed, apart from the rules (coupons.ts) so pages whose only coupon work is "Claim Now" ship a few
 * bytes: whether a code is one of ours is for the rules to say, where the cart is.
 */

/** A coupon's code: up to 20 capital letters and digits (the `coupons` table's check). */
export type CouponCode = string;

const CODE = /^[A-Z0-9]{1,20}$/;

/** The shopper's text as a code: trimmed, upper case; null when blank. */
export function normalizeCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return code === '' ? null : code;
}

/** True for text shaped like a code (what a "Claim Now" button or browser storage may hand over). */
export function isCodeShaped(code: string): boolean {
  return CODE.test(code);
}
