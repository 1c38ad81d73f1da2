import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { displayUnit, formatPaise } from '../lib/format.ts';
import { lineTotalPaise } from '../lib/pricing.ts';
import type { CheckoutAddress } from '../lib/orders.ts';
import { live } from 'thela:live-orders';
import { normalisePhone, PHONE_PROBLEM } from '../lib/phone.ts';
import { parsePincode } from '../lib/fields.ts';
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
import type { ShownRefusal } from '../components/OrderRefusal.tsx';

/** Orders go to the database (docs/orders.md): the form asks who receives them, and the pincode picks the store. */
const ordersLive = live !== null;

type FieldName = keyof CheckoutAddress | 'name' | 'phone';
type Form = Record<FieldName, string>;

interface Field {
  name: FieldName;
  label: string;
  autoComplete: string;
  required?: boolean;
  type?: 'tel';
  inputMode?: 'numeric' | 'tel';
  maxLength: number;
}

const ADDRESS_FIELDS: readonly Field[] = [
  { name: 'address_line_1', label: 'Address Line 1', autoComplete: 'address-line1', required: true, maxLength: 200 },
  { name: 'city', label: 'City', autoComplete: 'address-level2', maxLength: 100 },
  { name: 'state', label: 'State', autoComplete: 'address-level1', maxLength: 100 },
  // Live orders need it: it picks the store (docs/orders.md); the simulated checkout keeps the spec's rule.
  { name: 'postal_code', label: 'Postal Code', autoComplete: 'postal-code', inputMode: 'numeric', required: ordersLive, maxLength: 100 },
];

/** Who receives a live order, and on what number the shop calls them. */
const CONTACT_FIELDS: readonly Field[] = [
  { name: 'name', label: 'Name', autoComplete: 'name', required: true, maxLength: 100 },
  { name: 'phone', label: 'Mobile Number', autoComplete: 'tel', type: 'tel', inputMode: 'tel', required: true, maxLength: 20 },
];

const FIELDS: readonly Field[] = ordersLive ? [...CONTACT_FIELDS, ...ADDRESS_FIELDS] : ADDRESS_FIELDS;

const EMPTY: Form = { name: '', phone: '', address_line_1: '', city: '', state: '', postal_code: '' };

/** What is wrong with a live order's contact fields, by field; empty when nothing is. */
function contactProblems(form: Form): Partial<Record<FieldName, string>> {
  const problems: Partial<Record<FieldName, string>> = {};
  if (form.name.trim() === '') problems.name = 'Enter the name of the person receiving the order';
  if (normalisePhone(form.phone) === null) problems.phone = PHONE_PROBLEM;
  if (form.postal_code.trim() === '') problems.postal_code = 'Enter the 6-digit pincode of the delivery address';
  return problems;
}

/**
 * Checkout (rendered in the browser only): address, Cash on Delivery, summary and "Place Order". Simulated (the spec's
 * 2 s), or live (docs/orders.md): name and phone too, the order sent to the database, which prices it.
 */
export default function Checkout() {
  const items = useStore($cartItems);
  const totals = useStore($couponTotals);
  const [form, setForm] = useState<Form>(EMPTY);
  const address: CheckoutAddress = {
    address_line_1: form.address_line_1,
    city: form.city,
    state: form.state,
    postal_code: form.postal_code,
  };
  const [processing, setProcessing] = useState(false);
  // Why a field is refused (the pincode: not one, or not served), tied to it.
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  // What the database refused, and what the shopper can do about it (live orders).
  const [refusal, setRefusal] = useState<ShownRefusal | null>(null);
  // Set synchronously on the first click so a double click (or Enter twice) places one order.
  const placing = useRef(false);
  const placed = useRef(false);
  const id = useId();

  // Nothing to check out (or the cart was emptied in another tab): back to the cart. Not after our own order,
  // which empties the cart on its way to /orders.
  useEffect(() => {
    if (items.length === 0 && !placed.current && !placing.current) window.location.replace('/cart');
  }, [items.length]);

  const canPlace = form.address_line_1.trim() !== '' && !processing && items.length > 0;

  function refuse(found: Partial<Record<FieldName, string>>): boolean {
    const first = FIELDS.find((field) => found[field.name] !== undefined);
    if (!first) return false;
    setProblems(found);
    document.getElementById(`${id}-${first.name}`)?.focus();
    return true;
  }

  function failed(error?: unknown) {
    if (error !== undefined) console.error('Failed to place order', error);
    showToast({ title: 'Error', description: 'Failed to place order. Please try again.', variant: 'destructive' });
  }

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (placing.current || !canPlace) return;
    placing.current = true;
    setRefusal(null);
    const pincode = await checkoutPincodeProblem(loadServiceabilityTable, form.postal_code);
    if (refuse({ ...(ordersLive ? contactProblems(form) : {}), ...(pincode === null ? {} : { postal_code: pincode }) })) {
      placing.current = false;
      return;
    }
    setProcessing(true);
    try {
      if (ordersLive) {
        await placeLive();
      } else {
        await placeOrder(address, { couponCode: $couponCode.get() });
        done('Order Placed!', 'Your order has been placed successfully.');
        removeCoupon();
      }
    } catch (error) {
      failed(error);
    } finally {
      if (!placed.current) {
        placing.current = false;
        setProcessing(false);
      }
    }
  }

  /** Leaves for /orders with a notice there. */
  function done(title: string, description: string) {
    placed.current = true;
    showToastOnNextPage({ title, description });
    window.location.assign('/orders');
  }

  async function placeLive() {
    if (live === null) return;
    const before = $cartItems.get();
    // The database reads a pincode and a phone in one form only: the ones typed with spaces or Indian digits are
    // sent as it keeps them (both were checked above).
    const pincode = parsePincode(form.postal_code);
    const result = await live.placeLiveOrder(
      {
        name: form.name,
        phone: normalisePhone(form.phone) ?? form.phone,
        address: { ...address, postal_code: pincode.ok ? pincode.pincode : form.postal_code },
      },
      $couponCode.get() || null,
      $couponTotals.get().totalPaise,
    );
    switch (result.kind) {
      case 'placed':
        done('Order Placed!', 'Your order has been placed successfully.');
        return;
      case 'queued':
        done("You're offline", 'Your order will be sent when you are back online. My Orders shows it as waiting to send.');
        return;
      case 'refused':
        // The cart takes the database's prices; the shopper sees old and new, and confirms the new total.
        if (result.refusal.code === 'PRICE_CHANGED') {
          live.repriceCart(new Map(result.refusal.repriced.lines.map((line) => [line.product_id, line.unit_price_paise])));
        }
        setRefusal({ refusal: result.refusal, cart: before });
        return;
      case 'failed':
        failed();
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
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  required={field.required}
                  aria-required={field.required}
                  value={form[field.name]}
                  maxLength={field.maxLength}
                  onChange={(e) => {
                    setForm((f) => ({ ...f, [field.name]: e.target.value }));
                    setProblems(({ [field.name]: _fixed, ...rest }) => rest);
                  }}
                  className="mt-1 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base dark:border-gray-700 dark:bg-gray-900"
                  inputMode={field.inputMode}
                  aria-invalid={problems[field.name] !== undefined || undefined}
                  aria-describedby={`${id}-${field.name}-problem`}
                />
                <p
                  id={`${id}-${field.name}-problem`}
                  role="alert"
                  className="mt-1 text-sm font-medium text-red-700 empty:hidden dark:text-red-300"
                >
                  {problems[field.name]}
                </p>
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
        {refusal && live && <live.OrderRefusal shown={refusal} onDismiss={() => setRefusal(null)} />}
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
