/**
 * The spec's sample orders (section 3), from sample-orders.json: items are sample-catalogue product ids (so "Reorder Items" works),
 * totals follow the cart's pricing, and each timeline lists the times of the steps done.
 */
import orders from './sample-orders.json' with { type: 'json' };
import { timeline, type Order } from '../lib/orders.ts';
import { cartTotals } from '../lib/pricing.ts';

/** ORD-001 ... ORD-004: one of each status (delivered, on_way, processing) and one the site does not know. */
export const sampleOrders: readonly Order[] = orders.map((order) => ({
  ...order,
  ...cartTotals(order.items),
  timeline: timeline(order.timeline),
}));

/** The sample order ids, which have pre-rendered detail pages. */
export const sampleOrderIds: ReadonlySet<string> = new Set(sampleOrders.map((order) => order.id));

/**
 * Where an order was delivered, as shown: a sample order's address is in the shop's default area (`place`, the
 * header's: its `{area}`, `{city}` and `{pincode}` filled in), so no sample names a city the shop does not serve;
 * an order placed here keeps the address typed at checkout.
 */
export function orderAddress(order: Pick<Order, 'id' | 'address'>, place: { area: string; city: string; pincode: string } | null): string {
  if (!sampleOrderIds.has(order.id)) return order.address;
  if (!place) return '';
  return order.address.replaceAll('{area}', place.area).replaceAll('{city}', place.city).replaceAll('{pincode}', place.pincode);
}
