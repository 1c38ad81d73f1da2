import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectCartCount, islandsHydrated, seedCart, storedCart, storedLine, toasts } from './support/cart.ts';

test('the orders list shows the sample orders with their statuses', async ({ page }) => {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
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
  await expect(page.getByRole('heading', { level: 1, name: 'Order ORD-002' })).toBeVisible();
  await expect(page.getByText('On the way', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery Address' })).toContainText('Sector 14, Gurgaon');
  const steps = page.getByRole('region', { name: 'Order Status' }).getByRole('listitem');
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
  await page.getByRole('button', { name: 'Reorder Items' }).click();
  await expect(page).toHaveURL(/\/cart\/?$/);
  await expect(toasts(page).getByText('Added to Cart')).toBeVisible();
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
  await page.getByRole('button', { name: 'Reorder Items' }).click();
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
  const invoice = page.getByRole('region', { name: 'Invoice' });
  await expect(invoice).toBeHidden();
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Download Invoice' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(invoice).toBeVisible();
  await expect(invoice).toContainText('Order ORD-001');
  await expect(invoice.getByRole('row')).toHaveCount(1 + 4 + 3);
  await expect(invoice).toContainText('₹233.00');
  await expect(page.getByRole('button', { name: 'Reorder Items' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
});

test('an unknown order id says so', async ({ page }) => {
  await page.goto('/orders/view?id=ORD-999');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(page.getByText('There is no order "ORD-999" in this browser.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View all orders' })).toHaveAttribute('href', '/orders');
  await page.goto('/orders/view');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
});

test('a typed address of an order placed in this browser opens its client-side view', async ({ page }) => {
  await page.goto('/orders/ORD-1763772000000');
  await expect(page).toHaveURL(/\/orders\/view\/?\?id=ORD-1763772000000$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
});

for (const theme of ['dark', 'light'] as const) {
  test(`cart, checkout and orders pages have no serious accessibility violations (${theme})`, async ({ page }) => {
    await seedCart(page, [storedLine('onion-1-kg', 'Onion', 39, 2, '1 kg')]);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const path of ['/cart', '/checkout', '/orders', '/orders/ORD-001', '/orders/view?id=ORD-003']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });
}
