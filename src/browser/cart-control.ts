// `<thela-cart-control>`: the one cart control's behaviour (markup and modes: CartControl.tsx), with or without React.
import { controlProduct, pickLabel, quantityInCart } from '../lib/cart.ts';
import { MAX_LINE_QUANTITY, type CartProductInput } from '../lib/fields.ts';
import { $cartAdding, $cartItems, addToCart, updateQuantity } from '../stores/cart.ts';

interface Parts {
  add: HTMLButtonElement;
  dec: HTMLButtonElement;
  inc: HTMLButtonElement;
  qty: HTMLElement;
}

/** The product name's slot in the labels of a page's shared stepper (CartControl's SharedCartStepper). */
export const STEPPER_NAME = '{name}';

/** Defines the element; called only in a browser (islands import this module on the server too, where HTMLElement is missing). */
function defineCartControl(): void {
  class CartControlElement extends HTMLElement {
    #stop: (() => void)[] = [];
    /** Removes the click handlers on disconnect: a listing can take a card out and put it back. */
    #abort = new AbortController();

    connectedCallback(): void {
      this.#abort = new AbortController();
      const product = controlProduct(this.dataset);
      if (product && !this.querySelector('[data-dec]')) {
        // A pre-rendered card takes the page's one stepper template (SharedCartStepper), with its name in the labels.
        const stepper = document.querySelector<HTMLTemplateElement>('template[data-cart-stepper]')?.content.cloneNode(true);
        if (stepper) {
          for (const element of (stepper as DocumentFragment).querySelectorAll('[aria-label]'))
            element.ariaLabel = String(element.ariaLabel).replace(STEPPER_NAME, product.name);
          this.append(stepper);
        }
      }
      const add = this.querySelector<HTMLButtonElement>('[data-add]');
      const dec = this.querySelector<HTMLButtonElement>('[data-dec]');
      const inc = this.querySelector<HTMLButtonElement>('[data-inc]');
      const qty = this.querySelector<HTMLElement>('[data-qty]');
      if (!product || !add || !dec || !inc || !qty) return;
      const parts = { add, dec, inc, qty };
      this.#stop = this.dataset['mode'] === 'pick' ? this.#pick(product, parts) : this.#add(product, parts);
    }

    disconnectedCallback(): void {
      for (const stop of this.#stop) stop();
      this.#stop = [];
      this.#abort.abort();
    }

    #onClick(button: HTMLButtonElement, listener: () => void): void {
      button.addEventListener('click', listener, { signal: this.#abort.signal });
    }

    /** ADD, then the stepper of the cart line. */
    #add(product: CartProductInput, { add, dec, inc, qty }: Parts): (() => void)[] {
      const stepper = this.querySelector<HTMLElement>('[data-stepper]');
      if (!stepper) return [];
      let quantity = 0;
      // Which control takes focus when ADD and the stepper swap, so keyboard users keep their place.
      let focusAfter: 'inc' | 'add' | null = null;
      this.#onClick(add, () => {
        focusAfter = 'inc';
        void addToCart(product);
      });
      this.#onClick(dec, () => {
        if (quantity <= 1) focusAfter = 'add';
        updateQuantity(product.id, quantity - 1);
      });
      this.#onClick(inc, () => updateQuantity(product.id, quantity + 1));
      return [
        $cartItems.subscribe((items) => {
          const was = quantity;
          quantity = quantityInCart(items, product.id);
          add.hidden = quantity > 0;
          stepper.hidden = quantity === 0;
          qty.textContent = String(quantity);
          inc.disabled = quantity >= MAX_LINE_QUANTITY;
          if (was === 0 && quantity > 0 && focusAfter === 'inc') inc.focus();
          if (was > 0 && quantity === 0 && focusAfter === 'add') add.focus();
          if ((was === 0) !== (quantity === 0)) focusAfter = null;
        }),
        $cartAdding.subscribe((ids) => {
          const busy = ids.includes(product.id);
          add.disabled = busy;
          add.textContent = busy ? 'ADDING…' : 'ADD';
          add.ariaBusy = String(busy);
        }),
      ];
    }

    /** The product page: pick 1 to MAX_LINE_QUANTITY, then add that many. */
    #pick(product: CartProductInput, { add, dec, inc, qty }: Parts): (() => void)[] {
      const unavailable = product.is_available === false;
      let quantity = 1;
      let busy = false;
      const render = () => {
        qty.textContent = String(quantity);
        dec.disabled = quantity <= 1;
        inc.disabled = quantity >= MAX_LINE_QUANTITY;
        add.disabled = busy || unavailable;
        if (!unavailable) add.textContent = pickLabel(product.price_paise, quantity);
        add.ariaBusy = String(busy);
      };
      const step = (by: number) => () => {
        quantity = Math.min(MAX_LINE_QUANTITY, Math.max(1, quantity + by));
        render();
      };
      this.#onClick(dec, step(-1));
      this.#onClick(inc, step(1));
      this.#onClick(add, () => void addToCart(product, quantity));
      return [
        $cartAdding.subscribe((ids) => {
          busy = ids.includes(product.id);
          render();
        }),
      ];
    }
  }

  if (!customElements.get('thela-cart-control')) customElements.define('thela-cart-control', CartControlElement);
}

if (typeof customElements !== 'undefined') defineCartControl();
