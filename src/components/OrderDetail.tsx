import { useState } from 'react';
import { formatPaise } from '../lib/format.ts';
import ProductThumb from './ProductThumb.tsx';
import { lineTotalPaise } from '../lib/pricing.ts';
import { site } from '../lib/site.ts';
import { orderAddress } from '../data/orders.ts';
import { areaLine } from '../lib/delivery-area.ts';
import { pageDefaultArea } from '../stores/delivery.ts';
import { formatOrderDate, formatStepTime, itemsLabel, orderItemCount, type Order } from '../lib/orders.ts';
import { reorder } from '../stores/orders.ts';
import { showToast, showToastOnNextPage } from '../stores/toasts.ts';
import OrderStatusBadge from './OrderStatusBadge.tsx';
import TotalsTable from './TotalsTable.tsx';

export interface OrderDetailProps {
  order: Order;
  /** The catalogue rows of the order's products as the build knows them (availability for "Reorder Items"). */
  known?: Parameters<typeof reorder>[1] | undefined;
  /** A live order's: when it was last read, if the page could not read it now; its cancel while it is still placed. */
  live?: { asOf: string | null; onCancel: (() => Promise<void>) | null };
}

const card = 'rounded-xl border border-gray-200 p-4 dark:border-gray-800 print:hidden';
const button = 'flex-1 rounded-xl px-4 py-3 text-center font-bold disabled:cursor-progress disabled:opacity-60';

/** Order detail: status, total, address, timeline, items, totals, "Reorder Items" and "Download Invoice" (printable). */
export default function OrderDetail({ order, known, live }: OrderDetailProps) {
  const [busy, setBusy] = useState(false);
  const placedOn = formatOrderDate(order.date);

  async function onReorder() {
    if (busy) return;
    setBusy(true);
    try {
      const { added, skipped } = await reorder(order, known);
      if (added.length === 0) {
        showToast({
          title: 'Not available',
          description: 'None of the items in this order are available right now.',
          variant: 'destructive',
        });
        return;
      }
      const missing = skipped.length > 0 ? ` Not available now: ${skipped.join(', ')}.` : '';
      showToastOnNextPage({
        title: 'Added to Cart',
        description: `${added.length === 1 ? '1 product' : `${added.length} products`} from ${order.id} added to your cart.${missing}`,
      });
      window.location.assign('/cart');
    } catch (error) {
      console.error('Failed to reorder', error);
      showToast({ title: 'Error', description: 'Failed to add item to cart', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-4">
      <div className="print:hidden">
        <a href="/orders" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-100">
          ← My Orders
        </a>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">Order {order.id}</h1>
          <OrderStatusBadge status={order.status} live={order.live} />
        </div>
        {placedOn && <p className="text-sm text-gray-600 dark:text-gray-300">Placed on {placedOn}</p>}
        {order.cancellation && <p className="mt-1 text-sm font-semibold text-red-800 dark:text-red-200">{order.cancellation}</p>}
        {live?.asOf && (
          <p role="status" className="mt-2 rounded-lg bg-gray-100 px-3 py-2 text-sm dark:bg-gray-800">
            Showing this order as of {formatOrderDate(live.asOf)}: it could not be updated right now.
          </p>
        )}
        <p className="mt-2 text-lg font-bold">
          Total <span className="tabular-nums">{formatPaise(order.totalPaise)}</span>
          <span className="ml-2 text-sm font-normal text-gray-600 dark:text-gray-300">
            {itemsLabel(orderItemCount(order))} · {order.deliveryTime}
          </span>
        </p>
      </div>

      <section aria-labelledby="order-address" className={card}>
        <h2 id="order-address" className="font-bold">
          Delivery Address
        </h2>
        <p className="mt-1 text-sm">{orderAddress(order, pageDefaultArea()) || 'No address given'}</p>
      </section>

      <section aria-labelledby="order-timeline" className={card}>
        <h2 id="order-timeline" className="mb-3 font-bold">
          Order Status
        </h2>
        <ol className="space-y-3">
          {order.timeline.map((step) => (
            <li key={step.status} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold ${step.completed ? 'bg-brand-700 text-white' : 'border-2 border-gray-300 dark:border-gray-600'}`}
              >
                {step.completed && (
                  <svg viewBox="0 0 24 24" className="size-3.5 fill-none stroke-current stroke-[3]">
                    <path d="M5 12.5 10 17 19 7" />
                  </svg>
                )}
              </span>
              <span className={`flex-1 text-sm ${step.completed ? 'font-semibold' : 'text-gray-600 dark:text-gray-300'}`}>
                {step.status}
                <span className="sr-only">{step.completed ? ', done' : ', pending'}</span>
              </span>
              <span className="text-xs text-gray-600 dark:text-gray-300">{step.completed ? formatStepTime(step.time) : 'Pending'}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="order-items" className={card}>
        <h2 id="order-items" className="mb-2 font-bold">
          Items ({itemsLabel(orderItemCount(order))})
        </h2>
        <ul className="divide-y divide-gray-200 dark:divide-gray-800">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-2">
              <ProductThumb src={item.image_url} size="small" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold">{item.name}</p>
                <p className="text-xs text-gray-600 dark:text-gray-300">
                  {item.unit} · {formatPaise(item.price_paise)} × {item.quantity}
                </p>
              </div>
              <span className="text-sm font-semibold tabular-nums">{formatPaise(lineTotalPaise(item.price_paise, item.quantity))}</span>
            </li>
          ))}
        </ul>
        {order.removedByShop && (
          <div className="mt-3 rounded-lg bg-orange-50 p-3 text-sm text-orange-900 dark:bg-gray-800 dark:text-orange-100">
            <p className="font-semibold">Removed by the shop (not charged)</p>
            <ul className="mt-1 list-disc pl-5">
              {order.removedByShop.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="mt-3 border-t border-gray-200 pt-3 dark:border-gray-800">
          <TotalsTable
            subtotalPaise={order.subtotalPaise}
            deliveryFeePaise={order.deliveryFeePaise}
            totalPaise={order.totalPaise}
            couponCode={order.coupon?.code ?? null}
            discountPaise={order.coupon?.discountPaise ?? 0}
            cashbackPaise={order.coupon?.cashbackPaise ?? 0}
          />
        </div>
      </section>

      {live?.onCancel && <CancelOrder onCancel={live.onCancel} />}

      <div className="flex gap-3 print:hidden">
        <button
          type="button"
          onClick={() => void onReorder()}
          disabled={busy}
          aria-busy={busy || undefined}
          className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
        >
          Reorder Items
        </button>
        <button
          type="button"
          onClick={() => window.print()}
          className={`${button} border border-brand-700 text-brand-700 hover:bg-brand-50 dark:border-brand-100 dark:text-brand-100 dark:hover:bg-gray-900`}
        >
          Download Invoice
        </button>
      </div>

      <Invoice order={order} />
    </div>
  );
}

/** "Cancel order", asked once more before it is sent. */
function CancelOrder({ onCancel }: { onCancel: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      await onCancel();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  if (!asking) {
    return (
      <button
        type="button"
        onClick={() => setAsking(true)}
        className={`${button} w-full border border-red-700 text-red-800 hover:bg-red-50 dark:border-red-300 dark:text-red-200 dark:hover:bg-gray-900 print:hidden`}
      >
        Cancel order
      </button>
    );
  }
  return (
    <div role="group" aria-label="Cancel this order?" className={card}>
      <p className="font-semibold">Cancel this order? The shop has not confirmed it yet.</p>
      <div className="mt-3 flex gap-3">
        <button
          type="button"
          onClick={() => void go()}
          disabled={busy}
          aria-busy={busy || undefined}
          className={`${button} bg-red-700 text-white hover:bg-red-800`}
        >
          Yes, cancel it
        </button>
        <button
          type="button"
          onClick={() => setAsking(false)}
          disabled={busy}
          className={`${button} border border-gray-300 dark:border-gray-700`}
        >
          Keep it
        </button>
      </div>
    </div>
  );
}

/** The printed invoice ("Download Invoice" opens the print dialog, where it can be saved as PDF); hidden on screen. */
function Invoice({ order }: { order: Order }) {
  const place = pageDefaultArea();
  return (
    <section aria-label="Invoice" className="hidden text-black print:block" data-invoice>
      <div className="flex justify-between border-b-2 border-black pb-3">
        <div>
          <p className="text-2xl font-extrabold">{site.product}</p>
          {place && <p className="text-sm">{areaLine(place)}</p>}
          <p className="text-sm">
            {site.email} · {site.phone}
          </p>
        </div>
        <div className="text-right">
          <p className="text-xl font-bold">Invoice</p>
          <p className="text-sm">Order {order.id}</p>
          <p className="text-sm">{formatOrderDate(order.date)}</p>
        </div>
      </div>
      <div className="mt-3 text-sm">
        <p>
          <strong>Deliver to:</strong> {orderAddress(order, place) || '-'}
        </p>
        <p>
          <strong>Payment:</strong> Cash on Delivery
        </p>
      </div>
      <table className="mt-4 w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-black text-left">
            <th className="py-1">Item</th>
            <th className="py-1">Unit</th>
            <th className="py-1 text-right">Qty</th>
            <th className="py-1 text-right">Price</th>
            <th className="py-1 text-right">Amount</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id} className="border-b border-gray-300">
              <td className="py-1">{item.name}</td>
              <td className="py-1">{item.unit}</td>
              <td className="py-1 text-right">{item.quantity}</td>
              <td className="py-1 text-right">{formatPaise(item.price_paise)}</td>
              <td className="py-1 text-right">{formatPaise(lineTotalPaise(item.price_paise, item.quantity))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {invoiceTotals(order).map(([label, amount, testId], i) => (
            <tr key={label} data-testid={testId} className={label === 'Total' ? 'font-bold' : undefined}>
              <td colSpan={4} className={i === 0 ? 'pt-2 text-right' : 'text-right'}>
                {label}
              </td>
              <td className={i === 0 ? 'pt-2 text-right' : 'text-right'}>{amount}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      <p className="mt-6 text-xs">Thank you for shopping with {site.product}.</p>
    </section>
  );
}

/** The invoice's totals rows (label, amount, test id); the coupon's only when they count. */
function invoiceTotals({ subtotalPaise, deliveryFeePaise, totalPaise, coupon }: Order): [string, string, string?][] {
  const rows: [string, string, string?][] = [
    ['Subtotal', formatPaise(subtotalPaise)],
    ['Delivery Fee', deliveryFeePaise === 0 ? 'FREE' : formatPaise(deliveryFeePaise)],
  ];
  if (coupon && coupon.discountPaise > 0)
    rows.push([`Coupon (${coupon.code})`, `−${formatPaise(coupon.discountPaise)}`, 'invoice-discount']);
  rows.push(['Total', formatPaise(totalPaise)]);
  if (coupon && coupon.cashbackPaise > 0) {
    const label = `Cashback (${coupon.code}), credited after delivery, not part of the total`;
    rows.push([label, formatPaise(coupon.cashbackPaise), 'invoice-cashback']);
  }
  return rows;
}
