/**
 * Products out of stock in search (issue 31): found, marked "Out of stock" as the category pages mark them, listed
 * after those in stock, hidden by "In stock only", never offered an ADD button; and when every result is out of
 * stock, the page says so (to screen readers too) and suggests products in stock of the same subcategory.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openSearch, productById, resultIds, resultsRegion, search, searchBox, settledOn } from './support/search.ts';

/** The card of a product among the results (or the suggestions). */
const card = (page: Page, name: string) =>
  resultsRegion(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

const isOut = (id: string) => productById.get(id)?.is_available === false;

/** The cards of the in-stock suggestions, as product ids. */
async function suggestionIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('[data-search-suggestions] article > a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => decodeURIComponent(href.replace(/^\/product\//, '').replace(/\/$/, '')));
}

const announcement = (page: Page) => page.locator('[aria-live="polite"][aria-atomic="true"]').last();

test.describe('search: products out of stock', () => {
  test('are found, marked "Out of stock" without ADD, after those in stock; "In stock only" hides them', async ({ page }) => {
    await openSearch(page);
    await search(page, 'juice', 'results');
    const ids = await resultIds(page);
    const out = ids.filter(isOut);
    expect(out.length).toBeGreaterThan(0);
    expect(ids.length).toBeGreaterThan(out.length);
    // Listed last, in their own order of relevance.
    expect(ids.slice(ids.length - out.length)).toEqual(out);
    for (const id of ids) {
      const name = productById.get(id)!.name;
      const tile = card(page, name);
      if (isOut(id)) {
        await expect(tile.getByText('Out of stock', { exact: true }), name).toBeVisible();
        await expect(tile.getByRole('button'), name).toHaveCount(0);
      } else {
        await expect(tile.getByRole('button', { name: `Add ${name} to cart` }), name).toBeVisible();
        await expect(tile.getByText('Out of stock', { exact: true }), name).toHaveCount(0);
      }
    }
    await expect(page.locator('[data-search-all-out-of-stock]')).toHaveCount(0);

    // "In stock only": off by default; on, it leaves them out and rides in the URL.
    const filterButton = page.getByRole('button', { name: /^Sort and filter/ });
    await filterButton.click();
    const inStockOnly = page
      .getByRole('region', { name: 'Sort and filter', exact: true })
      .getByRole('checkbox', { name: /^In stock only/ });
    await expect(inStockOnly).not.toBeChecked();
    await inStockOnly.check();
    await expect(page).toHaveURL(/[?&]stock=in(&|$)/);
    await settledOn(page, 'juice', 'results');
    expect(await resultIds(page)).toEqual(ids.filter((id) => !isOut(id)));
    await expect(resultsRegion(page).getByText('Out of stock', { exact: true })).toHaveCount(0);
    await expect(resultsRegion(page).getByText(/· In stock only$/)).toBeVisible();
    await expect(filterButton).toHaveAccessibleName('Sort and filter, in stock only');
    await inStockOnly.uncheck();
    await settledOn(page, 'juice', 'results');
    expect(await resultIds(page)).toEqual(ids);
  });

  test('when every result is out of stock, the page says so, announces it and suggests products in stock of the same subcategory', async ({
    page,
  }) => {
    await openSearch(page);
    await search(page, 'mushroom', 'results');
    const region = resultsRegion(page);
    await expect(region).toHaveAttribute('data-search-out-of-stock', 'all');
    expect(await resultIds(page)).toEqual(['button-mushroom-200-g']);
    await expect(card(page, 'Button Mushroom').getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(card(page, 'Button Mushroom').getByRole('button')).toHaveCount(0);
    await expect(region.getByText(/^All results are out of stock/)).toBeVisible();
    // Announced the way results are: the count, then the same words.
    await expect(announcement(page)).toHaveText('1 product found. All results are out of stock');

    await expect(region.getByRole('heading', { name: 'In stock in the same category', level: 3, exact: true })).toBeVisible();
    const suggested = await suggestionIds(page);
    expect(suggested.length).toBeGreaterThan(0);
    for (const id of suggested) {
      const product = productById.get(id)!;
      expect(product.is_available, id).toBe(true);
      expect(product.category_id, id).toBe('exotic-vegetables');
      await expect(card(page, product.name).getByRole('button', { name: `Add ${product.name} to cart` })).toBeVisible();
    }

    // "In stock only" hides the mushroom but still says why there is nothing, and still suggests.
    await openSearch(page, '/search?q=mushroom&stock=in');
    await settledOn(page, 'mushroom', 'results');
    expect(await resultIds(page)).toEqual([]);
    await expect(region.getByText(/^All results are out of stock/)).toBeVisible();
    await expect(region.getByText('1 product is hidden by “In stock only”.', { exact: true })).toBeVisible();
    expect(await suggestionIds(page)).toEqual(suggested);
    await expect(announcement(page)).toHaveText('1 product found. All results are out of stock');

    // A search with products in stock leaves the state behind.
    await searchBox(page).fill('broccoli');
    await settledOn(page, 'broccoli', 'results');
    await expect(region).not.toHaveAttribute('data-search-out-of-stock', 'all');
    await expect(page.locator('[data-search-suggestions]')).toHaveCount(0);
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`out-of-stock results, the "all out of stock" state and the filter have no serious or critical violations (${theme})`, async ({
      page,
    }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const scan = async () =>
        (await new AxeBuilder({ page }).analyze()).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      await openSearch(page, '/search?q=mushroom');
      await settledOn(page, 'mushroom', 'results');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      expect(await scan()).toEqual([]);
      await search(page, 'juice', 'results');
      await page.getByRole('button', { name: /^Sort and filter/ }).click();
      await page.getByRole('checkbox', { name: /^In stock only/ }).check();
      await settledOn(page, 'juice', 'results');
      expect(await scan()).toEqual([]);
    });
  }
});
