/**
 * The coupon codes and how the shopper's text becomes one: a module of its own (no rules, no money) so the pages
 * whose only coupon work is "Claim Now" / "Apply Now" ship a few bytes. The rules are src/lib/coupons.ts.
 */

/** The codes the store accepts. */
export const COUPON_CODES = ['WELCOME50', 'WEEKEND30', 'FREEDEL', 'BULK20', 'SAVE100'] as const;
export type CouponCode = (typeof COUPON_CODES)[number];

/** The shopper's text as a code: trimmed, upper case; null when blank. */
export function normalizeCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return code === '' ? null : code;
}

/** True when `code` is one of ours. */
export function isCouponCode(code: string): code is CouponCode {
  return (COUPON_CODES as readonly string[]).includes(code);
}
