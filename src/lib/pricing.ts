/** Money rules (spec section 9), in integer paise; free delivery is the FREEDEL coupon (coupons.ts). */
import { orderSettings } from 'virtual:thela/order-settings';

/**
 * The delivery fee (the spec's ₹25.00 by default): order_settings' `delivery_fee_paise` as the build read it
 * (scripts/integrations/pricing-data.ts), the one source for every text that quotes it.
 */
export const DELIVERY_FEE_PAISE = orderSettings.delivery_fee_paise;

/** A line's amount in paise: unit price x quantity, on integers so ₹0.10 x 3 is exactly ₹0.30. */
export function lineTotalPaise(pricePaise: number, quantity: number): number {
  return Number.isFinite(quantity) && quantity > 0 && Number.isFinite(pricePaise) ? pricePaise * Math.floor(quantity) : 0;
}

export interface PricedLine {
  price_paise: number;
  quantity: number;
}

export interface Totals {
  subtotalPaise: number;
  deliveryFeePaise: number;
  totalPaise: number;
}

/** Nothing for an empty cart, else the fixed fee (a coupon may waive it). */
export function deliveryFeePaise(subtotalPaise: number): number {
  return subtotalPaise <= 0 ? 0 : DELIVERY_FEE_PAISE;
}

export function cartTotals(lines: readonly PricedLine[]): Totals {
  const subtotalPaise = lines.reduce((sum, line) => sum + lineTotalPaise(line.price_paise, line.quantity), 0);
  const deliveryFee = deliveryFeePaise(subtotalPaise);
  return {
    subtotalPaise,
    deliveryFeePaise: deliveryFee,
    totalPaise: subtotalPaise + deliveryFee,
  };
}
