import { useState } from 'react';
import { liveOrderView } from '../../lib/live-orders.ts';
import { formatPaise } from '../../lib/format.ts';
import { formatOrderDate, itemsLabel } from '../../lib/orders.ts';
import { returnToCart, type OutboxEntry } from '../../stores/live-orders.ts';
import { showToast } from '../../stores/toasts.ts';
import NoOrders from '../../components/NoOrders.tsx';
import OrderCard from '../../components/OrderCard.tsx';
import OrderStatusBadge from '../../components/OrderStatusBadge.tsx';
import ProductThumb from '../../components/ProductThumb.tsx';
import { useLiveOrders } from './use-live-orders.ts';

const note = 'mt-2 text-sm text-gray-600 dark:text-gray-300';

/** /orders with live orders (docs/orders.md): those not sent yet, then those placed on this device, read again while open. */
export default function LiveOrdersList() {
  const { kept, outbox, state } = useLiveOrders();
  const orders = kept.map((k) => liveOrderView(k.order, k));
  const asOf = kept.reduce((oldest, k) => (k.fetched_at < oldest ? k.fetched_at : oldest), kept[0]?.fetched_at ?? '');

  return (
    <>
      <p className={note}>These are the orders placed on this device.</p>
      {(state === 'offline' || state === 'failed') && kept.length > 0 && (
        <p role="status" className="mt-2 rounded-lg bg-gray-100 px-3 py-2 text-sm dark:bg-gray-800">
          {state === 'offline' ? "You're offline." : 'Your orders could not be updated right now.'} Showing them as of{' '}
          {formatOrderDate(asOf)}.
        </p>
      )}
      {outbox.length === 0 && orders.length === 0 ? (
        state === 'reading' ? (
          <p role="status" className="mt-6 animate-pulse text-gray-600 dark:text-gray-300">
            Loading your orders…
          </p>
        ) : (
          <NoOrders />
        )
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Orders">
          {outbox.map((entry) => (
            <li key={entry.request.client_order_id}>
              <UnsentOrder entry={entry} />
            </li>
          ))}
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** An order in the outbox: waiting to be sent (it can be cancelled), or refused when it was (its items can go back). */
function UnsentOrder({ entry }: { entry: OutboxEntry }) {
  const [busy, setBusy] = useState(false);
  const waiting = entry.refusal === null;
  const count = entry.lines.reduce((n, line) => n + line.quantity, 0);

  async function takeBack() {
    setBusy(true);
    try {
      if (await returnToCart(entry.request.client_order_id)) {
        showToast({ title: waiting ? 'Order cancelled' : 'Back in your cart', description: 'The items are back in your cart.' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <article
      className="rounded-xl border border-gray-200 p-4 dark:border-gray-800"
      aria-labelledby={`unsent-${entry.request.client_order_id}`}
      data-unsent={waiting ? 'waiting' : 'refused'}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={`unsent-${entry.request.client_order_id}`} className="font-bold">
          {waiting ? 'Order not sent yet' : 'Order not placed'}
        </h2>
        <OrderStatusBadge status={waiting ? 'waiting' : 'not_placed'} live />
      </div>
      <div className="mt-3 flex items-center gap-2">
        {entry.lines.slice(0, 4).map((line) => (
          <ProductThumb key={line.product_id} src={line.product.image_url} size="small" />
        ))}
      </div>
      <div className="mt-2 flex items-end justify-between gap-2 text-sm">
        <p className="text-gray-600 dark:text-gray-300">
          {itemsLabel(count)} · {formatOrderDate(entry.created_at)}
        </p>
        <p className="text-base font-bold tabular-nums">{formatPaise(entry.request.expected_total_paise)}</p>
      </div>
      <p className="mt-2 text-sm">{waiting ? 'It will be sent to the shop when you are back online.' : entry.refusal}</p>
      <button
        type="button"
        onClick={() => void takeBack()}
        disabled={busy}
        className="mt-3 w-full rounded-xl border border-brand-700 px-4 py-3 font-bold text-brand-700 hover:bg-brand-50 disabled:opacity-60 dark:border-brand-100 dark:text-brand-100 dark:hover:bg-gray-900"
      >
        {waiting ? 'Cancel order' : 'Put the items back in the cart'}
      </button>
    </article>
  );
}
