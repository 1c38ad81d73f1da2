import { expect, test } from '@playwright/test';
import { openSearch, resultIds, resultsRegion, search, searchBox, settledOn } from './support/search.ts';
import { availableById } from './support/search.ts';

test.describe('search typo correction', () => {
  test('"mlik" shows milk, says so (also to screen readers) and offers the exact search', async ({ page }) => {
    await openSearch(page);
    await search(page, 'mlik', 'results');
    const region = resultsRegion(page);
    await expect(region.getByRole('heading', { level: 2 })).toHaveText('Showing results for milk');
    const names = (await resultIds(page)).map((id) => availableById.get(id)?.name ?? id);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/milk/i);
    await expect(page.locator('[aria-live="polite"][aria-atomic="true"]').last()).toHaveText(
      /^Showing results for milk\. \d+ products? found$/,
    );
    const exact = region.getByRole('link', { name: 'mlik', exact: true });
    await expect(region.getByText('Search instead for mlik', { exact: true })).toBeVisible();
    await expect(exact).toHaveAttribute('href', '/search?q=mlik&exact=1');
    await exact.click();
    await expect(page).toHaveURL(/\?q=mlik&exact=1$/);
    await settledOn(page, 'mlik', 'empty');
    await expect(resultsRegion(page).getByText('No products found', { exact: true })).toBeVisible();
    await expect(searchBox(page)).toHaveValue('mlik');
    // Back returns to the corrected results; typing again corrects again.
    await page.goBack();
    await settledOn(page, 'mlik', 'results');
    await searchBox(page).fill('dodh');
    await settledOn(page, 'dodh', 'results');
    await expect(region.getByRole('heading', { level: 2 })).toHaveText('Showing results for doodh');
    await expect(page).not.toHaveURL(/exact/);
  });

  test('a shared link with a typo is corrected on arrival; a correct word shows no correction', async ({ page }) => {
    await openSearch(page, '/search?q=toothpsate');
    await settledOn(page, 'toothpsate', 'results');
    await expect(resultsRegion(page).getByRole('heading', { level: 2 })).toHaveText('Showing results for toothpaste');
    await search(page, 'toothpaste', 'results');
    await expect(resultsRegion(page).getByRole('heading', { level: 2 })).toHaveText('Results for toothpaste');
    await expect(page.locator('[data-search-correction]')).toHaveCount(0);
  });
});
