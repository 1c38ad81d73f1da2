import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $placedOrders, findOrder } from '../stores/orders.ts';
import OrderDetail from './OrderDetail.tsx';

/** The order given by ?id= (one placed in this browser, or a sample); says so when there is no such order. */
export default function OrderView() {
  const placed = useStore($placedOrders);
  const id = new URLSearchParams(window.location.search).get('id')?.trim() ?? '';
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
  return <OrderDetail order={order} />;
}
