import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { displayUnit, formatPaise } from '../lib/format.ts';
import ProductThumb from '../components/ProductThumb.tsx';
import { lineTotalPaise } from '../lib/pricing.ts';
import { itemsLabel } from '../lib/orders.ts';
import type { CartItem } from '../lib/cart.ts';
import { MAX_LINE_QUANTITY } from '../lib/fields.ts';
import { $cartCount, $cartItems, removeFromCart, updateQuantity } from '../stores/cart.ts';
import { $couponTotals } from '../stores/coupon-totals.ts';
import CouponField from '../components/CouponField.tsx';
import TotalsTable from '../components/TotalsTable.tsx';

const stepButton = 'grid size-9 place-items-center text-lg leading-none hover:bg-brand-800 disabled:opacity-50';

/** The cart page (rendered in the browser only: the cart lives in this browser's storage). */
export default function CartPage() {
  const items = useStore($cartItems);
  const count = useStore($cartCount);
  const totals = useStore($couponTotals);
  const statusRef = useRef<HTMLElement>(null);
  // A line removed from this page takes focus with it; hand focus to the item count (or the empty state).
  const removedHere = useRef(false);

  useEffect(() => {
    if (removedHere.current) statusRef.current?.focus();
    removedHere.current = false;
  }, [items.length]);

  const remove = (productId: string) => {
    removedHere.current = true;
    removeFromCart(productId);
  };

  if (items.length === 0) {
    return (
      <div className="mt-12 flex flex-col items-center text-center">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-16 fill-none stroke-gray-400 stroke-[1.5]">
          <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6"></path>
          <circle cx="10" cy="20" r="1.3"></circle>
          <circle cx="17" cy="20" r="1.3"></circle>
        </svg>
        <h2 ref={statusRef as React.RefObject<HTMLHeadingElement>} tabIndex={-1} className="mt-4 text-xl font-bold">
          Your cart is empty
        </h2>
        <p className="mt-1 text-gray-600 dark:text-gray-300">Add some items to get started</p>
        <a href="/" className="mt-6 rounded-xl bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800">
          Start Shopping
        </a>
      </div>
    );
  }

  return (
    <div className="mt-2 grid gap-6 md:grid-cols-[1fr_20rem] md:items-start">
      <section aria-labelledby="cart-lines-heading">
        <h2 id="cart-lines-heading" className="sr-only">
          Items in your cart
        </h2>
        <p
          ref={statusRef as React.RefObject<HTMLParagraphElement>}
          tabIndex={-1}
          aria-live="polite"
          className="text-sm text-gray-600 dark:text-gray-300"
          data-testid="cart-count"
        >
          {itemsLabel(count)}
        </p>
        <ul className="mt-3 divide-y divide-gray-200 dark:divide-gray-800">
          {items.map((item) => (
            <CartLine key={item.product_id} item={item} onRemove={remove} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="cart-summary-heading" className="rounded-xl border border-gray-200 p-4 dark:border-gray-800">
        <h2 id="cart-summary-heading" className="mb-3 font-bold">
          Bill Details
        </h2>
        <CouponField />
        <TotalsTable {...totals} />
        <a href="/checkout" className="mt-4 block rounded-xl bg-brand-700 px-4 py-3 text-center font-bold text-white hover:bg-brand-800">
          Proceed to Checkout
        </a>
      </section>
    </div>
  );
}

/** One cart line: image, name, unit, price, remove, and the -/quantity/+ stepper (minus at 1 removes the line). */
function CartLine({ item, onRemove }: { item: CartItem; onRemove: (productId: string) => void }) {
  const { product, quantity } = item;
  return (
    <li className="flex gap-3 py-3" aria-label={product.name}>
      <ProductThumb src={product.image_url} size="medium" />
      <div className="min-w-0 flex-1">
        <a href={`/product/${encodeURIComponent(product.id)}`} className="line-clamp-2 text-sm font-semibold hover:underline">
          {product.name}
        </a>
        <p className="text-xs text-gray-600 dark:text-gray-300">{displayUnit(product.quantity_unit)}</p>
        <p className="mt-1 text-sm">
          <span className="font-bold">{formatPaise(product.price_paise)}</span>
          {quantity > 1 && (
            <span className="text-gray-600 dark:text-gray-300">
              {' '}
              × {quantity} = {formatPaise(lineTotalPaise(product.price_paise, quantity))}
            </span>
          )}
        </p>
      </div>
      <div className="flex flex-col items-end justify-between gap-2">
        <button
          type="button"
          onClick={() => onRemove(product.id)}
          aria-label={`Remove ${product.name} from cart`}
          className="grid size-8 place-items-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-red-700 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-red-300"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"></path>
          </svg>
        </button>
        <div role="group" aria-label={`Quantity of ${product.name}`} className="flex items-center rounded-lg bg-brand-700 text-white">
          <button
            type="button"
            className={`${stepButton} rounded-l-lg`}
            aria-label={`Decrease quantity of ${product.name}`}
            onClick={() => (quantity <= 1 ? onRemove(product.id) : updateQuantity(product.id, quantity - 1))}
          >
            <span aria-hidden="true">−</span>
          </button>
          <span aria-live="polite" aria-atomic="true" className="min-w-7 text-center text-sm font-bold tabular-nums">
            <span className="sr-only">Quantity </span>
            {quantity}
          </span>
          <button
            type="button"
            className={`${stepButton} rounded-r-lg`}
            aria-label={`Increase quantity of ${product.name}`}
            disabled={quantity >= MAX_LINE_QUANTITY}
            onClick={() => updateQuantity(product.id, quantity + 1)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      </div>
    </li>
  );
}
