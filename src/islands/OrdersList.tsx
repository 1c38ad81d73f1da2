import { useStore } from '@nanostores/react';
import { live } from 'thela:live-orders';
import type { Order } from '../lib/orders.ts';
import { $placedOrders, allOrders } from '../stores/orders.ts';
import OrderCard from '../components/OrderCard.tsx';
import NoOrders from '../components/NoOrders.tsx';

// Pre-rendered with the sample orders only; the orders placed in this browser join at the top once hydrated.
const NONE: Order[] = [];

/** /orders: the live orders placed on this device (docs/orders.md), or the simulated ones then the spec's samples. */
export default function OrdersList() {
  return live ? <live.LiveOrdersList /> : <PlacedOrdersList />;
}

/** The orders list: cards with id, status, the first items' pictures, total, item count, date and delivery time; "No orders yet" when empty. */
function PlacedOrdersList() {
  const orders = allOrders(useStore($placedOrders, { ssr: () => NONE }));

  if (orders.length === 0) return <NoOrders />;

  return (
    <ul className="mt-4 space-y-3" aria-label="Orders">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} />
        </li>
      ))}
    </ul>
  );
}
