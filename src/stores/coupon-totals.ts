import { computed } from 'nanostores';
import { evaluateCoupon, withCoupon, type CouponResult, type CouponTotals } from '../lib/coupons.ts';
import { $cartItems, $cartTotals } from './cart.ts';
import { $couponCode } from './coupon.ts';
import { ordersLive } from '../lib/orders-mode.ts';
import { $placedOrders, couponLines } from './orders.ts';

/**
 * The applied code evaluated against the cart now (null with no code): applied with its saving, or refused with why.
 * Live orders: whether it is a first order is the database's to say (it counts the phone's orders, not this browser's).
 */
export const $couponResult = computed([$couponCode, $cartItems, $placedOrders], (code, items, placed): CouponResult | null =>
  code ? evaluateCoupon(code, { lines: couponLines(items), hasOrders: ordersLive ? null : placed.length > 0, now: Date.now() }) : null,
);

/** The cart's totals with the coupon counted: what the cart, checkout and a new order show. */
export const $couponTotals = computed([$cartTotals, $couponResult], (totals, result): CouponTotals => withCoupon(totals, result));
