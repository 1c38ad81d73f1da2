import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { ListingIndex } from '../../src/lib/listing.ts';

// Paginated listing pages, run on the 10,000-product build (the "scale" project; the sample's largest listing has
// only three pages). Expectations come from the listing's own index, so they hold for any catalogue.
const LISTING = '/category/vegetables';

async function listingIndex(page: Page, path = LISTING): Promise<ListingIndex> {
  const response = await page.request.get(`${path}/listing.json`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ListingIndex;
}

const grid = (page: Page) => page.getByRole('region', { name: 'All Products', exact: true });
const cards = (page: Page) => grid(page).getByRole('article');
/** The visible "Showing a-b of n" line (a live region repeats it for screen readers). */
const showing = (page: Page) => page.locator('[data-listing-showing]');
const rupees = (paise: number) => `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(paise / 100)}`;
const count = (n: number) => new Intl.NumberFormat('en-IN').format(n);

test.describe('listing pages', () => {
  test('the first page is bounded, says where it is and links to the next page', async ({ page }) => {
    const index = await listingIndex(page);
    const total = index.rows.length;
    expect(total).toBeGreaterThan(index.pageSize * 3);
    await page.goto(LISTING);
    await expect(cards(page)).toHaveCount(index.pageSize);
    await expect(showing(page)).toHaveText(`Showing 1-${index.pageSize} of ${count(total)}`);
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', `${LISTING}/2`);
    await expect(page.locator('head link[rel="prev"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${LISTING}/?$`));
    const pager = page.getByRole('navigation', { name: 'Pages', exact: true });
    await expect(pager.getByRole('link', { name: 'Next', exact: true })).toHaveAttribute('rel', 'next');
    await expect(pager.getByRole('link', { name: 'Previous', exact: true })).toHaveCount(0);
    expect(await page.locator('main *').count()).toBeLessThan(1500);
  });

  test('later pages are real pages: canonical, prev and next, in the sitemap', async ({ page }) => {
    const index = await listingIndex(page);
    const total = index.rows.length;
    const response = await page.goto(`${LISTING}/3`);
    expect(response?.status()).toBe(200);
    await expect(showing(page)).toHaveText(`Showing ${2 * index.pageSize + 1}-${3 * index.pageSize} of ${count(total)}`);
    await expect(page.locator('head link[rel="prev"]')).toHaveAttribute('href', `${LISTING}/2`);
    await expect(page.locator('head link[rel="next"]')).toHaveAttribute('href', `${LISTING}/4`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${LISTING}/3/?$`));
    await expect(
      page.getByRole('navigation', { name: 'Pages', exact: true }).getByRole('link', { name: 'Previous', exact: true }),
    ).toHaveAttribute('rel', 'prev');
    const sitemap = await (await page.request.get('/sitemap-0.xml')).text();
    expect(sitemap).toContain(`${LISTING}/3/</loc>`);
  });

  test('without JavaScript the page links work and "Show more" is not offered', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(LISTING);
    await expect(page.getByRole('button', { name: 'Show more', exact: true })).toBeHidden();
    await page.getByRole('navigation', { name: 'Pages', exact: true }).getByRole('link', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${LISTING}/2/?$`));
    await expect(cards(page).first()).toBeVisible();
    await context.close();
  });

  test('"Show more" appends the next page in place, moves focus to it and keeps the URL in step for Back and reload', async ({ page }) => {
    const index = await listingIndex(page);
    await page.goto(LISTING);
    const firstCard = await cards(page).first().getByRole('heading').textContent();
    await page.evaluate(() => ((window as { marker?: string }).marker = 'same document'));
    await page.getByRole('button', { name: 'Show more', exact: true }).click();
    await expect(cards(page)).toHaveCount(2 * index.pageSize);
    await expect(showing(page)).toHaveText(`Showing 1-${2 * index.pageSize} of ${count(index.rows.length)}`);
    expect(await page.evaluate(() => (window as { marker?: string }).marker)).toBe('same document'); // no reload
    await expect(page).toHaveURL(new RegExp(`${LISTING}/2/?$`));
    await expect(cards(page).nth(index.pageSize).getByRole('link').first()).toBeFocused();
    await expect(cards(page).first().getByRole('heading')).toHaveText(firstCard ?? '');

    // Open a product from the appended page, then come back: the shopper lands on that page again.
    const link = cards(page)
      .nth(index.pageSize + 1)
      .getByRole('link')
      .first();
    const opened = (await link.getAttribute('href')) ?? '';
    await link.click();
    await expect(page).toHaveURL(/\/product\//);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${LISTING}/2/?$`));
    await expect(grid(page).locator(`a[href="${opened}"]`)).toBeVisible();
    await page.reload();
    await expect(grid(page).locator(`a[href="${opened}"]`)).toBeVisible();
  });

  test('the in-page search covers every page of the listing, not just the one shown', async ({ page }) => {
    const index = await listingIndex(page);
    const last = index.rows.at(-1)!;
    await page.goto(LISTING);
    await expect(grid(page).getByRole('heading', { name: last[0], exact: true })).toHaveCount(0);
    const search = page.getByRole('searchbox', { name: /^Search products in / });
    await search.fill(last[0]);
    await expect(grid(page).getByRole('heading', { name: last[0], exact: true }).first()).toBeVisible();
    const matches = index.rows.filter((row) => row[0].toLowerCase().includes(last[0].toLowerCase())).length;
    await expect(cards(page)).toHaveCount(Math.min(matches, index.pageSize));
    await search.fill('zzzz-no-such-product');
    await expect(page.getByText('No products found', { exact: true })).toBeVisible();
    await search.fill('');
    await expect(cards(page)).toHaveCount(index.pageSize);
    await expect(page.getByText('No products found', { exact: true })).toBeHidden();
  });

  test('sorting by price and discount orders the whole listing, in stock first, and survives a reload', async ({ page }) => {
    const index = await listingIndex(page);
    const inStock = index.rows.filter((row) => row[3] === 1);
    await page.goto(LISTING);
    const sort = page.getByRole('combobox', { name: 'Sort by', exact: true });
    await sort.selectOption('price-asc');
    await expect(page).toHaveURL(/[?&]sort=price-asc/);
    const cheapest = Math.min(...inStock.map((row) => row[1]));
    await expect(cards(page).first()).toContainText(rupees(cheapest));
    await page.reload();
    await expect(sort).toHaveValue('price-asc');
    await expect(cards(page).first()).toContainText(rupees(cheapest));

    await sort.selectOption('price-desc');
    await expect(cards(page).first()).toContainText(rupees(Math.max(...inStock.map((row) => row[1]))));

    await sort.selectOption('discount');
    const best = Math.max(...inStock.map(([, price, original]) => (original > price ? (original - price) / original : 0)));
    const first = inStock.find(([, price, original]) => (original > price ? (original - price) / original : 0) === best)!;
    await expect(cards(page).first()).toContainText(rupees(first[1]));

    // In stock before out of stock: the index lists every in-stock product first.
    const firstOut = index.rows.findIndex((row) => row[3] === 0);
    if (firstOut >= 0) expect(index.rows.slice(firstOut).every((row) => row[3] === 0)).toBe(true);
  });

  test('listing pages have no serious or critical accessibility violations in either theme', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const theme of ['dark', 'light'] as const) {
      await page.goto(`${LISTING}/2`);
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await page.getByRole('button', { name: 'Show more', exact: true }).click();
      await expect(showing(page)).toHaveText(/^Showing 25-72 of/);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .exclude('[data-filter-list] > li:nth-child(n+9)')
        .analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${theme} ${v.id}`);
      expect(serious).toEqual([]);
    }
  });
});
