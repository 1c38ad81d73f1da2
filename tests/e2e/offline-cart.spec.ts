import { expect, test } from '@playwright/test';
import { products } from './support/pages.ts';
import { offlineStatus, waitForServiceWorker } from './support/pwa.ts';

test.use({ serviceWorkers: 'allow' });

const product = products.discounted;
const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

test('with no network: add to the cart, check out, and see the order on /orders', async ({ page, context }) => {
  await page.goto(`/product/${product.id}`);
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

  await context.setOffline(true);
  await page.reload();
  await expect(offlineStatus(page)).toHaveText("You're offline. Showing saved pages.");
  await page.getByRole('button', { name: 'Increase quantity', exact: true }).click();
  await page.getByRole('button', { name: /^Add 2 to Cart/ }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items', exact: true }).first()).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'My Cart', exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: product.name })).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to Checkout', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('House 42, Sector 14');
  await page.getByRole('button', { name: 'Place Order', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Processing...', exact: true })).toBeDisabled();
  await page.waitForURL(/\/orders\/?$/);
  await expect(page.getByText('Order Placed!', { exact: true })).toBeVisible();

  const total = inr(product.price * 2 + 25);
  const order = page
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { name: /^ORD-\d{13}$/ }) })
    .first();
  await expect(order).toContainText(total);
  await expect(page.getByRole('link', { name: 'Cart, 0 items', exact: true }).first()).toBeVisible();
  // The order's detail page too, at its own URL (one precached page answers every /orders/{id}), and a sample
  // order never opened before.
  await order.click();
  await expect(page).toHaveURL(/\/orders\/ORD-\d{13}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-\d{13}$/ })).toBeVisible();
  await expect(offlineStatus(page)).toHaveText("You're offline. Showing saved pages.");
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-\d{13}$/ })).toBeVisible();
  await page.goto('/orders/ORD-003');
  await expect(page.getByRole('heading', { level: 1, name: 'Order ORD-003', exact: true })).toBeVisible();
});
