import { expect, test } from '@playwright/test';
import { collectErrors, scriptsReady } from './support/pages.ts';

test.describe('home page', () => {
  test('renders every section of the spec with its exact strings and links', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page).toHaveTitle('Thela');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    for (const title of ['Lightning-Fast Delivery', 'Thela Credit', 'Daily Deals', 'Simple, Flat Pricing']) {
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('15-30 min doorstep delivery', { exact: true })).toBeVisible();

    // Offers strip: the spec's three offers and the two other coupons, each with its code and "Claim Now".
    await expect(page.getByText('Special Offer', { exact: true })).toHaveCount(5);
    await expect(page.getByRole('button', { name: /^Claim Now/ })).toHaveCount(5);
    await expect(page.getByText('Flat 50% off', { exact: true })).toBeAttached();
    await expect(page.getByText('Cashback ₹100', { exact: true })).toBeAttached();
    await expect(page.getByText('SAVE100', { exact: true })).toBeAttached();
    await expect(page.getByText('On orders above ₹300', { exact: true })).toBeAttached();

    // Shop by Category: the ten categories linking to their pages.
    const row = page.getByRole('region', { name: 'Shop by Category', exact: true });
    const ids = ['fruits', 'vegetables', 'dairy', 'snacks', 'personal-care', 'baby', 'cleaning', 'beverages', 'bakery', 'meat'];
    const hrefs = await row
      .getByRole('listitem')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(ids.map((id) => `/category/${id}`));

    const popular = page.getByRole('region', { name: 'Popular Right Now', exact: true });
    await expect(popular.getByRole('article')).toHaveCount(4);
    await expect(popular.getByText(/^\d+% OFF$/)).toHaveCount(4);
    await expect(popular.getByRole('button', { name: /^Add .+ to cart$/ })).toHaveCount(4);
    await expect(popular.getByRole('link', { name: 'See all', exact: true })).toHaveAttribute('href', '/search');

    const best = page.getByRole('region', { name: 'Best Sellers', exact: true });
    await expect(best.getByRole('article')).toHaveCount(4);
    await expect(best.getByText(/^\d+% OFF$/)).toHaveCount(4);
    await expect(best.getByRole('link', { name: 'View all', exact: true })).toHaveAttribute('href', '/search');

    await expect(page.getByRole('heading', { name: 'Daily Milk Subscription', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Subscription', exact: true })).toBeVisible();
    const featured = page.getByRole('region', { name: 'Featured Products', exact: true });
    await expect(featured.getByRole('link', { name: 'View All', exact: true })).toHaveAttribute('href', '/search');

    // The slides link where the spec says, and those pages exist.
    const carousel = page.getByRole('region', { name: 'Highlights', exact: true });
    await expect(carousel.getByRole('link', { name: 'Order Now', exact: true })).toHaveAttribute('href', '/offers/quick-delivery');
    await expect(carousel.getByRole('link', { name: 'Explore Stores', exact: true })).toHaveAttribute('href', '/category/fruits');
    await expect(carousel.getByRole('link', { name: 'See How It Works', exact: true })).toHaveAttribute('href', '/offers/specials');
    expect(errors.filter((e) => !/featured/i.test(e))).toEqual([]);
  });

  test('carousel: dots jump, the selected dot is marked, it advances every 5 s and loops', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    // The carousel runs once the page scripts have (after the first paint): the clock must not run ahead of it.
    await scriptsReady(page);
    const carousel = page.getByRole('region', { name: 'Highlights', exact: true });
    const dots = carousel.getByRole('button', { name: /^Go to slide/ });
    await expect(dots).toHaveCount(3);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

    await dots.nth(2).click();
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
    await expect(dots.nth(0)).not.toHaveAttribute('aria-current', /.*/);
    // The track shows the third slide.
    await expect.poll(() => carousel.locator('[data-track]').evaluate((t) => Math.round(t.scrollLeft / t.clientWidth))).toBe(2);

    await page.mouse.move(0, 0);
    await page.clock.runFor(5000);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true'); // looped from the last slide to the first
    await page.clock.runFor(5000);
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  });

  test('carousel pauses on hover, with the Pause button and under reduced motion', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    // The carousel runs once the page scripts have (after the first paint): the clock must not run ahead of it.
    await scriptsReady(page);
    const carousel = page.getByRole('region', { name: 'Highlights', exact: true });
    const first = carousel.getByRole('button', { name: /^Go to slide 1/ });

    await carousel.locator('[data-track]').hover();
    await page.clock.runFor(12_000);
    await expect(first).toHaveAttribute('aria-current', 'true');

    await page.mouse.move(0, 0);
    await carousel.getByRole('button', { name: 'Pause slides', exact: true }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(12_000);
    await expect(first).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Play slides', exact: true }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(5000);
    await expect(carousel.getByRole('button', { name: /^Go to slide 2/ })).toHaveAttribute('aria-current', 'true');
  });

  test('carousel holds still for prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await page.clock.runFor(16_000);
    await expect(page.getByRole('button', { name: /^Go to slide 1/ })).toHaveAttribute('aria-current', 'true');
  });

  test('category arrows scroll the row by 200 px', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // instant scrolling: exact positions
    await page.goto('/');
    const region = page.getByRole('region', { name: 'Shop by Category', exact: true });
    const row = page.locator('#category-row');
    await region.scrollIntoViewIfNeeded();
    expect(await row.evaluate((el) => el.scrollLeft)).toBe(0);
    await region.getByRole('button', { name: 'Scroll categories right', exact: true }).click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(200);
    await region.getByRole('button', { name: 'Scroll categories right', exact: true }).click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(400);
    await region.getByRole('button', { name: 'Scroll categories left', exact: true }).click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(200);
  });

  test('Start Subscription says what happens instead of doing nothing', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Subscription', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Subscriptions are coming soon' })).toBeVisible();
  });
});
