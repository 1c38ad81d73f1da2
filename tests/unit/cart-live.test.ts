import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Product } from '../../src/lib/catalogue/rows.ts';

// A site built with Supabase: every add reads the product live (price and availability) through browser.ts.
const live = vi.hoisted(() => ({ rows: new Map<string, unknown>(), fail: false, reads: 0 }));
vi.mock('../../src/lib/catalogue/browser.ts', () => ({
  liveCatalogueConfigured: true,
  readLiveProduct: async (id: string) => {
    live.reads++;
    if (live.fail) throw new Error('Supabase read of product by id failed: HTTP 503');
    return live.rows.get(id) ?? null;
  },
}));

const { $cartItems, addToCart } = await import('../../src/stores/cart.ts');
const { $toasts, clearToasts } = await import('../../src/stores/toasts.ts');

const row = (over: Partial<Product> = {}): Product => ({
  id: 'onion-1-kg',
  name: 'Onion',
  price_paise: 4150,
  original_price_paise: 4900,
  image_url: '/images/catalogue/onion.svg',
  quantity_unit: '1 kg',
  description: 'x',
  category_id: 'fresh-vegetables',
  is_available: true,
  brand: null,
  ...over,
});
const pageCopy = { id: 'onion-1-kg', name: 'Onion', price_paise: 3900, image_url: '/images/catalogue/onion.svg', quantity_unit: '1 kg' };

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  cleanTestStorage();
  $cartItems.set([]);
  clearToasts();
  live.rows.clear();
  live.fail = false;
  live.reads = 0;
  vi.restoreAllMocks();
});

describe('addToCart with Supabase configured', () => {
  test('adds the product at its live price, not the price in the page', async () => {
    live.rows.set('onion-1-kg', row());
    await expect(addToCart(pageCopy, 2)).resolves.toBe(true);
    expect(live.reads).toBe(1);
    expect($cartItems.get()[0]).toMatchObject({ quantity: 2, product: { price_paise: 4150, name: 'Onion' } });
  });

  test('does not add a product the live table marks unavailable or no longer has', async () => {
    live.rows.set('onion-1-kg', row({ is_available: false }));
    await expect(addToCart(pageCopy)).resolves.toBe(false);
    expect($toasts.get().at(-1)).toMatchObject({ title: 'Not available', variant: 'destructive' });
    live.rows.clear();
    await expect(addToCart(pageCopy)).resolves.toBe(false);
    expect($cartItems.get()).toEqual([]);
  });

  test('a failed live read is the spec\'s "Error" / "Failed to add item to cart", logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    live.fail = true;
    await expect(addToCart(pageCopy)).resolves.toBe(false);
    expect($toasts.get().at(-1)).toMatchObject({ title: 'Error', description: 'Failed to add item to cart', variant: 'destructive' });
    expect(logged).toHaveBeenCalledWith('Failed to add item to cart', expect.any(Error));
  });
});
