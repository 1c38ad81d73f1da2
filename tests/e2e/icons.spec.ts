import { expect, test } from '@playwright/test';

// Icons are bundled SVGs: no emoji glyph (which shows as an empty box without an emoji font) in any page's markup,
// and every icon or illustration that means something has a text alternative.
const routes = [
  '/',
  '/offers',
  '/offers/specials',
  '/shops',
  '/stores',
  '/shop/grocery',
  '/about',
  '/help',
  '/wishlist',
  '/search',
  '/orders/ORD-001',
  '/no/such/page',
];
const EMOJI = /\p{Extended_Pictographic}/u;

test('no emoji glyphs in the markup of the pages with icons; category illustrations load', async ({ page }) => {
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
    const text = await page.evaluate(() => {
      const labels = [...document.querySelectorAll('[aria-label], [alt], [title]')].map((el) =>
        ['aria-label', 'alt', 'title'].map((name) => el.getAttribute(name) ?? '').join(' '),
      );
      return `${document.body.innerText} ${labels.join(' ')}`;
    });
    const found = Array.from(text).filter((ch) => EMOJI.test(ch) && ch !== '©' && ch !== '®');
    expect(found, route).toEqual([]);
  }
  await page.goto('/');
  const row = page.getByRole('region', { name: 'Shop by Category', exact: true });
  const images = row.locator('img');
  await expect(images).toHaveCount(10);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  // Meaningful icons are named: the offers strip and the milk banner.
  await expect(page.getByRole('img', { name: 'Gift', exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Glass of milk', exact: true })).toBeVisible();
});
