import { expect, test } from '@playwright/test';
import { products, useTheme } from './support/pages.ts';

test.describe('site shell, theme and SEO', () => {
  test('header and bottom navigation', async ({ page }) => {
    await page.goto('/category/fruits');
    await expect(page.getByRole('link', { name: 'Thela home', exact: true })).toHaveAttribute('href', '/');
    await expect(page.getByText('Sector 14, Gurgaon - 122001', { exact: true })).toBeVisible();
    await expect(page.getByText('10 mins', { exact: true })).toBeVisible(); // the short form on a phone
    await expect(page.getByRole('link', { name: 'Search "milk"', exact: true })).toHaveAttribute('href', '/search');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Search', 'Cart', 'Orders', 'Account']);
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
    await page.goto('/');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('theme: dark by default, the toggle switches and the choice survives a reload', async ({ page }) => {
    await page.goto('/about');
    const html = page.locator('html');
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch to light theme', exact: true }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.goto('/help');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch to dark theme', exact: true }).click();
    await expect(html).toHaveClass(/\bdark\b/);
  });

  test('a stored light theme applies before first paint', async ({ page }) => {
    await useTheme(page, 'light');
    let darkAtFirstScript: boolean | null = null;
    await page.exposeFunction('reportTheme', (dark: boolean) => (darkAtFirstScript = dark));
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { reportTheme: (d: boolean) => void }).reportTheme(document.documentElement.classList.contains('dark'));
      });
    });
    await page.goto('/offers');
    await expect.poll(() => darkAtFirstScript).toBe(false);
  });

  test('every page has a title, description, canonical URL and Open Graph tags', async ({ page }) => {
    for (const path of ['/', `/product/${products.discounted.id}`, '/category/fruits', '/stores', '/help/faq']) {
      await page.goto(path);
      expect(await page.title(), path).toMatch(/Thela/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S.{20,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/.+/);
      for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type']) {
        await expect(page.locator(`meta[property="${property}"]`), `${path} ${property}`).toHaveAttribute('content', /\S/);
      }
    }
  });

  test('robots.txt, sitemap, manifest and icons are served', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/m);
    const index = await request.get('/sitemap-index.xml');
    expect(index.status()).toBe(200);
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    expect(sitemap).toContain(`/product/${products.discounted.id}/`);
    expect(sitemap).toContain('/category/fruits/subcategory/fresh-fruits/');
    expect(sitemap).not.toContain('404');
    // Orders live in the shopper's browser: the one order page (noindex) is not a page to index.
    expect(sitemap).not.toContain('/orders/view/');
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      icons: { src: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Thela', start_url: '/', display: 'standalone' });
    const purposes = manifest.icons.map((i) => i.purpose);
    expect(purposes).toContain('maskable');
    for (const icon of manifest.icons) {
      const response = await request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toContain(icon.type.split('+')[0]);
    }
    expect((await request.get('/favicon.svg')).status()).toBe(200);
  });
});
