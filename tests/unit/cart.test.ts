import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { controlProduct, decodeCart, encodeCart, quantityInCart, type CartItem } from '../../src/lib/cart.ts';
import { MAX_LINE_QUANTITY, type CartProductInput } from '../../src/lib/fields.ts';
import { displayImage, PLACEHOLDER_IMAGE } from '../../src/lib/images.ts';
import {
  $cartAdding,
  $cartCount,
  $cartItems,
  $cartTotals,
  addEntriesToCart,
  addToCart,
  clearCart,
  removeFromCart,
  updateQuantity,
} from '../../src/stores/cart.ts';
import { $toasts, clearToasts } from '../../src/stores/toasts.ts';

// The live product read (browser.ts), replaced per test: with a reader set the site behaves as built with Supabase.
type Reader = (product: CartProductInput) => Promise<CartProductInput | null>;
const live = vi.hoisted(() => ({ reader: null as ((product: never) => Promise<unknown>) | null, known: new Map<string, unknown>() }));
vi.mock('../../src/lib/catalogue/browser.ts', () => ({
  get liveCatalogueConfigured() {
    return live.reader !== null;
  },
  readLiveProduct: (id: string) => (live.reader as (product: unknown) => Promise<unknown>)(live.known.get(id)),
}));
function setProductReader(reader?: Reader): void {
  live.reader = reader ?? null;
}

const milk: CartProductInput = {
  id: 'milk-500-ml',
  name: 'Amul Taaza Toned Milk',
  price_paise: 2800,
  image_url: '/images/catalogue/milk.svg',
  quantity_unit: '500 ml',
};
const bread: CartProductInput = { id: 'bread-400-g', name: 'Brown Bread', price_paise: 5500, image_url: null, quantity_unit: null };

for (const product of [milk, bread]) live.known.set(product.id, product);

const line = (product: CartProductInput, quantity: number): CartItem => ({
  id: `line-${product.id}`,
  product_id: product.id,
  quantity,
  product: {
    id: product.id,
    name: product.name,
    price_paise: product.price_paise,
    image_url: product.image_url,
    quantity_unit: product.quantity_unit,
  },
});

/** A line as "cart-items" stores it (the spec's shape): the embedded product's price in rupees under `price`. */
const storedLine = (product: CartProductInput, quantity: number) => {
  const { price_paise, ...rest } = line(product, quantity).product;
  return { ...line(product, quantity), product: { ...rest, price: price_paise / 100 } };
};

const lastToast = () => $toasts.get().at(-1);

beforeAll(() => {
  useTestStorageEngine();
});

let stop: () => void;
beforeEach(() => {
  // Mounted, as on a page: the store listens to storage events (other tabs) only while something listens to it.
  stop = $cartItems.listen(() => {});
  setProductReader();
});

afterEach(() => {
  stop();
  cleanTestStorage();
  $cartItems.set([]);
  cleanStores($cartItems, $cartCount, $cartTotals, $cartAdding);
  clearToasts();
  setProductReader();
  vi.restoreAllMocks();
});

describe('decodeCart', () => {
  test('returns an empty cart for missing, unparseable or non-list storage', () => {
    expect(decodeCart(undefined)).toEqual([]);
    expect(decodeCart('')).toEqual([]);
    expect(decodeCart('{not json')).toEqual([]);
    expect(decodeCart('{"id":"x"}')).toEqual([]);
    expect(decodeCart('null')).toEqual([]);
    expect(decodeCart('42')).toEqual([]);
  });

  test('keeps valid lines and drops broken ones next to them', () => {
    const stored = JSON.stringify([
      storedLine(milk, 2),
      null,
      'junk',
      { product_id: 'ghost', quantity: 1 },
      { ...storedLine(bread, 1), product: { ...storedLine(bread, 1).product, price: 'free' } },
      { ...storedLine(bread, 1), product: { ...storedLine(bread, 1).product, name: '   ' } },
      { ...storedLine(bread, 1), product: { ...storedLine(bread, 1).product, price: -5 } },
    ]);
    expect(decodeCart(stored)).toEqual([line(milk, 2)]);
  });

  test('drops zero, negative and non-numeric quantities, floors fractions and clamps absurd ones', () => {
    const stored = JSON.stringify([
      { ...storedLine(milk, 0) },
      { ...storedLine({ ...milk, id: 'a' }, -3) },
      { ...storedLine({ ...milk, id: 'b' }, 0.5) },
      { ...storedLine({ ...milk, id: 'c' }, 2.7) },
      { ...storedLine({ ...milk, id: 'd' }, 1e9) },
      { ...storedLine({ ...milk, id: 'e' }, 1), quantity: 'lots' },
      { ...storedLine({ ...milk, id: 'f' }, 1), quantity: '3' },
    ]);
    const items = decodeCart(stored);
    expect(items.map((i) => [i.product_id, i.quantity])).toEqual([
      ['c', 2],
      ['d', MAX_LINE_QUANTITY],
      ['f', 3],
    ]);
    expect(items.every((i) => Number.isInteger(i.quantity))).toBe(true);
  });

  test('merges duplicate lines of one product and rounds prices to paise', () => {
    const stored = JSON.stringify([
      storedLine(milk, 2),
      storedLine(milk, 3),
      { ...storedLine(bread, 1), product: { ...storedLine(bread, 1).product, price: 55.0000001 } },
    ]);
    const items = decodeCart(stored);
    expect(items).toHaveLength(2);
    expect(quantityInCart(items, milk.id)).toBe(5);
    expect(items[1]?.product.price_paise).toBe(5500);
  });

  test('never shows an image from another site, and drops one that is not a URL', () => {
    const stored = (image_url: string) =>
      JSON.stringify([{ ...storedLine(milk, 1), product: { ...storedLine(milk, 1).product, image_url } }]);
    // Kept as a URL (the field rule), but the one gate of what is shown gives the placeholder: never a request to it.
    expect(displayImage(decodeCart(stored('https://evil.example/x.png'))[0]?.product.image_url, null)).toBe(PLACEHOLDER_IMAGE);
    expect(decodeCart(stored('javascript:alert(1)'))[0]?.product.image_url).toBeNull();
  });
});

describe('$cartItems storage', () => {
  test('is stored under "cart-items" in the spec shape', () => {
    $cartItems.set([line(milk, 2)]);
    const stored: unknown = JSON.parse(getTestStorage()['cart-items'] ?? 'null');
    expect(stored).toEqual([
      {
        id: 'line-milk-500-ml',
        product_id: 'milk-500-ml',
        quantity: 2,
        product: { id: 'milk-500-ml', name: milk.name, price: 28, image_url: milk.image_url, quantity_unit: '500 ml' },
      },
    ]);
  });

  test('reads back what it writes: paise in memory, rupees in storage, nothing lost either way', () => {
    const lines = [line(milk, 2), line({ ...bread, price_paise: 1999 }, 3)];
    expect(JSON.parse(encodeCart(lines))[1].product.price).toBe(19.99);
    expect(decodeCart(encodeCart(lines))).toEqual(lines);
  });

  test('follows another tab, and repairs what it writes', () => {
    setTestStorageKey('cart-items', JSON.stringify([storedLine(bread, 4)]));
    expect($cartCount.get()).toBe(4);
    setTestStorageKey('cart-items', 'corrupt {');
    expect($cartItems.get()).toEqual([]);
    expect($cartCount.get()).toBe(0);
    setTestStorageKey('cart-items', JSON.stringify([storedLine(milk, -1), storedLine(bread, 2)]));
    expect($cartItems.get()).toEqual([line(bread, 2)]);
  });
});

describe('addToCart', () => {
  test('reads a new product, adds it with the loading flag on, and says "Added to Cart" naming it', async () => {
    let resolveRead: (p: CartProductInput) => void = () => {};
    const reader = vi.fn((p: CartProductInput) => new Promise<CartProductInput>((resolve) => (resolveRead = () => resolve(p))));
    setProductReader(reader);
    const pending = addToCart(milk);
    expect($cartAdding.get().length > 0).toBe(true);
    expect($cartAdding.get()).toEqual([milk.id]);
    resolveRead(milk);
    await expect(pending).resolves.toBe(true);
    expect($cartAdding.get().length > 0).toBe(false);
    expect(reader).toHaveBeenCalledTimes(1);
    const [item] = $cartItems.get();
    expect(item).toMatchObject({
      product_id: milk.id,
      quantity: 1,
      product: { id: milk.id, name: milk.name, price_paise: 2800, image_url: milk.image_url, quantity_unit: '500 ml' },
    });
    expect(item?.id).toMatch(/\S/);
    expect(lastToast()).toMatchObject({ title: 'Added to Cart', variant: 'default' });
    expect(lastToast()?.description).toContain(milk.name);
  });

  test('stores the live price the read returns, and only the cart fields', async () => {
    setProductReader(async (p) => ({ ...p, price_paise: 3050, is_available: true, description: 'x' }) as CartProductInput);
    await addToCart(milk, 2);
    expect($cartItems.get()[0]?.product).toEqual({
      id: milk.id,
      name: milk.name,
      price_paise: 3050,
      image_url: milk.image_url,
      quantity_unit: '500 ml',
    });
    expect($cartTotals.get().subtotalPaise).toBe(6100);
  });

  test('raises an existing line by the quantity added, without reading it again', async () => {
    const reader = vi.fn(async (p: CartProductInput) => p);
    setProductReader(reader);
    $cartItems.set([line(milk, 2)]);
    await expect(addToCart(milk, 3)).resolves.toBe(true);
    expect(quantityInCart($cartItems.get(), milk.id)).toBe(5);
    expect($cartItems.get()).toHaveLength(1);
    expect(reader).not.toHaveBeenCalled();
    await addToCart(milk);
    expect(quantityInCart($cartItems.get(), milk.id)).toBe(6);
  });

  test(`never goes above ${MAX_LINE_QUANTITY} of one product`, async () => {
    $cartItems.set([line(milk, 97)]);
    await addToCart(milk, 5);
    expect(quantityInCart($cartItems.get(), milk.id)).toBe(MAX_LINE_QUANTITY);
    await expect(addToCart(milk)).resolves.toBe(false);
    expect(quantityInCart($cartItems.get(), milk.id)).toBe(MAX_LINE_QUANTITY);
    expect(lastToast()?.title).toBe('Limit reached');
  });

  test('does not add a product that has become unavailable, and says so', async () => {
    setProductReader(async (p) => ({ ...p, is_available: false }));
    await expect(addToCart(milk)).resolves.toBe(false);
    expect($cartItems.get()).toEqual([]);
    expect(lastToast()).toMatchObject({ title: 'Not available', variant: 'destructive' });
    expect(lastToast()?.description).toContain(milk.name);
  });

  test('does not add a product whose row is gone', async () => {
    setProductReader(async () => null);
    await expect(addToCart(bread)).resolves.toBe(false);
    expect($cartItems.get()).toEqual([]);
  });

  test('a product the page marks unavailable is not added (no live source)', async () => {
    await expect(addToCart({ ...milk, is_available: false })).resolves.toBe(false);
    expect($cartItems.get()).toEqual([]);
  });

  test('reports a failed read: destructive "Error" / "Failed to add item to cart", logged, cart unchanged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    setProductReader(async () => {
      throw new Error('network down');
    });
    $cartItems.set([line(bread, 1)]);
    await expect(addToCart(milk)).resolves.toBe(false);
    expect($cartItems.get()).toEqual([line(bread, 1)]);
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Failed to add item to cart', variant: 'destructive' });
    expect(logged).toHaveBeenCalled();
    expect($cartAdding.get().length > 0).toBe(false);
  });

  test('rejects nonsense quantities', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const q of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) await expect(addToCart(milk, q)).resolves.toBe(false);
    expect($cartItems.get()).toEqual([]);
  });

  test('a second click while the first add is reading does not add twice', async () => {
    setProductReader(async (p) => p);
    const [a, b] = await Promise.all([addToCart(milk), addToCart(milk)]);
    expect([a, b]).toEqual([true, false]);
    expect(quantityInCart($cartItems.get(), milk.id)).toBe(1);
  });

  test('merges with a line another tab added while the read was running', async () => {
    setProductReader(async (p) => {
      setTestStorageKey('cart-items', JSON.stringify([storedLine(milk, 2)]));
      return p;
    });
    await addToCart(milk);
    expect($cartItems.get()).toHaveLength(1);
    expect(quantityInCart($cartItems.get(), milk.id)).toBe(3);
  });
});

describe('addEntriesToCart', () => {
  test('adds what is available in one write and names what was left out', async () => {
    setProductReader(async (p) => (p.id === bread.id ? { ...p, is_available: false } : p));
    $cartItems.set([line(milk, 1)]);
    const result = await addEntriesToCart([
      { product: milk, quantity: 2 },
      { product: bread, quantity: 1 },
    ]);
    expect(result).toEqual({ added: [milk.name], skipped: [bread.name] });
    expect($cartItems.get().map((i) => [i.product_id, i.quantity])).toEqual([[milk.id, 3]]);
  });
});

describe('updateQuantity, removeFromCart, clearCart', () => {
  test('replaces the quantity; 0 or less (or nonsense) removes the line', () => {
    $cartItems.set([line(milk, 2), line(bread, 1)]);
    updateQuantity(milk.id, 5);
    expect(quantityInCart($cartItems.get(), milk.id)).toBe(5);
    updateQuantity(milk.id, 2.9);
    expect(quantityInCart($cartItems.get(), milk.id)).toBe(2);
    updateQuantity(milk.id, 1000);
    expect(quantityInCart($cartItems.get(), milk.id)).toBe(MAX_LINE_QUANTITY);
    updateQuantity(milk.id, 0);
    expect(quantityInCart($cartItems.get(), milk.id)).toBe(0);
    updateQuantity(bread.id, -1);
    expect($cartItems.get()).toEqual([]);
    $cartItems.set([line(bread, 1)]);
    updateQuantity(bread.id, Number.NaN);
    expect($cartItems.get()).toEqual([]);
  });

  test('the minus button at 1 (quantity - 1 = 0) removes the line', () => {
    $cartItems.set([line(milk, 1)]);
    updateQuantity(milk.id, quantityInCart($cartItems.get(), milk.id) - 1);
    expect($cartItems.get()).toEqual([]);
  });

  test('updating a product not in the cart changes nothing', () => {
    $cartItems.set([line(milk, 1)]);
    updateQuantity('nope', 3);
    expect($cartItems.get()).toEqual([line(milk, 1)]);
  });

  test('remove drops one line; clear empties the cart', () => {
    $cartItems.set([line(milk, 2), line(bread, 1)]);
    removeFromCart(milk.id);
    expect($cartItems.get()).toEqual([line(bread, 1)]);
    clearCart();
    expect($cartItems.get()).toEqual([]);
    expect(getTestStorage()['cart-items']).toBe('[]');
  });
});

describe('derived stores', () => {
  test('count, subtotal, delivery fee and total follow the lines', () => {
    $cartItems.set([line(milk, 3), line(bread, 1)]);
    expect($cartCount.get()).toBe(4);
    expect($cartTotals.get()).toEqual({
      subtotalPaise: 13900,
      deliveryFeePaise: 2500,
      totalPaise: 16400,
    });
    updateQuantity(bread.id, 3);
    expect($cartTotals.get()).toEqual({ subtotalPaise: 24900, deliveryFeePaise: 2500, totalPaise: 27400 });
  });
});

describe('controlProduct', () => {
  test('returns the product a cart control carries, or null for anything unusable', () => {
    expect(controlProduct({ id: 'onion-1-kg', name: 'Onion', pricePaise: '3900' })).toMatchObject({ id: 'onion-1-kg', price_paise: 3900 });
    expect(controlProduct({})).toBeNull();
    expect(controlProduct({ id: 'onion-1-kg', name: 'Onion', pricePaise: 'not a price' })).toBeNull();
    expect(controlProduct({ id: 'onion-1-kg', pricePaise: '3900' })).toBeNull();
    expect(controlProduct({ id: '7' })).toBeNull();
    expect(controlProduct({ id: 'onion-1-kg', name: 'Onion', pricePaise: '3900', available: 'false' })?.is_available).toBe(false);
  });

  test('carries the top-level category for the coupon rules; a bad one is dropped, not fatal', () => {
    expect(controlProduct({ id: 'onion-1-kg', name: 'Onion', pricePaise: '3900', category: 'vegetables' })?.category_id).toBe('vegetables');
    expect(controlProduct({ id: 'onion-1-kg', name: 'Onion', pricePaise: '3900', category: '../x' })).not.toHaveProperty('category_id');
  });
});

describe('the category of a cart line', () => {
  test('is kept in storage, and a line saved before categories still reads, without one', () => {
    const withCategory = {
      id: 'l1',
      product_id: 'apple',
      quantity: 2,
      product: { id: 'apple', name: 'Apple', price: 139, category_id: 'fruits' },
    };
    const old = { id: 'l2', product_id: 'milk', quantity: 1, product: { id: 'milk', name: 'Milk', price: 28 } };
    const [apple, milk] = decodeCart(JSON.stringify([withCategory, old]));
    expect(apple?.product.category_id).toBe('fruits');
    expect(milk?.product).toEqual({ id: 'milk', name: 'Milk', price_paise: 2800, image_url: null, quantity_unit: null });
  });
});
