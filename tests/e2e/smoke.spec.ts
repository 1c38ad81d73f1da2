import { expect, test } from '@playwright/test';

// The foundation's promise: the built site serves a home page and pre-rendered product pages from the catalogue.
test('the built home page loads with the brand and no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Thela/);
  await expect(page.getByRole('link', { name: /Thela home/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a sample product page is pre-rendered with its rupee price', async ({ page }) => {
  const response = await page.goto('/product/amul-taaza-toned-milk-500-ml/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Amul Taaza Toned Milk');
  await expect(page.getByText(/₹\d+\.\d{2}/).first()).toBeVisible();
});
