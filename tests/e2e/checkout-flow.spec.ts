import { expect, test } from '@playwright/test';
import { expectCartCount, seedCart, storedCart, storedLine, toasts } from './support/cart.ts';

const lines = [
  storedLine('onion-1-kg', 'Onion', 39, 2, '1 kg'),
  storedLine('amul-taaza-toned-milk-500-ml', 'Amul Taaza Toned Milk', 28, 1, '500 ml'),
];

test('an empty cart cannot check out: it goes to the cart', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart\/?$/);
  await expect(page.getByRole('heading', { name: 'Your cart is empty', exact: true })).toBeVisible();
});

test('place an order: disabled until the address, Processing... for 2 s, Order Placed! on /orders, cart empty', async ({ page }) => {
  await seedCart(page, lines);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout', exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Cash on Delivery', exact: true })).toBeChecked();
  await expect(page.getByTestId('subtotal')).toHaveText('₹106.00');
  await expect(page.getByTestId('delivery-fee')).toHaveText('₹25.00');
  await expect(page.getByTestId('total')).toHaveText('₹131.00');

  const place = page.getByRole('button', { name: 'Place Order', exact: true });
  await expect(place).toBeDisabled();
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Gurgaon');
  await expect(place).toBeDisabled();
  const line1 = page.getByRole('textbox', { name: 'Address Line 1', exact: true });
  await line1.fill('   ');
  await expect(place).toBeDisabled();
  await line1.fill('House 42, Sector 14');
  await page.getByRole('textbox', { name: 'Postal Code', exact: true }).fill('122001');
  await expect(place).toBeEnabled();

  const started = Date.now();
  await place.click();
  const processing = page.getByRole('button', { name: 'Processing...', exact: true });
  await expect(processing).toBeDisabled();
  await page.waitForURL(/\/orders\/?$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

  await expect(toasts(page).getByText('Order Placed!', { exact: true })).toBeVisible();
  await expectCartCount(page, 0);
  expect(await storedCart(page)).toEqual([]);
  const first = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .first();
  // The list may paint before the new order is in it: wait for the new order's id, not any id.
  const heading = first.getByRole('heading', { level: 2 });
  await expect.poll(async () => Number(((await heading.textContent()) ?? '').slice(4))).toBeGreaterThanOrEqual(started);
  const id = (await heading.textContent()) ?? '';
  expect(id).toMatch(/^ORD-\d{13}$/);
  await expect(first).toContainText('Processing');
  await expect(first).toContainText('3 items');
  await expect(first).toContainText('₹131.00');

  await first.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/orders/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${id}` })).toBeVisible();
  await expect(page.getByText('Processing', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery Address', exact: true })).toContainText('House 42, Sector 14, Gurgaon, 122001');
  const steps = page.getByRole('region', { name: 'Order Status', exact: true }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(0)).toContainText('Order Placed, done');
  await expect(steps.nth(1)).toContainText('Confirmed, pending');
  await expect(page.getByTestId('total').last()).toHaveText('₹131.00');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${id}` })).toBeVisible();
});

test('a double click places one order', async ({ page }) => {
  await seedCart(page, lines);
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('Flat 1');
  await page.getByRole('button', { name: 'Place Order', exact: true }).dblclick();
  await page.waitForURL(/\/orders\/?$/);
  const orders = await page.evaluate(() => JSON.parse(localStorage.getItem('thela-orders') ?? '[]') as unknown[]);
  expect(orders).toHaveLength(1);
});

test('when the order cannot be saved: "Error" / "Failed to place order. Please try again." and the cart is kept', async ({ page }) => {
  await seedCart(page, lines);
  // Storage that refuses the order, as a full or blocked localStorage does.
  await page.addInitScript(() => {
    const real = window.localStorage;
    const full = new Proxy(real, {
      set(target, key, value) {
        if (key === 'thela-orders') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return Reflect.set(target, key, value);
      },
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    Object.defineProperty(window, 'localStorage', { get: () => full, configurable: true });
  });
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('Flat 1');
  await page.getByRole('button', { name: 'Place Order', exact: true }).click();
  const alert = toasts(page).getByRole('alert');
  await expect(alert.getByText('Error', { exact: true })).toBeVisible({ timeout: 5000 });
  await expect(alert.getByText('Failed to place order. Please try again.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/?$/);
  await expect(page.getByRole('button', { name: 'Place Order', exact: true })).toBeEnabled();
  expect(await storedCart(page)).toHaveLength(2);
  await expectCartCount(page, 3);
  expect(errors.some((e) => e.includes('Failed to place order'))).toBe(true);
});
