/**
 * Money rules (spec section 9), in integer paise from reading (`parsePrice`, fields.ts) to showing (`formatPaise`, format.ts).
 * Delivery costs DELIVERY_FEE_PAISE on every order; free delivery is the FREEDEL coupon (coupons.ts).
 */

/** ₹25.00, the spec's fixed delivery fee: the one source of truth for every text that quotes a fee (FAQ, terms, offers). */
export const DELIVERY_FEE_PAISE = 2500;

/** A line's amount in paise: unit price x quantity, on integers so ₹0.10 x 3 is exactly ₹0.30. */
export function lineTotalPaise(pricePaise: number, quantity: number): number {
  return Number.isFinite(quantity) && quantity > 0 && Number.isFinite(pricePaise) ? pricePaise * Math.floor(quantity) : 0;
}

/** The priced lines of a cart or order. */
export interface PricedLine {
  price_paise: number;
  quantity: number;
}

/** The sums a cart or checkout shows. */
export interface Totals {
  subtotalPaise: number;
  deliveryFeePaise: number;
  totalPaise: number;
}

/** Delivery fee for a subtotal: nothing for an empty cart, else the fixed fee (a coupon may waive it). */
export function deliveryFeePaise(subtotalPaise: number): number {
  return subtotalPaise <= 0 ? 0 : DELIVERY_FEE_PAISE;
}

/** Subtotal (sum of price x quantity), delivery fee and total, in paise. */
export function cartTotals(lines: readonly PricedLine[]): Totals {
  const subtotalPaise = lines.reduce((sum, line) => sum + lineTotalPaise(line.price_paise, line.quantity), 0);
  const deliveryFee = deliveryFeePaise(subtotalPaise);
  return {
    subtotalPaise,
    deliveryFeePaise: deliveryFee,
    totalPaise: subtotalPaise + deliveryFee,
  };
}
