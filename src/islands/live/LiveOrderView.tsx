import { useEffect, useState } from 'react';
import { liveOrderView, refusalText } from '../../lib/live-orders.ts';
import { orderLocation } from '../../lib/order-paths.ts';
import { cancelKeptOrder } from '../../stores/live-orders.ts';
import { showToast } from '../../stores/toasts.ts';
import OrderDetail from '../../components/OrderDetail.tsx';
import { useLiveOrders } from './use-live-orders.ts';
import OrderNotFound from '../../components/OrderNotFound.tsx';

/** The live order at /orders/{number}, placed on this device: read again while open, cancellable while placed. */
export default function LiveOrderView() {
  const { kept, state } = useLiveOrders();
  const [id] = useState(() => {
    const { id: number, canonical } = orderLocation(window.location.pathname, window.location.search);
    if (canonical) window.history.replaceState(window.history.state, '', `${canonical}${window.location.hash}`);
    return number;
  });
  const found = kept.find((k) => k.order.number === id);

  useEffect(() => {
    document.title = document.title.replace(/^[^|]*/, found ? `Order ${found.order.number} ` : 'Order not found ');
  }, [found]);

  if (!found) {
    if (state === 'reading' && kept.length === 0) {
      return (
        <p role="status" className="mt-6 animate-pulse text-gray-600 dark:text-gray-300">
          Loading your order…
        </p>
      );
    }
    return <OrderNotFound id={id} />;
  }

  async function cancel() {
    if (!found) return;
    const answer = await cancelKeptOrder(found.order_id);
    if (answer.kind === 'ok') showToast({ title: 'Order cancelled', description: `Order ${found.order.number} is cancelled.` });
    else if (answer.kind === 'refused')
      showToast({ title: 'Not cancelled', description: refusalText(answer.refusal), variant: 'destructive' });
    else showToast({ title: 'Error', description: 'Could not cancel the order. Please try again.', variant: 'destructive' });
  }

  return (
    <OrderDetail
      order={liveOrderView(found.order, found)}
      live={{
        asOf: state === 'offline' || state === 'failed' ? found.fetched_at : null,
        onCancel: found.order.status === 'placed' ? cancel : null,
      }}
    />
  );
}
