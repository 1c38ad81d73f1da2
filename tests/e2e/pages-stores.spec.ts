import { expect, test } from '@playwright/test';
import { must } from '../../scripts/lib/must.ts';
import { sample, stores } from './support/pages.ts';

test.describe('stores and shops', () => {
  test('/stores lists the active stores, searchable by name, with "No stores found"', async ({ page }) => {
    await page.goto('/stores');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nearby Stores');
    await expect(page.getByText('Delivering to Sector 14, Gurgaon', { exact: true })).toBeVisible();
    const list = page.locator('#stores-list');
    const active = sample.stores.filter((s) => s.is_active);
    await expect(list.getByRole('link')).toHaveCount(active.length);
    const inactive = must(
      sample.stores.find((s) => !s.is_active),
      'an inactive store',
    );
    await expect(list.getByText(inactive.name)).toHaveCount(0);

    const search = page.getByRole('searchbox', { name: 'Search stores', exact: true });
    await search.fill('BAKE');
    const bakes = active.filter((s) => s.name.toLowerCase().includes('bake'));
    await expect(list.getByRole('link')).toHaveCount(bakes.length);
    await search.fill('no such shop');
    await expect(page.getByText('No stores found', { exact: true })).toBeVisible();

    await search.fill('');
    await list.getByRole('link', { name: new RegExp(stores.rated.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/store/${stores.rated.id}/?$`));
  });

  test('/shops shows the four shop types with their counts, each opening a working shop page', async ({ page }) => {
    await page.goto('/shops');
    const expected = [
      ['Grocery', 15, 'grocery'],
      ['Pharmacy', 8, 'pharmacy'],
      ['Bakery', 6, 'bakery'],
      ['Electronics', 4, 'electronics'],
    ] as const;
    const links = page.getByRole('main').getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(4);
    for (const [i, [name, count, type]] of expected.entries()) {
      await expect(links.nth(i)).toContainText(name);
      await expect(links.nth(i)).toContainText(`${count} shops`);
      await expect(links.nth(i)).toHaveAttribute('href', `/shop/${type}`);
    }
    await links.nth(1).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pharmacy');
  });

  test('shop page: header with 4.5 and "10 min" fallbacks, 0.7 km, at most 20 products and a search', async ({ page }) => {
    await page.goto('/shop/grocery');
    const details = page.getByRole('list', { name: 'Store details', exact: true });
    await expect(details).toContainText('4.5');
    await expect(details).toContainText('10 min');
    await expect(details).toContainText('0.7 km');
    const grid = page.getByRole('region', { name: 'Products', exact: true });
    await expect(grid.getByRole('article')).toHaveCount(20);
    await page.getByRole('searchbox', { name: /Search products in/ }).fill('zzzz');
    await expect(page.getByText('No products found', { exact: true })).toBeVisible();
  });

  test("store page shows the store's own rating and delivery time, and the 4.5 fallback when it has none", async ({ page }) => {
    await page.goto(`/store/${stores.rated.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(stores.rated.name);
    const details = page.getByRole('list', { name: 'Store details', exact: true });
    await expect(details).toContainText(must(stores.rated.rating, 'rating of the rated store').toFixed(1));
    await expect(details).toContainText(`${stores.rated.delivery_time_min} min`);
    await page.goto(`/shop/${stores.unrated.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(stores.unrated.name);
    await expect(page.getByRole('list', { name: 'Store details', exact: true })).toContainText('4.5');
  });
});
