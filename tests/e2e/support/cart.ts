/** Helpers of the cart, checkout, orders and profile specs. */
import { expect, type Page } from '@playwright/test';

/** A cart line as stored under "cart-items". */
export interface StoredLine {
  id: string;
  product_id: string;
  quantity: number;
  product: { id: string; name: string; price: number; image_url: string | null; quantity_unit: string | null };
}

/** A stored cart line for a product of the sample catalogue (or a made-up one). */
export function storedLine(id: string, name: string, price: number, quantity: number, unit: string | null = '1 pc'): StoredLine {
  return { id: `line-${id}`, product_id: id, quantity, product: { id, name, price, image_url: null, quantity_unit: unit } };
}

/**
 * An order as the simulated checkout stores it under "thela-orders" (src/lib/orders.ts encodeOrders: a line's price in
 * rupees; the totals are read back from the lines), placed at `placedAt` from `lines`.
 */
export function storedOrder(lines: readonly StoredLine[], address: string, placedAt: number) {
  const date = new Date(placedAt).toISOString();
  return {
    id: `ORD-${placedAt}`,
    status: 'processing',
    date,
    deliveryTime: 'Arriving in 10 mins',
    address,
    items: lines.map((line) => ({ ...line.product, unit: line.product.quantity_unit, quantity: line.quantity })),
    timeline: [{ status: 'Order Placed', time: date, completed: true }],
  };
}

/** Writes raw text to localStorage keys on the site's origin (from a page that ships no scripts), then returns. */
export async function seedStorage(page: Page, values: Record<string, string>): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((v) => {
    for (const [key, value] of Object.entries(v)) localStorage.setItem(key, value);
  }, values);
}

/** Stores a cart before the test opens its first page. */
export function seedCart(page: Page, lines: readonly StoredLine[]): Promise<void> {
  return seedStorage(page, { 'cart-items': JSON.stringify(lines) });
}

/** The stored cart as the page sees it. */
export async function storedCart(page: Page): Promise<StoredLine[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart-items') ?? '[]') as StoredLine[]);
}

/** The header's cart link, whose name carries the count ("Cart, 3 items"). */
export function cartBadge(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ });
}

/** Waits for the header badge to say `count` items. */
export async function expectCartCount(page: Page, count: number): Promise<void> {
  await expect(cartBadge(page)).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? 'item' : 'items'}`);
}

/** The notices region. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: 'Notifications', exact: true });
}

/**
 * Waits until every React island of the page that will hydrate has (Astro drops the `ssr` attribute then). A
 * `client:stored` island hydrates only once its localStorage key is stored (src/browser/client-stored.ts), so one
 * whose key is absent stays as rendered.
 */
export async function islandsHydrated(page: Page): Promise<void> {
  const waiting = () =>
    page.evaluate(
      () =>
        [...document.querySelectorAll('astro-island[ssr]')].filter((island) => {
          if (island.getAttribute('client') !== 'stored') return true;
          const key = (JSON.parse(island.getAttribute('opts') ?? '{}') as { value?: string }).value ?? '';
          try {
            return localStorage.getItem(key) !== null;
          } catch {
            return false;
          }
        }).length,
    );
  await expect.poll(waiting).toBe(0);
}
