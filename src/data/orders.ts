// The spec's sample orders (section 3): items are sample product ids (so "Reorder Items" works), totals the cart's pricing.
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

/** An order's address as shown: a sample's placeholders filled from the default area (`place`), else as typed at checkout. */
export function orderAddress(order: Pick<Order, 'id' | 'address'>, place: { area: string; city: string; pincode: string } | null): string {
  if (!sampleOrderIds.has(order.id)) return order.address;
  if (!place) return '';
  return order.address.replaceAll('{area}', place.area).replaceAll('{city}', place.city).replaceAll('{pincode}', place.pincode);
}
