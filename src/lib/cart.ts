/** The cart's rules (spec sections 3 and 4), pure; atoms and actions: src/stores/cart.ts. */
import {
  isRecord,
  MAX_LINE_QUANTITY,
  readCartProduct,
  readId,
  readQuantity,
  toCartProduct,
  withRupeePrice,
  type CartProduct,
  type CartProductInput,
} from './fields.ts';
import { formatPaise } from './format.ts';
import { lineTotalPaise } from './pricing.ts';
import { parseStoredArray } from './storage.ts';

/** One cart line, as stored under "cart-items". */
export interface CartItem {
  id: string;
  product_id: string;
  quantity: number;
  product: CartProduct;
}

/** Writes "cart-items" in the spec's shape: `price` in rupees, so every release (and a rollback) reads every other's cart. */
export function encodeCart(items: readonly CartItem[]): string {
  return JSON.stringify(items.map((line) => ({ ...line, product: withRupeePrice(line.product) })));
}

/** Reads "cart-items" from storage, which is user input: repairs what it can, drops what it cannot, never throws. */
export function decodeCart(raw: string | undefined): CartItem[] {
  const lines = new Map<string, CartItem>();
  for (const entry of parseStoredArray(raw)) {
    const line = readLine(entry);
    if (!line) continue;
    const existing = lines.get(line.product_id);
    if (existing) existing.quantity = Math.min(MAX_LINE_QUANTITY, existing.quantity + line.quantity);
    else lines.set(line.product_id, line);
  }
  return [...lines.values()];
}

/** One stored line by the field rules (the id from product_id or the product). */
function readLine(entry: unknown): CartItem | null {
  if (!isRecord(entry)) return null;
  const stored: Record<string, unknown> = isRecord(entry['product']) ? entry['product'] : {};
  const product = readCartProduct({ ...stored, id: entry['product_id'] ?? stored['id'] });
  const quantity = readQuantity(entry['quantity']);
  if (!product || quantity === null) return null;
  return { id: readId(entry['id']) ?? `line-${product.id}`, product_id: product.id, quantity, product: toCartProduct(product) };
}

export function quantityInCart(items: readonly CartItem[], productId: string): number {
  return items.find((item) => item.product_id === productId)?.quantity ?? 0;
}

/** Puts `quantity` of a product into the lines: raises an existing line (up to the cap) or appends one. */
export function mergeIntoCart(items: readonly CartItem[], product: CartProduct, quantity: number): CartItem[] {
  if (items.some((item) => item.product_id === product.id)) {
    return items.map((item) =>
      item.product_id === product.id ? { ...item, quantity: Math.min(MAX_LINE_QUANTITY, item.quantity + quantity) } : item,
    );
  }
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
  return [...items, { id: `${product.id}-${random}`, product_id: product.id, quantity, product: toCartProduct(product) }];
}

/** The product page's button text. */
export function pickLabel(pricePaise: number, quantity: number): string {
  return `Add ${quantity} to Cart · ${formatPaise(lineTotalPaise(pricePaise, quantity))}`;
}

/** The product a cart control carries in its data attributes, read by the field rules: markup is input too. */
export function controlProduct(dataset: Readonly<Record<string, string | undefined>>): CartProductInput | null {
  return readCartProduct({
    id: dataset['id'],
    name: dataset['name'],
    price_paise: dataset['pricePaise'],
    image_url: dataset['image'] ?? null,
    quantity_unit: dataset['unit'] ?? null,
    category_id: dataset['category'] ?? null,
    is_available: dataset['available'] ?? true,
  });
}
