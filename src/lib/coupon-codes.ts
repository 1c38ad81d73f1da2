/** The coupon codes, apart from the rules (coupons.ts) so pages whose only coupon work is "Claim Now" ship a few bytes. */

export const COUPON_CODES = ['WELCOME50', 'WEEKEND30', 'FREEDEL', 'BULK20', 'SAVE100'] as const;
export type CouponCode = (typeof COUPON_CODES)[number];

/** The shopper's text as a code: trimmed, upper case; null when blank. */
export function normalizeCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return code === '' ? null : code;
}

export function isCouponCode(code: string): code is CouponCode {
  return (COUPON_CODES as readonly string[]).includes(code);
}
