import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

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
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
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

/** Sets a line's quantity; 0 or less removes it (spec section 4). */
export function updateQuantity(productId: string, quantity: number): void {
  if (!Number.isFinite(quantity) || quantity <= 0) {
    removeFromCart(productId);
    return;
  }
  const q = Math.min(MAX_LINE_QUANTITY, Math.floor(quantity));
  $cartItems.set($cartItems.get().map((item) => (item.product_id === productId ? { ...item, quantity: q } : item)));
}

/** Drops a line. */
export function removeFromCart(productId: string): void {
  $cartItems.set($cartItems.get().filter((item) => item.product_id !== productId));
}

/** Empties the cart. */
export function clearCart(): void {
  $cartItems.set([]);
}

/** Quantity of a product in the cart, 0 when absent. */
export function quantityInCart(items: readonly CartItem[], productId: string): number {
  return items.find((item) => item.product_id === productId)?.quantity ?? 0;
}
