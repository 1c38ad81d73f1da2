import { expect, test } from '@playwright/test';
import { expectCartCount, seedCart, storedLine } from './support/cart.ts';

test('"Buy again" is hidden until the shopper has ordered, then lists what they bought with ADD steppers in step with the cart', async ({
  page,
}) => {
  // A browser that never ordered does not even load the island (client:stored, src/browser/client-stored.ts).
  const islandRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/BuyAgain\.[^/]+\.js$/.test(request.url())) islandRequests.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Products', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Buy again', exact: true })).toHaveCount(0);
  expect(islandRequests).toEqual([]);

  await seedCart(page, [
    storedLine('onion-1-kg', 'Onion', 39, 2, '1 kg'),
    storedLine('amul-taaza-toned-milk-500-ml', 'Amul Taaza Toned Milk', 28, 1, '500 ml'),
  ]);
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('House 42, Sector 14');
  await page.getByRole('button', { name: 'Place Order', exact: true }).click();
  await page.waitForURL(/\/orders\/?$/);
  await expectCartCount(page, 0);

  await page.goto('/');
  const row = page.getByRole('region', { name: 'Buy again', exact: true });
  await expect(row).toBeVisible();
  expect(islandRequests.length).toBe(1);
  await expect(row.getByRole('article')).toHaveCount(2);
  await expect(row.getByRole('heading', { name: 'Onion', exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Add Onion to cart', exact: true }).click();
  await expect(row.getByRole('group', { name: 'Quantity of Onion in cart', exact: true })).toContainText('1');
  await expectCartCount(page, 1);
  // The same product elsewhere on the page follows the cart.
  await row.getByRole('button', { name: 'Increase quantity of Onion', exact: true }).click();
  await expectCartCount(page, 2);
});
