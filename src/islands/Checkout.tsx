import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { displayUnit, formatPaise } from '../lib/format.ts';
import { lineTotalPaise } from '../lib/pricing.ts';
import type { CheckoutAddress } from '../lib/orders.ts';
import { $cartItems } from '../stores/cart.ts';
import { $couponCode, removeCoupon } from '../stores/coupon.ts';
import { $couponTotals } from '../stores/coupon-totals.ts';
import { placeOrder } from '../stores/orders.ts';
import { showToast, showToastOnNextPage } from '../stores/toasts.ts';
import { checkoutPincodeProblem } from '../lib/delivery-area.ts';
import { loadServiceabilityTable } from '../stores/delivery.ts';
import CouponField from '../components/CouponField.tsx';
import TotalsTable from '../components/TotalsTable.tsx';
import ProductThumb from '../components/ProductThumb.tsx';

const FIELDS: readonly { name: keyof CheckoutAddress; label: string; autoComplete: string; required?: boolean; inputMode?: 'numeric' }[] = [
  { name: 'address_line_1', label: 'Address Line 1', autoComplete: 'address-line1', required: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'postal_code', label: 'Postal Code', autoComplete: 'postal-code', inputMode: 'numeric' },
];

/** Checkout (rendered in the browser only): address, Cash on Delivery, summary and "Place Order" (simulated, 2 s). */
export default function Checkout() {
  const items = useStore($cartItems);
  const totals = useStore($couponTotals);
  const [address, setAddress] = useState<CheckoutAddress>({ address_line_1: '', city: '', state: '', postal_code: '' });
  const [processing, setProcessing] = useState(false);
  // Why the postal code is refused (not a pincode, or not served), tied to its field.
  const [pincodeProblem, setPincodeProblem] = useState<string | null>(null);
  // Set synchronously on the first click so a double click (or Enter twice) places one order.
  const placing = useRef(false);
  const placed = useRef(false);
  const id = useId();

  // Nothing to check out (or the cart was emptied in another tab): back to the cart. Not after our own order,
  // which empties the cart on its way to /orders.
  useEffect(() => {
    if (items.length === 0 && !placed.current && !placing.current) window.location.replace('/cart');
  }, [items.length]);

  const canPlace = address.address_line_1.trim() !== '' && !processing && items.length > 0;

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (placing.current || !canPlace) return;
    placing.current = true;
    const refusal = await checkoutPincodeProblem(loadServiceabilityTable, address.postal_code);
    if (refusal !== null) {
      setPincodeProblem(refusal);
      document.getElementById(`${id}-postal_code`)?.focus();
      placing.current = false;
      return;
    }
    setProcessing(true);
    try {
      await placeOrder(address, { couponCode: $couponCode.get() });
      placed.current = true;
      removeCoupon();
      showToastOnNextPage({ title: 'Order Placed!', description: 'Your order has been placed successfully.' });
      window.location.assign('/orders');
    } catch (error) {
      console.error('Failed to place order', error);
      showToast({ title: 'Error', description: 'Failed to place order. Please try again.', variant: 'destructive' });
      placing.current = false;
      setProcessing(false);
    }
  }

  if (items.length === 0) {
    return (
      <p className="mt-6 text-center text-gray-600 dark:text-gray-300">
        {processing ? 'Order placed. Opening your orders…' : 'Your cart is empty. Opening your cart…'}
      </p>
    );
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mt-4 grid gap-6 md:grid-cols-[1fr_20rem] md:items-start"
      aria-busy={processing || undefined}
    >
      <div className="space-y-6">
        <fieldset className="rounded-xl border border-gray-200 p-4 dark:border-gray-800" disabled={processing}>
          <legend className="px-1 font-bold">Delivery Address</legend>
          <div className="space-y-3">
            {FIELDS.map((field) => (
              <div key={field.name}>
                <label htmlFor={`${id}-${field.name}`} className="text-sm font-medium">
                  {field.label}
                  {field.required && (
                    <span aria-hidden="true" className="text-red-700 dark:text-red-300">
                      {' '}
                      *
                    </span>
                  )}
                </label>
                <input
                  id={`${id}-${field.name}`}
                  name={field.name}
                  autoComplete={field.autoComplete}
                  required={field.required}
                  aria-required={field.required}
                  value={address[field.name]}
                  maxLength={field.name === 'address_line_1' ? 200 : 100}
                  onChange={(e) => {
                    setAddress((a) => ({ ...a, [field.name]: e.target.value }));
                    if (field.name === 'postal_code') setPincodeProblem(null);
                  }}
                  className="mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base dark:border-gray-700 dark:bg-gray-900"
                  inputMode={field.inputMode}
                  aria-invalid={field.name === 'postal_code' ? pincodeProblem !== null : undefined}
                  aria-describedby={field.name === 'postal_code' ? `${id}-pincode-problem` : undefined}
                />
                {field.name === 'postal_code' && (
                  <p
                    id={`${id}-pincode-problem`}
                    role="alert"
                    className="mt-1 text-sm font-medium text-red-700 empty:hidden dark:text-red-300"
                  >
                    {pincodeProblem}
                  </p>
                )}
              </div>
            ))}
          </div>
        </fieldset>
        <fieldset className="rounded-xl border border-gray-200 p-4 dark:border-gray-800" disabled={processing}>
          <legend className="px-1 font-bold">Payment Method</legend>
          <label className="flex items-center gap-3 rounded-lg border border-brand-600 bg-brand-50 px-3 py-3 dark:bg-gray-900">
            <input type="radio" name="payment" value="cod" defaultChecked className="size-4 accent-brand-700" />
            <span className="font-medium">Cash on Delivery</span>
          </label>
        </fieldset>
      </div>
      <section aria-labelledby={`${id}-summary`} className="rounded-xl border border-gray-200 p-4 dark:border-gray-800">
        <h2 id={`${id}-summary`} className="mb-3 font-bold">
          Order Summary
        </h2>
        <ul className="mb-3 space-y-2 text-sm">
          {items.map((item) => (
            <li key={item.product_id} className="flex items-center gap-3">
              <ProductThumb src={item.product.image_url} size="small" />
              <span className="min-w-0 flex-1">
                {item.product.name}{' '}
                <span className="text-gray-600 dark:text-gray-300">
                  ({displayUnit(item.product.quantity_unit)}) × {item.quantity}
                </span>
                <span className="sr-only">, {formatPaise(item.product.price_paise)} each</span>
              </span>
              <span className="shrink-0 tabular-nums">{formatPaise(lineTotalPaise(item.product.price_paise, item.quantity))}</span>
            </li>
          ))}
        </ul>
        <CouponField editable />
        <TotalsTable {...totals} />
        <button
          type="submit"
          disabled={!canPlace}
          className="mt-4 w-full rounded-xl bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {processing ? 'Processing...' : 'Place Order'}
        </button>
        {!processing && address.address_line_1.trim() === '' && (
          <p className="mt-2 text-xs text-gray-600 dark:text-gray-300">Enter your address to place the order.</p>
        )}
      </section>
    </form>
  );
}
