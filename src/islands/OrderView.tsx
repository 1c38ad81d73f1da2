import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { live } from 'thela:live-orders';
import { sampleOrderIds } from '../data/orders.ts';
import { orderLocation } from '../lib/order-paths.ts';
import { $placedOrders, findOrder } from '../stores/orders.ts';
import OrderDetail, { type OrderDetailProps } from '../components/OrderDetail.tsx';

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
    return (
      <div className="mt-12 text-center">
        <h1 className="text-2xl font-bold">Order not found</h1>
        <p className="mt-2 text-gray-600 dark:text-gray-300">
          {id ? `There is no order "${id.slice(0, 80)}" in this browser.` : 'No order was given.'}
        </p>
        <a href="/orders" className="mt-6 inline-block rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
          View all orders
        </a>
      </div>
    );
  }
  return <OrderDetail order={order} known={sampleOrderIds.has(order.id) ? sampleKnown : undefined} />;
}
