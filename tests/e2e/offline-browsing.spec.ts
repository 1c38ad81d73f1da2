import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { must } from '../../scripts/lib/must.ts';
import { products, sample, scriptsReady } from './support/pages.ts';
import { cachedPaths, offlineStatus, waitForServiceWorker } from './support/pwa.ts';

test.use({ serviceWorkers: 'allow' });

const visited = products.discounted;
const neverVisited = must(
  sample.products.find((p) => p.is_available && p.id !== visited.id && p.name !== visited.name),
  'an available product other than the visited one',
);

test.describe('offline browsing', () => {
  test('a visited product page loads offline; a page never visited shows the offline page', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.goto(`/product/${visited.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(visited.name);
    await expect.poll(() => cachedPaths(page, 'thela-pages-')).toContain(`/product/${visited.id}/`);

    await context.setOffline(true);
    // Both spellings of the address find the saved copy.
    for (const path of [`/product/${visited.id}`, `/product/${visited.id}/`]) {
      const response = await page.goto(path);
      expect(response?.fromServiceWorker()).toBe(true);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(visited.name);
    }
    await expect(offlineStatus(page)).toHaveText("You're offline. Showing saved pages.");

    const response = await page.goto(`/product/${neverVisited.id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/product/${neverVisited.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");
    await expect(page.getByRole('link', { name: 'Go to Cart', exact: true })).toHaveAttribute('href', '/cart');
    // The visited page is listed by its title, and links to it.
    const saved = page.getByRole('list', { name: "Pages you've visited", exact: true });
    await expect(saved.getByRole('link', { name: visited.name })).toHaveAttribute('href', `/product/${visited.id}/`);
    await saved.getByRole('link', { name: visited.name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(visited.name);
  });

  test('the page a shopper landed on, before the worker existed, is saved too', async ({ page, context }) => {
    await page.goto(`/product/${visited.id}`);
    await waitForServiceWorker(page);
    await expect.poll(() => cachedPaths(page, 'thela-pages-')).toContain(`/product/${visited.id}/`);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(visited.name);
  });

  test('the pages a shopper needs first work offline without a visit', async ({ page, context }) => {
    await page.goto('/about');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    for (const [path, heading] of [
      ['/', null],
      ['/cart', 'My Cart'],
      ['/cart/', 'My Cart'],
      ['/orders', 'My Orders'],
      ['/offline', "You're offline"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.fromServiceWorker(), path).toBe(true);
      if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      else await expect(page.getByRole('link', { name: /home$/ })).toBeVisible();
    }
  });

  test('the banner appears when the network goes and goes when it is back', async ({ page, context }) => {
    await page.goto('/');
    // The banner's script must be there to see the network go (no service worker serves it offline here).
    await scriptsReady(page);
    const status = offlineStatus(page);
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status).toHaveText('');
    await context.setOffline(true);
    await expect(status).toHaveText("You're offline. Showing saved pages.");
    await expect(status.getByText("You're offline. Showing saved pages.", { exact: true })).toBeVisible();
    await context.setOffline(false);
    await expect(status).toHaveText('Back online.');
    await expect(status).toHaveText('', { timeout: 8000 });
  });

  test('the offline page and the banner have no serious or critical axe violations in either theme', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.goto(`/product/${visited.id}`);
    await expect.poll(() => cachedPaths(page, 'thela-pages-')).toContain(`/product/${visited.id}/`);
    await context.setOffline(true);
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto(`/product/${neverVisited.id}`);
      await expect(offlineStatus(page)).toHaveText("You're offline. Showing saved pages.");
      await expect(page.getByRole('list', { name: "Pages you've visited", exact: true }).getByRole('link')).toHaveCount(1);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${theme}: ${v.id}`)).toEqual([]);
    }
  });

  test('an error response is never saved, and the offline page is not shown for it online', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    const response = await page.goto('/product/no-such-product-anywhere');
    expect(response?.status()).toBe(404);
    expect(await cachedPaths(page, 'thela-')).not.toContain('/product/no-such-product-anywhere/');
  });
});
