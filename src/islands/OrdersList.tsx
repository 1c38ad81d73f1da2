import { useStore } from '@nanostores/react';
import { formatPaise } from '../lib/format.ts';
import { formatOrderDate, itemsLabel, orderHref, orderItemCount, type Order } from '../lib/orders.ts';
import { $placedOrders, allOrders } from '../stores/orders.ts';
import ProductThumb from '../components/ProductThumb.tsx';
import OrderStatusBadge from '../components/OrderStatusBadge.tsx';

// Pre-rendered with the sample orders only; the orders placed in this browser join at the top once hydrated.
const NONE: Order[] = [];
/** How many of an order's items its card pictures. */
const THUMBS = 4;

/** The orders list: cards with id, status, the first items' pictures, total, item count, date and delivery time; "No orders yet" when empty. */
export default function OrdersList() {
  const orders = allOrders(useStore($placedOrders, { ssr: () => NONE }));

  if (orders.length === 0) {
    return (
      <div className="mt-12 text-center">
        <h2 className="text-xl font-bold">No orders yet</h2>
        <a href="/" className="mt-6 inline-block rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
          Start Shopping
        </a>
      </div>
    );
  }

  return (
    <ul className="mt-4 space-y-3" aria-label="Orders">
      {orders.map((order) => (
        <li key={order.id}>
          <a
            href={orderHref(order.id)}
            className="block rounded-xl border border-gray-200 p-4 hover:border-brand-600 dark:border-gray-800 dark:hover:border-brand-500"
            data-order-id={order.id}
          >
            <div className="flex items-center justify-between gap-2">
              <h2 className="font-bold">{order.id}</h2>
              <OrderStatusBadge status={order.status} />
            </div>
            <div className="mt-3 flex items-center gap-2">
              {order.items.slice(0, THUMBS).map((item) => (
                <ProductThumb key={item.id} src={item.image_url} size="small" />
              ))}
              {order.items.length > THUMBS && (
                <span className="text-sm font-semibold text-gray-600 dark:text-gray-300">+{order.items.length - THUMBS}</span>
              )}
            </div>
            <div className="mt-2 flex items-end justify-between gap-2 text-sm">
              <div className="text-gray-600 dark:text-gray-300">
                <p>
                  {itemsLabel(orderItemCount(order))} · {formatOrderDate(order.date)}
                </p>
                <p>{order.deliveryTime}</p>
              </div>
              <p className="text-base font-bold tabular-nums">{formatPaise(order.totalPaise)}</p>
            </div>
          </a>
        </li>
      ))}
    </ul>
  );
}
