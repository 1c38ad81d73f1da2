/** Phones narrower than the suite's Pixel 7 (412 px): 360 px is the commonest Android width in India, 320 px the narrowest we draw for. */
import { expect, test, type Page } from '@playwright/test';
import { must } from '../../scripts/lib/must.ts';
import { seedCart, storedLine } from './support/cart.ts';
import { products, sample, scriptsReady } from './support/pages.ts';

/** The dearest product: the longest price on a card, a product page's add button and a cart line. */
const dearest = must([...sample.products].filter((p) => p.is_available).sort((a, b) => b.price - a.price)[0], 'an available product');

const PAGES = [
  '/',
  '/category/fruits/',
  `/category/${dearest.category_id}/`,
  `/product/${dearest.id}/`,
  '/search/?q=rice',
  '/cart/',
  '/checkout/',
];

/**
 * What spills: an element past the page's edges (unless a scroller holds it), a product card's content past the card,
 * and a button or link whose text draws outside its own box. Screen-reader-only text (1 px boxes) is left out.
 */
function spills(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const scrolled = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const describe = (element: Element) => `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || element.closest('[hidden], .sr-only')) continue;
      if ((box.left < -0.5 || box.right > width + 0.5) && !scrolled(element)) found.push(`${describe(element)} leaves the page`);
      const card = element.parentElement?.closest('article')?.getBoundingClientRect();
      if (card && (box.left < card.left - 0.5 || box.right > card.right + 0.5)) found.push(`${describe(element)} leaves its card`);
      // Clamped text (overflow hidden, an ellipsis) is cut on purpose; visible overflow draws outside the box.
      const spilling = element instanceof HTMLElement && element.scrollHeight > element.clientHeight + 1;
      if (spilling && element.matches('button, a') && getComputedStyle(element).overflowY === 'visible')
        found.push(`${describe(element)} overflows its box`);
    }
    return found;
  });
}

for (const width of [320, 360]) {
  test(`at ${width} px nothing spills out of the page, a card or a button`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 740 });
    // Steppers in the cards (a two-digit quantity) and lines in the cart.
    await seedCart(page, [
      storedLine(dearest.id, dearest.name, dearest.price, 12, dearest.quantity_unit),
      storedLine(products.discounted.id, products.discounted.name, products.discounted.price, 2, products.discounted.quantity_unit),
    ]);
    for (const path of PAGES) {
      await page.goto(path);
      await scriptsReady(page);
      if (path.startsWith('/search/')) await expect(page.getByRole('article').first()).toBeVisible();
      if (path === '/cart/') await expect(page.getByText(dearest.name).first()).toBeVisible();
      expect(await spills(page), `${path} at ${width} px`).toEqual([]);
    }
    // The card steppers were drawn: the check above saw them.
    await page.goto('/category/fruits/');
    await scriptsReady(page);
    await expect(page.getByRole('group', { name: `Quantity of ${products.discounted.name} in cart` }).first()).toBeVisible();
  });
}
