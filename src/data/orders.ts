/**
 * The spec's sample orders (section 3: "Order (sample only)"), from sample-orders.json. Items name products of the
 * sample catalogue by id, so "Reorder Items" puts real products back in the cart; totals follow the cart's pricing
 * rules, and each timeline lists the times of the steps done.
 */
import orders from './sample-orders.json' with { type: 'json' };
import { orderTotals, timeline, type Order } from '../lib/orders.ts';

/** ORD-001 ... ORD-004: one of each status (delivered, on_way, processing) and one the site does not know. */
export const sampleOrders: readonly Order[] = orders.map((order) => ({
  ...order,
  ...orderTotals(order.items),
  timeline: timeline(order.timeline),
}));

/** The sample order ids, which have pre-rendered detail pages. */
export const sampleOrderIds: ReadonlySet<string> = new Set(sampleOrders.map((order) => order.id));
