import { useState } from 'react';
import type { CartItem } from '../lib/cart.ts';
import { formatPaise } from '../lib/format.ts';
import { refusalText, type Refusal } from '../lib/live-orders.ts';
import { removeFromCart } from '../stores/cart.ts';
import { removeCoupon } from '../stores/coupon.ts';

/** A refusal as the checkout shows it, with the cart as it was when the order was sent (its names and old prices). */
export interface ShownRefusal {
  refusal: Refusal;
  cart: readonly CartItem[];
}

const action =
  'rounded-lg border border-brand-700 px-3 py-2 text-sm font-bold text-brand-700 hover:bg-brand-50 dark:border-brand-100 dark:text-brand-100 dark:hover:bg-gray-900';

/** Why the database did not place the order, in the shopper's words, with what they can do about it right here. */
export default function OrderRefusal({ shown, onDismiss }: { shown: ShownRefusal; onDismiss: () => void }) {
  const { refusal, cart } = shown;
  const [removed, setRemoved] = useState<readonly string[]>([]);
  const nameOf = (productId: string) => cart.find((line) => line.product_id === productId)?.product.name ?? null;

  return (
    <div
      role="alert"
      className="mt-4 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-bold">Your order was not placed</p>
      <p className="mt-1">{refusalText(refusal, nameOf)}</p>
      {refusal.code === 'PRICE_CHANGED' && (
        <ul className="mt-2 space-y-1" aria-label="Price changes">
          {refusal.repriced.lines
            .map((line) => ({ line, was: cart.find((item) => item.product_id === line.product_id)?.product.price_paise }))
            .filter(({ line, was }) => was !== undefined && was !== line.unit_price_paise)
            .map(({ line, was }) => (
              <li key={line.product_id} className="flex justify-between gap-3">
                <span>{nameOf(line.product_id) ?? line.name}</span>
                <span className="tabular-nums">
                  <s aria-label={`was ${formatPaise(was ?? 0)}`}>{formatPaise(was ?? 0)}</s> {formatPaise(line.unit_price_paise)}
                </span>
              </li>
            ))}
        </ul>
      )}
      {refusal.code === 'UNAVAILABLE' && (
        <ul className="mt-2 space-y-2" aria-label="Not available">
          {refusal.products.map(({ product_id, name }) => (
            <li key={product_id} className="flex items-center justify-between gap-3">
              <span>{nameOf(product_id) ?? name ?? product_id}</span>
              {removed.includes(product_id) ? (
                <span className="font-semibold">Removed</span>
              ) : (
                <button
                  type="button"
                  className={action}
                  onClick={() => {
                    removeFromCart(product_id);
                    setRemoved((ids) => [...ids, product_id]);
                  }}
                >
                  Remove <span className="sr-only">{nameOf(product_id) ?? name ?? product_id}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {refusal.code === 'COUPON' && (
          <button
            type="button"
            className={action}
            onClick={() => {
              removeCoupon();
              onDismiss();
            }}
          >
            Remove coupon
          </button>
        )}
        {refusal.code === 'CONFLICT' && (
          <a href="/orders" className={action}>
            View My Orders
          </a>
        )}
      </div>
    </div>
  );
}
