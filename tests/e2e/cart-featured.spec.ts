import { expect, test } from '@playwright/test';
import { expectCartCount, toasts } from './support/cart.ts';

const featured = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Featured Products', exact: true });

test('the live featured list shows up to 8 products whose ADD buttons work', async ({ page }) => {
  await page.goto('/');
  const section = featured(page);
  await expect(section.getByRole('link', { name: 'View All', exact: true })).toHaveAttribute('href', '/search');
  await section.scrollIntoViewIfNeeded();
  const cards = section.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(8);
  const name = (await cards.first().getByRole('heading').textContent()) ?? '';
  await section.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(toasts(page).getByText('Added to Cart', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: `Increase quantity of ${name}` })).toBeVisible();
  await expectCartCount(page, 1);
});

test('shows the loading skeleton while the list is read', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/data/featured.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const section = featured(page);
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText('Loading products…', { exact: true })).toBeAttached();
  await expect(section.locator('[data-skeleton]')).toHaveCount(8);
  release();
  await expect(section.getByRole('article').first()).toBeVisible();
  await expect(section.locator('[data-skeleton]')).toHaveCount(0);
});

test('when the read fails: "Unable to load products. Please try again." and the error logged', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  let fail = true;
  await page.route('**/data/featured.json', (route) => (fail ? route.abort('failed') : route.continue()));
  await page.goto('/');
  const section = featured(page);
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('alert')).toHaveText('Unable to load products. Please try again.');
  await expect(section.getByRole('article')).toHaveCount(0);
  expect(errors.some((e) => e.includes('Unable to load featured products'))).toBe(true);

  fail = false;
  await section.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(section.getByRole('article').first()).toBeVisible();
  await expect(section.getByRole('alert')).toHaveCount(0);
});

test('a server error counts as a failure too', async ({ page }) => {
  await page.route('**/data/featured.json', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await page.goto('/');
  await featured(page).scrollIntoViewIfNeeded();
  await expect(featured(page).getByText('Unable to load products. Please try again.', { exact: true })).toBeVisible();
});

test('without JavaScript the section says where products are listed, with no endless skeleton', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const section = featured(page);
  // Playwright's text matching skips <noscript>, so the paragraph is found by its place.
  const note = section.locator('noscript p');
  await expect(note).toBeVisible();
  await expect(note).toContainText('Featured products are live and need JavaScript.');
  // The statically listed products it points to are there.
  await expect(page.getByRole('region', { name: 'Popular Right Now', exact: true }).getByRole('article').first()).toBeVisible();
  await expect(section.locator('[data-skeleton]').first()).toBeHidden();
  await context.close();
});
