import { pickLabel } from '../lib/cart.ts';
import { STEPPER_NAME } from '../browser/cart-control.ts';
import type { CartProductInput } from '../lib/fields.ts';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types are extended through this namespace.
  namespace JSX {
    interface IntrinsicElements {
      'thela-cart-control': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

export interface CartControlProps {
  product: CartProductInput;
  /** `add` (a card): ADD, then a stepper bound to the cart line; `pick` (product page): a stepper and "Add N to Cart". */
  mode?: 'add' | 'pick';
  className?: string;
  /** Leave the stepper out: the element clones the page's one SharedCartStepper, so a listing carries it once, not per card. */
  sharedStepper?: boolean;
}

/** The one cart control's markup (behaviour: src/browser/cart-control.ts), static from Astro pages and live in islands. */
export default function CartControl({ product, mode = 'add', className = '', sharedStepper = false }: CartControlProps) {
  const data = {
    'data-mode': mode,
    'data-id': product.id,
    'data-name': product.name,
    'data-price-paise': String(product.price_paise),
    ...(product.quantity_unit ? { 'data-unit': product.quantity_unit } : {}),
    ...(product.image_url ? { 'data-image': product.image_url } : {}),
    ...(product.category_id ? { 'data-category': product.category_id } : {}),
    ...(product.is_available === false ? { 'data-available': 'false' } : {}),
  };
  return mode === 'add' ? (
    <thela-cart-control {...data} className={`inline-block ${className}`}>
      <button
        type="button"
        data-add
        aria-label={`Add ${product.name} to cart`}
        className={`${BOX} border border-brand-600 bg-brand-50 px-4 text-brand-700 hover:bg-brand-100 disabled:cursor-progress disabled:opacity-70 dark:border-brand-500 dark:bg-gray-900 dark:text-brand-100 dark:hover:bg-gray-800`}
      >
        ADD
      </button>
      {!sharedStepper && <CartStepper name={product.name} />}
    </thela-cart-control>
  ) : (
    <thela-cart-control {...data} className={`flex items-center gap-3 ${className}`}>
      <div role="group" aria-label="Quantity" className="flex items-center rounded-xl border border-gray-300 dark:border-gray-700">
        <button type="button" data-dec disabled aria-label="Decrease quantity" className={`${PICK_STEP} rounded-l-xl`}>
          <span aria-hidden="true">−</span>
        </button>
        <output data-qty aria-live="polite" aria-label="Quantity" className="min-w-8 text-center font-bold tabular-nums">
          1
        </output>
        <button type="button" data-inc aria-label="Increase quantity" className={`${PICK_STEP} rounded-r-xl`}>
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <button
        type="button"
        data-add
        disabled={product.is_available === false}
        className="min-h-11 flex-1 rounded-xl bg-brand-700 px-4 py-1 leading-tight font-bold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {product.is_available === false ? 'Currently unavailable' : pickLabel(product.price_paise, 1)}
      </button>
    </thela-cart-control>
  );
}

/** The add mode's -/quantity/+ stepper, hidden until the product is in the cart. */
function CartStepper({ name }: { name: string }) {
  return (
    <div data-stepper hidden role="group" aria-label={`Quantity of ${name} in cart`} className={`${BOX} bg-brand-700 text-white`}>
      <button
        type="button"
        data-dec
        aria-label={`Decrease quantity of ${name}`}
        className="grid h-full w-7 place-items-center rounded-l-lg text-lg leading-none hover:bg-brand-800"
      >
        <span aria-hidden="true">−</span>
      </button>
      <span aria-live="polite" aria-atomic="true" className="min-w-4 text-center tabular-nums">
        <span className="sr-only">Quantity </span>
        <span data-qty>0</span>
      </span>
      <button
        type="button"
        data-inc
        aria-label={`Increase quantity of ${name}`}
        className="grid h-full w-7 place-items-center rounded-r-lg text-lg leading-none hover:bg-brand-800 disabled:opacity-50"
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

/** The stepper once for a page of cards rendered with `sharedStepper` (the product name left as a slot). */
export function SharedCartStepper() {
  return (
    <template data-cart-stepper>
      <CartStepper name={STEPPER_NAME} />
    </template>
  );
}

const BOX = 'inline-flex h-9 min-w-18 items-center justify-center rounded-lg text-sm font-bold';
const PICK_STEP = 'grid size-11 place-items-center text-xl leading-none hover:bg-gray-100 disabled:opacity-40 dark:hover:bg-gray-800';
