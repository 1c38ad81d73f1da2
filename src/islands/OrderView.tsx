import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { live } from 'thela:live-orders';
import { sampleOrderIds } from '../data/orders.ts';
import { orderLocation } from '../lib/order-paths.ts';
import { $placedOrders, findOrder } from '../stores/orders.ts';
import OrderDetail, { type OrderDetailProps } from '../components/OrderDetail.tsx';
import OrderNotFound from '../components/OrderNotFound.tsx';

/** Reads the order id of this location, putting the `/orders/{id}` URL back when the 404 page handed it over. */
function readOrderId(): string {
  const { id, canonical } = orderLocation(window.location.pathname, window.location.search);
  if (canonical) window.history.replaceState(window.history.state, '', `${canonical}${window.location.hash}`);
  return id;
}

/** The order at /orders/{id}: live (docs/orders.md), or placed in this browser or a sample. */
export default function OrderView({ sampleKnown }: { sampleKnown?: OrderDetailProps['known'] }) {
  return live ? <live.LiveOrderView /> : <PlacedOrderView sampleKnown={sampleKnown} />;
}

/** The order at /orders/{id} (placed in this browser, or a sample; `sampleKnown`: the samples' catalogue rows), or "not found". */
function PlacedOrderView({ sampleKnown }: { sampleKnown?: OrderDetailProps['known'] }) {
  const placed = useStore($placedOrders);
  const [id] = useState(readOrderId);
  const order = id ? findOrder(id, placed) : null;

  const orderId = order?.id;
  useEffect(() => {
    document.title = document.title.replace(/^[^|]*/, orderId ? `Order ${orderId} ` : 'Order not found ');
  }, [orderId]);

  if (!order) {
    return <OrderNotFound id={id} />;
  }
  return <OrderDetail order={order} known={sampleOrderIds.has(order.id) ? sampleKnown : undefined} />;
}
