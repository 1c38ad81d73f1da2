import { useEffect, useRef } from 'react';
import { MAX_LINE_QUANTITY, addToCart, updateQuantity, type CartProductInput } from '../stores/cart.ts';
import { useAdding, useQuantityInCart } from './useCart.ts';

export interface AddButtonProps {
  product: CartProductInput;
  /** Extra classes for the outer box (width, placement). */
  className?: string;
}

const box = 'inline-flex h-9 min-w-22 items-center justify-center rounded-lg text-sm font-bold';

/**
 * The ADD button of a product card: adds one to the shared cart, then becomes a -/quantity/+ stepper while the
 * product is in the cart (in step with every other button, island and tab through `$cartItems`).
 */
export default function AddButton({ product, className = '' }: AddButtonProps) {
  const quantity = useQuantityInCart(product.id);
  const adding = useAdding(product.id);
  const addRef = useRef<HTMLButtonElement>(null);
  const plusRef = useRef<HTMLButtonElement>(null);
  // Which control should take focus after the button swaps to the stepper or back, so keyboard users keep their place.
  const focusAfter = useRef<'plus' | 'add' | null>(null);
  const inCart = quantity > 0;

  useEffect(() => {
    if (focusAfter.current === 'plus' && inCart) plusRef.current?.focus();
    if (focusAfter.current === 'add' && !inCart) addRef.current?.focus();
    focusAfter.current = null;
  }, [inCart]);

  if (!inCart) {
    return (
      <button
        ref={addRef}
        type="button"
        aria-label={`Add ${product.name} to cart`}
        aria-busy={adding || undefined}
        disabled={adding}
        onClick={() => {
          focusAfter.current = 'plus';
          void addToCart(product);
        }}
        className={`${box} border border-brand-600 bg-brand-50 px-4 text-brand-700 hover:bg-brand-100 disabled:cursor-progress disabled:opacity-70 dark:border-brand-500 dark:bg-gray-900 dark:text-brand-100 dark:hover:bg-gray-800 ${className}`}
      >
        {adding ? 'ADDING…' : 'ADD'}
      </button>
    );
  }

  return (
    <div className={`${box} bg-brand-700 text-white ${className}`} role="group" aria-label={`Quantity of ${product.name} in cart`}>
      <button
        type="button"
        aria-label={`Decrease quantity of ${product.name}`}
        onClick={() => {
          if (quantity <= 1) focusAfter.current = 'add';
          updateQuantity(product.id, quantity - 1);
        }}
        className="grid h-full w-8 place-items-center rounded-l-lg text-lg leading-none hover:bg-brand-800"
      >
        <span aria-hidden="true">−</span>
      </button>
      <span aria-live="polite" aria-atomic="true" className="min-w-6 text-center tabular-nums">
        <span className="sr-only">Quantity </span>
        {quantity}
      </span>
      <button
        ref={plusRef}
        type="button"
        aria-label={`Increase quantity of ${product.name}`}
        disabled={quantity >= MAX_LINE_QUANTITY}
        onClick={() => updateQuantity(product.id, quantity + 1)}
        className="grid h-full w-8 place-items-center rounded-r-lg text-lg leading-none hover:bg-brand-800 disabled:opacity-50"
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
