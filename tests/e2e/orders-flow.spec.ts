import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { expectCartCount, islandsHydrated, seedCart, seedStorage, storedCart, storedLine, storedOrder, toasts } from './support/cart.ts';
import { startSwitchableServer, type SwitchableServer } from './support/static-server.ts';

const DIST = path.resolve(import.meta.dirname, '../..', process.env['OUT_DIR'] || 'dist');
const address = 'House 7, Gurgaon, 122001';

test('the orders list shows the sample orders with their statuses', async ({ page }) => {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders', exact: true })).toBeVisible();
  const card = (id: string) => page.getByRole('link').filter({ has: page.getByRole('heading', { name: id }) });
  await expect(card('ORD-001')).toContainText('Delivered');
  await expect(card('ORD-001')).toContainText('5 items');
  await expect(card('ORD-001')).toContainText('₹233.00');
  await expect(card('ORD-001')).toContainText('Delivered in 9 mins');
  await expect(card('ORD-002')).toContainText('On the way');
  await expect(card('ORD-003')).toContainText('Processing');
  await expect(card('ORD-004')).toContainText('Unknown');
  // Colours by hue (Tailwind's oklch): green, blue, orange, and grey (no chroma) for Unknown.
  const hue = async (id: string, label: string) => {
    const color = await card(id)
      .getByText(label, { exact: true })
      .evaluate((el) => getComputedStyle(el).color);
    const [, chroma = '0', h = '0'] = /oklch\(\S+ (\S+) (\S+)\)/.exec(color) ?? [];
    return Number(chroma) < 0.02 ? 'gray' : Number(h) < 100 ? 'orange' : Number(h) < 200 ? 'green' : 'blue';
  };
  expect(await hue('ORD-001', 'Delivered')).toBe('green');
  expect(await hue('ORD-002', 'On the way')).toBe('blue');
  expect(await hue('ORD-003', 'Processing')).toBe('orange');
  expect(await hue('ORD-004', 'Unknown')).toBe('gray');
  await card('ORD-002').click();
  await expect(page).toHaveURL(/\/orders\/ORD-002\/?$/);
});

test('order detail: status, address, timeline, items and totals', async ({ page }) => {
  await page.goto('/orders/ORD-002');
  await expect(page.getByRole('heading', { level: 1, name: 'Order ORD-002', exact: true })).toBeVisible();
  await expect(page.getByText('On the way', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery Address', exact: true })).toContainText('Sector 14, Gurgaon');
  const steps = page.getByRole('region', { name: 'Order Status', exact: true }).getByRole('listitem');
  await expect(steps).toHaveText([/Order Placed, done/, /Confirmed, done/, /Packed, done/, /Out for Delivery, done/, /Delivered, pending/]);
  const items = page.getByRole('region', { name: /^Items/ });
  await expect(items.getByRole('listitem')).toHaveCount(3);
  await expect(items).toContainText('Maggi 2-Minute Noodles Masala');
  await expect(items.getByTestId('subtotal')).toHaveText('₹143.00');
  await expect(items.getByTestId('delivery-fee')).toHaveText('₹25.00');
  await expect(items.getByTestId('total')).toHaveText('₹168.00');
});

test('Reorder Items refills the cart', async ({ page }) => {
  await seedCart(page, [storedLine('onion-1-kg', 'Onion', 39, 1, '1 kg')]);
  await page.goto('/orders/ORD-002');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Reorder Items', exact: true }).click();
  await expect(page).toHaveURL(/\/cart\/?$/);
  await expect(toasts(page).getByText('Added to Cart', { exact: true })).toBeVisible();
  await expect(page.getByText('8 items', { exact: true })).toBeVisible();
  expect((await storedCart(page)).map((l) => [l.product_id, l.quantity])).toEqual([
    ['onion-1-kg', 2],
    ['tomato-hybrid-500-g', 2],
    ['maggi-2-minute-noodles-masala-70-g', 4],
  ]);
  await expectCartCount(page, 8);
});

test('Reorder Items leaves out a product that is out of stock, and says so', async ({ page }) => {
  await page.goto('/orders/ORD-004');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Reorder Items', exact: true }).click();
  await expect(page).toHaveURL(/\/cart\/?$/);
  await expect(toasts(page)).toContainText('Not available now: India Gate Feast Rozzana Basmati Rice');
  expect((await storedCart(page)).map((l) => l.product_id)).toEqual(['lays-indias-magic-masala-potato-chips-50-g']);
});

test('Download Invoice prints an invoice of the order', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.goto('/orders/ORD-001');
  const invoice = page.getByRole('region', { name: 'Invoice', exact: true });
  await expect(invoice).toBeHidden();
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Download Invoice', exact: true }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(invoice).toBeVisible();
  await expect(invoice).toContainText('Order ORD-001');
  await expect(invoice.getByRole('row')).toHaveCount(1 + 4 + 3);
  await expect(invoice).toContainText('₹233.00');
  await expect(page.getByRole('button', { name: 'Reorder Items', exact: true })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
});

test('an unknown order id says so, at its own URL', async ({ page }) => {
  await page.goto('/orders/ORD-999');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/ORD-999$/);
  await expect(page.getByText('There is no order "ORD-999" in this browser.', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View all orders', exact: true })).toHaveAttribute('href', '/orders');
  await page.goto('/orders/view/');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found', exact: true })).toBeVisible();
  await expect(page.getByText('No order was given.', { exact: true })).toBeVisible();
});

test('an id with markup or path characters is shown as text and stays inside its path', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/orders/%22%3E%3Cimg%20src%3Dx%20id%3Dinjected%3E');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found', exact: true })).toBeVisible();
  await expect(page.getByText('There is no order ""><img src=x id=injected>" in this browser.', { exact: true })).toBeVisible();
  await expect(page.locator('#injected')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/orders/%22%3E%3Cimg%20src%3Dx%20id%3Dinjected%3E');
  // Handed over with dot segments (a host without rewrites): the page says so where it is and goes nowhere else.
  await page.goto('/orders/view/?id=..%2F..%2Fcart');
  await expect(page.getByText('There is no order "../../cart" in this browser.', { exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/orders/view/');
  expect(errors).toEqual([]);
});

test('an order placed in this browser opens at /orders/{id} when typed, and again after a reload', async ({ page }) => {
  const order = storedOrder([storedLine('onion-1-kg', 'Onion', 39, 2, '1 kg')], address, 1763772000000);
  await seedStorage(page, { 'thela-orders': JSON.stringify([order]) });
  await page.goto(`/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.id}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(page).toHaveTitle(new RegExp(`^Order ${order.id} `));
  await expect(page.getByRole('region', { name: 'Delivery Address', exact: true })).toContainText('House 7, Gurgaon, 122001');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.id}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  // A link of an earlier release (/orders/view?id=) lands on the same page and shows the one URL.
  await page.goto(`/orders/view?id=${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.id}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
});

test.describe('on a host without rewrites', () => {
  let server: SwitchableServer;
  test.beforeAll(async () => {
    server = await startSwitchableServer(DIST, { headers: false, redirects: false });
  });
  test.afterAll(async () => server.close());

  test('/orders/{id} is answered by the 404 page, which hands it to the one order page, and the URL stays', async ({ page }) => {
    const order = storedOrder([storedLine('onion-1-kg', 'Onion', 39, 1, '1 kg')], address, 1763772000000);
    await page.goto(`${server.origin}/robots.txt`);
    await page.evaluate((value) => localStorage.setItem('thela-orders', value), JSON.stringify([order]));
    expect((await page.request.get(`${server.origin}/orders/${order.id}`)).status()).toBe(404);

    for (const path of [`/orders/${order.id}`, '/orders/ORD-002/']) {
      const id = path.split('/')[2];
      await page.goto(`${server.origin}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: `Order ${id}` })).toBeVisible();
      await expect(page).toHaveURL(`${server.origin}/orders/${id}`);
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Order ORD-002', exact: true })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${server.origin}/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.id}` })).toBeVisible();
    expect(server.requests.filter((request) => request.startsWith('/orders/'))).toContain('/orders/view/');
  });
});

for (const theme of ['dark', 'light'] as const) {
  test(`cart, checkout and orders pages have no serious accessibility violations (${theme})`, async ({ page }) => {
    // An axe scan of each of six pages: 38-43 s on a loaded 2-core machine, so a minute is not enough.
    test.setTimeout(120_000);
    await seedCart(page, [storedLine('onion-1-kg', 'Onion', 39, 2, '1 kg')]);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const path of ['/cart', '/checkout', '/orders', '/orders/ORD-001', '/orders/ORD-003', '/orders/ORD-999']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // A scan during hydration can meet nodes React is replacing (reported against `:root`): scan the settled page.
      await islandsHydrated(page);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });
}
