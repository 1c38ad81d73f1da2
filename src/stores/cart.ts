import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { liveCatalogueConfigured, readLiveProduct } from '../lib/catalogue/browser.ts';
import { decodeCart, encodeCart, mergeIntoCart, quantityInCart, type CartItem } from '../lib/cart.ts';
import { MAX_LINE_QUANTITY, readQuantity, toCartProduct, type CartProduct, type CartProductInput } from '../lib/fields.ts';
import { cartTotals, type Totals } from '../lib/pricing.ts';
import { showToast } from './toasts.ts';
import { orderSettings } from 'virtual:thela/order-settings';

/** The most of one product a line holds: the order settings' limit, within the field rule's. */
const LINE_MAX = Math.min(MAX_LINE_QUANTITY, orderSettings.max_line_quantity);
/** The most products one order takes (order_settings' max_lines): the cart holds no more lines. */
const LINES_MAX = orderSettings.max_lines;

/** The shared cart, persisted under the spec's key "cart-items" and kept in step across tabs. */
export const $cartItems = persistentAtom<CartItem[]>('cart-items', [], {
  encode: encodeCart,
  decode: decodeCart,
});

/** Number of units in the cart (the header badge). */
export const $cartCount = computed($cartItems, (items) => items.reduce((n, item) => n + item.quantity, 0));

/** The cart's totals before any coupon (paise): subtotal, delivery fee, total; src/stores/coupon.ts adds the coupon. */
export const $cartTotals = computed($cartItems, (items): Totals =>
  cartTotals(items.map((item) => ({ price_paise: item.product.price_paise, quantity: item.quantity }))),
);

/** Ids of the products being added right now; a button shows itself busy while its product is here. */
export const $cartAdding = atom<readonly string[]>([]);
/** Live read from Supabase when configured (current price and availability); otherwise the page's data. */
async function readProduct(product: CartProductInput): Promise<CartProductInput | null> {
  if (!liveCatalogueConfigured) return product;
  const row = await readLiveProduct(product.id);
  if (!row) return null;
  // The row's category_id is its leaf category; the cart keeps the top-level one the page gave (coupon rules). Its
  // image_url is the operator's original photo: the cart keeps the page's optimised one (src/lib/images.ts).
  return {
    ...toCartProduct({ ...row, category_id: product.category_id ?? null, image_url: product.image_url }),
    is_available: row.is_available,
  };
}

/** Writes the cart; a failed write (storage full or blocked) is logged and reported, never thrown at a click handler. */
export function writeCart(items: CartItem[]): boolean {
  try {
    $cartItems.set(items);
    return true;
  } catch (error) {
    console.error('Could not save the cart', error);
    showToast({ title: 'Error', description: 'Failed to update your cart', variant: 'destructive' });
    return false;
  }
}

function addedText(name: string, quantity: number): string {
  return quantity === 1 ? `${name} has been added to your cart.` : `${quantity} × ${name} added to your cart.`;
}

/**
 * Adds `quantity` of a product (spec section 4), up to LINE_MAX a line and LINES_MAX lines. A new line's product is read first (live
 * when Supabase is configured) while in `$cartAdding`; an unavailable one is not added. Resolves true when the cart changed.
 */
export async function addToCart(product: CartProductInput, quantity = 1): Promise<boolean> {
  const wanted = readQuantity(quantity);
  if (wanted === null) {
    console.error('Failed to add item to cart: bad product or quantity', product, quantity);
    showToast({ title: 'Error', description: 'Failed to add item to cart', variant: 'destructive' });
    return false;
  }
  if ($cartAdding.get().includes(product.id)) return false;

  const inCart = quantityInCart($cartItems.get(), product.id);
  if (inCart > 0) {
    if (inCart >= LINE_MAX) {
      showToast({ title: 'Limit reached', description: `You can add at most ${LINE_MAX} of ${product.name}.` });
      return false;
    }
    const added = Math.min(wanted, LINE_MAX - inCart);
    if (!writeCart(mergeIntoCart($cartItems.get(), product, added))) return false;
    showToast({ title: 'Added to Cart', description: addedText(product.name, added) });
    return true;
  }

  if ($cartItems.get().length >= LINES_MAX) {
    showToast({ title: 'Limit reached', description: `One order can have at most ${LINES_MAX} different products.` });
    return false;
  }

  $cartAdding.set([...$cartAdding.get(), product.id]);
  try {
    const current = await readProduct(product);
    if (!current || current.is_available === false) {
      showToast({
        title: 'Not available',
        description: `${current?.name ?? product.name} is not available right now, so it was not added to your cart.`,
        variant: 'destructive',
      });
      return false;
    }
    // Another tab may have added it while we read: merge rather than duplicate.
    const items = mergeIntoCart($cartItems.get(), { ...toCartProduct(current), id: product.id }, Math.min(wanted, LINE_MAX));
    $cartItems.set(items);
    showToast({ title: 'Added to Cart', description: addedText(current.name, wanted) });
    return true;
  } catch (error) {
    console.error('Failed to add item to cart', error);
    showToast({ title: 'Error', description: 'Failed to add item to cart', variant: 'destructive' });
    return false;
  } finally {
    $cartAdding.set($cartAdding.get().filter((id) => id !== product.id));
  }
}

/**
 * Adds several products (a reorder), each read like `addToCart`, unavailable ones left out; resolves with the names of
 * those added and of those left out (gone or unavailable), and throws when a read fails.
 */
export async function addEntriesToCart(entries: readonly { product: CartProductInput; quantity: number }[]) {
  const result = { added: [] as string[], skipped: [] as string[] };
  const ready: { product: CartProduct; quantity: number }[] = [];
  for (const entry of entries) {
    const wanted = readQuantity(entry.quantity);
    if (wanted === null) continue;
    const current = await readProduct(entry.product);
    if (!current || current.is_available === false) {
      result.skipped.push(entry.product.name);
      continue;
    }
    ready.push({ product: { ...toCartProduct(current), id: entry.product.id }, quantity: wanted });
    result.added.push(current.name);
  }
  let items = $cartItems.get();
  for (const { product, quantity } of ready) items = mergeIntoCart(items, product, quantity);
  $cartItems.set(items);
  return result;
}

/** Sets a line's quantity (whole, at most LINE_MAX); below 1 removes it (spec section 4). */
export function updateQuantity(productId: string, quantity: number): void {
  const read = readQuantity(quantity);
  const q = read === null ? null : Math.min(read, LINE_MAX);
  if (q === null) removeFromCart(productId);
  else writeCart($cartItems.get().map((item) => (item.product_id === productId ? { ...item, quantity: q } : item)));
}

export function removeFromCart(productId: string): void {
  writeCart($cartItems.get().filter((item) => item.product_id !== productId));
}

export function clearCart(): void {
  writeCart([]);
}
