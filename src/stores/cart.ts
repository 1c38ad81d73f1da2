import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { liveCatalogueConfigured, readLiveProduct } from '../lib/catalogue/browser.ts';
import { cartTotals, type Totals } from '../lib/pricing.ts';
import { parseStoredArray } from '../lib/storage.ts';
import { showToast } from './toasts.ts';

/** The product fields a cart line carries with it (spec section 3). */
export interface CartProduct {
  id: string;
  name: string;
  price: number;
  image_url: string | null;
  quantity_unit: string | null;
}

/** One cart line, as stored under "cart-items". */
export interface CartItem {
  id: string;
  product_id: string;
  quantity: number;
  product: CartProduct;
}

/** The most of one product a cart line holds; larger stored values are clamped to it. */
export const MAX_LINE_QUANTITY = 99;

/** Reads "cart-items" from storage, which is user input: repairs what it can, drops what it cannot, never throws. */
export function decodeCart(raw: string | undefined): CartItem[] {
  const parsed = parseStoredArray(raw);
  const lines = new Map<string, CartItem>();
  for (const entry of parsed) {
    const line = repairLine(entry);
    if (!line) continue;
    const existing = lines.get(line.product_id);
    if (existing) {
      existing.quantity = Math.min(MAX_LINE_QUANTITY, existing.quantity + line.quantity);
    } else {
      lines.set(line.product_id, line);
    }
  }
  return [...lines.values()];
}

function repairLine(entry: unknown): CartItem | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const e = entry as Record<string, unknown>;
  const p = (typeof e['product'] === 'object' && e['product'] !== null ? e['product'] : {}) as Record<string, unknown>;
  const productId = asId(e['product_id']) ?? asId(p['id']);
  const name = typeof p['name'] === 'string' ? p['name'].trim().slice(0, 200) : '';
  const price = typeof p['price'] === 'number' ? p['price'] : Number(p['price']);
  if (!productId || !name || !Number.isFinite(price) || price < 0) return null;
  const q = typeof e['quantity'] === 'number' ? e['quantity'] : Number(e['quantity']);
  if (!Number.isFinite(q) || q < 1) return null;
  return {
    id: asId(e['id']) ?? `line-${productId}`,
    product_id: productId,
    quantity: Math.min(MAX_LINE_QUANTITY, Math.floor(q)),
    product: {
      id: productId,
      name,
      price: Math.round(price * 100) / 100,
      image_url: typeof p['image_url'] === 'string' && p['image_url'].startsWith('/') && !p['image_url'].startsWith('//') ? p['image_url'] : null,
      quantity_unit: typeof p['quantity_unit'] === 'string' && p['quantity_unit'].trim() ? p['quantity_unit'].trim().slice(0, 60) : null,
    },
  };
}

function asId(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && v.trim() && v.length <= 200) return v.trim();
  return null;
}

/** The shared cart, persisted under the spec's key "cart-items" and kept in step across tabs. */
export const $cartItems = persistentAtom<CartItem[]>('cart-items', [], {
  encode: JSON.stringify,
  decode: decodeCart,
});

/** Number of units in the cart (the header badge). */
export const $cartCount = computed($cartItems, (items) => items.reduce((n, item) => n + item.quantity, 0));

/** The totals the cart and checkout show (paise): subtotal, delivery fee, total, shortfall for free delivery. */
export const $cartTotals = computed($cartItems, (items): Totals =>
  cartTotals(items.map((item) => ({ price: item.product.price, quantity: item.quantity }))),
);

/** A product as a caller hands it to `addToCart`: the cart fields, and its availability when the page knows it. */
export interface CartProductInput extends CartProduct {
  is_available?: boolean | undefined;
}

/** The cart fields of any product row (drops description, category and the rest). */
export function toCartProduct(product: CartProduct): CartProduct {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    image_url: product.image_url ?? null,
    quantity_unit: product.quantity_unit ?? null,
  };
}

/** Ids of the products being added right now; a button shows itself busy while its product is here. */
export const $cartAdding = atom<readonly string[]>([]);
/** The spec's loading flag: on while any add is running. */
export const $cartLoading = computed($cartAdding, (ids) => ids.length > 0);

/**
 * Reads a product before it is added: its current name, price and availability, or null when the row is gone.
 * Throws when the read fails.
 */
/** Reads the product a server-rendered cart control carries in its data-product attribute; null when unusable. */
export function readProductData(json: string | undefined): CartProductInput | null {
  try {
    const product = JSON.parse(json ?? '') as CartProductInput | null;
    return product && typeof product.id === 'string' ? product : null;
  } catch {
    return null;
  }
}

export type ProductReader = (product: CartProductInput) => Promise<CartProductInput | null>;

/** Live read from Supabase when configured (current price and availability); otherwise the page's data. */
const defaultReader: ProductReader = async (product) => {
  if (!liveCatalogueConfigured) return product;
  const row = await readLiveProduct(product.id);
  return row ? { ...toCartProduct(row), is_available: row.is_available } : null;
};

let readProduct: ProductReader = defaultReader;

/** Replaces the product read (tests); call with no argument to restore the default. */
export function setProductReader(reader?: ProductReader): void {
  readProduct = reader ?? defaultReader;
}

function newLineId(productId: string): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
  return `${productId}-${random}`;
}

/** Whole units from 1 to MAX_LINE_QUANTITY, or null for a quantity that means nothing (NaN, 0, negative). */
function cleanQuantity(quantity: number): number | null {
  if (!Number.isFinite(quantity) || quantity < 1) return null;
  return Math.min(MAX_LINE_QUANTITY, Math.floor(quantity));
}

/** Writes the cart; a failed write (storage full or blocked) is logged and reported, never thrown at a click handler. */
function writeCart(items: CartItem[]): boolean {
  try {
    $cartItems.set(items);
    return true;
  } catch (error) {
    console.error('Could not save the cart', error);
    showToast({ title: 'Error', description: 'Failed to update your cart', variant: 'destructive' });
    return false;
  }
}

/** Puts `quantity` of a product into the cart items: raises an existing line (up to the cap) or appends one. */
function merge(items: readonly CartItem[], product: CartProduct, quantity: number): CartItem[] {
  const existing = items.find((item) => item.product_id === product.id);
  if (existing) {
    return items.map((item) =>
      item.product_id === product.id ? { ...item, quantity: Math.min(MAX_LINE_QUANTITY, item.quantity + quantity) } : item,
    );
  }
  return [...items, { id: newLineId(product.id), product_id: product.id, quantity, product: toCartProduct(product) }];
}

function addedText(name: string, quantity: number): string {
  return quantity === 1 ? `${name} has been added to your cart.` : `${quantity} × ${name} added to your cart.`;
}

/**
 * Adds `quantity` (default 1) of a product (spec section 4). A product already in the cart rises by that many,
 * up to MAX_LINE_QUANTITY. Otherwise the product is read first (live price and availability when Supabase is
 * configured) while `$cartLoading` is on; a product that is no longer available is not added. Shows "Added to
 * Cart" naming the product; on failure the destructive "Error" / "Failed to add item to cart" and the error
 * logged. Resolves true when the cart changed.
 */
export async function addToCart(product: CartProductInput, quantity = 1): Promise<boolean> {
  const wanted = cleanQuantity(quantity);
  if (wanted === null || !product || typeof product.id !== 'string') {
    console.error('Failed to add item to cart: bad product or quantity', product, quantity);
    showToast({ title: 'Error', description: 'Failed to add item to cart', variant: 'destructive' });
    return false;
  }
  if ($cartAdding.get().includes(product.id)) return false;

  const inCart = quantityInCart($cartItems.get(), product.id);
  if (inCart > 0) {
    if (inCart >= MAX_LINE_QUANTITY) {
      showToast({ title: 'Limit reached', description: `You can add at most ${MAX_LINE_QUANTITY} of ${product.name}.` });
      return false;
    }
    const added = Math.min(wanted, MAX_LINE_QUANTITY - inCart);
    if (!writeCart(merge($cartItems.get(), product, added))) return false;
    showToast({ title: 'Added to Cart', description: addedText(product.name, added) });
    return true;
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
    const items = merge($cartItems.get(), { ...toCartProduct(current), id: product.id }, wanted);
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

/** A product and how many of it, as an order line puts it back into the cart. */
export interface CartEntry {
  product: CartProductInput;
  quantity: number;
}

/** The outcome of `addEntriesToCart`: names of the products added and of those left out (gone or unavailable). */
export interface AddEntriesResult {
  added: string[];
  skipped: string[];
}

/**
 * Adds several products at once (reorder): each is read like `addToCart` reads it, unavailable ones are left
 * out, and the cart is written once. Throws when a read fails, so the caller reports one error.
 */
export async function addEntriesToCart(entries: readonly CartEntry[]): Promise<AddEntriesResult> {
  const result: AddEntriesResult = { added: [], skipped: [] };
  const ready: { product: CartProduct; quantity: number }[] = [];
  for (const entry of entries) {
    const wanted = cleanQuantity(entry.quantity);
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
  for (const { product, quantity } of ready) items = merge(items, product, quantity);
  $cartItems.set(items);
  return result;
}

/** Sets a line's quantity; 0 or less removes it (spec section 4). */
export function updateQuantity(productId: string, quantity: number): void {
  if (!Number.isFinite(quantity) || quantity <= 0) {
    removeFromCart(productId);
    return;
  }
  const q = Math.min(MAX_LINE_QUANTITY, Math.floor(quantity));
  if (q < 1) {
    removeFromCart(productId);
    return;
  }
  writeCart($cartItems.get().map((item) => (item.product_id === productId ? { ...item, quantity: q } : item)));
}

/** Drops a line. */
export function removeFromCart(productId: string): void {
  writeCart($cartItems.get().filter((item) => item.product_id !== productId));
}

/** Empties the cart. */
export function clearCart(): void {
  writeCart([]);
}

/** Quantity of a product in the cart, 0 when absent. */
export function quantityInCart(items: readonly CartItem[], productId: string): number {
  return items.find((item) => item.product_id === productId)?.quantity ?? 0;
}
