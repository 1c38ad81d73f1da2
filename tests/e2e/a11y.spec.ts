import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { products, scriptsReady, stores } from './support/pages.ts';

// Every route of the pages issue, in both themes: no serious or critical axe violations.
const routes = [
  '/',
  `/product/${products.discounted.id}`,
  `/product/${products.unavailable.id}`,
  '/category/fruits',
  '/category/fruits/subcategory/fresh-fruits',
  '/stores',
  '/shops',
  '/shop/grocery',
  `/store/${stores.rated.id}`,
  '/about',
  '/help',
  '/help/faq',
  '/help/chat',
  '/help/terms',
  '/help/privacy',
  '/offers',
  '/offers/quick-delivery',
  '/offers/specials',
  '/wishlist',
  '/profile/settings/notifications',
  '/profile/settings/privacy',
  '/no/such/page',
  '/product/no-such-product',
  '/category/no-such-category',
];

test.describe('accessibility', () => {
  for (const route of routes) {
    test(`${route} has no serious or critical violations in either theme`, async ({ page }) => {
      // Reduced motion: the carousel holds still, so axe sees a stable page.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const theme of ['dark', 'light'] as const) {
        await page.goto(route);
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await page.reload();
        const html = page.locator('html');
        await (theme === 'dark' ? expect(html).toHaveClass(/\bdark\b/) : expect(html).not.toHaveClass(/\bdark\b/));
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(page.getByRole('main')).toHaveCount(1);
        // The page as the shopper gets it: full sheet applied, scripts run (both start after the first paint).
        await scriptsReady(page);
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          // Grid cards share one markup: the first eight of each grid stand for the rest (keeps the run short).
          .exclude('[data-filter-list] > li:nth-child(n+9)')
          .analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${theme} ${v.id}: ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 5)
                .join(', ')}`,
          );
        expect(serious).toEqual([]);
      }
    });
  }
});
