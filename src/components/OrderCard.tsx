import { formatPaise } from '../lib/format.ts';
import { formatOrderDate, itemsLabel, orderHref, orderItemCount, type Order } from '../lib/orders.ts';
import ProductThumb from './ProductThumb.tsx';
import OrderStatusBadge from './OrderStatusBadge.tsx';

/** How many of an order's items its card pictures. */
const THUMBS = 4;

/** An order's card on /orders: id, status, the first items' pictures, item count, date, delivery line and total. */
export default function OrderCard({ order }: { order: Order }) {
  return (
    <a
      href={orderHref(order.id)}
      className="block rounded-xl border border-gray-200 p-4 hover:border-brand-600 dark:border-gray-800 dark:hover:border-brand-500"
      data-order-id={order.id}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-bold">{order.id}</h2>
        <OrderStatusBadge status={order.status} live={order.live} />
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
  );
}
