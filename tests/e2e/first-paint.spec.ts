import { expect, test, type Page } from '@playwright/test';
import { FULL_SHEET } from './support/pages.ts';

/**
 * Issue 12, first render in one round trip: each page type paints from its inline sheet (src/styles/critical/) while
 * the rest of its CSS (the full sheet) loads after the first paint. What the first screen shows must look the same
 * before and after the full sheet arrives, in both
 * themes: same boxes (no layout shift) and same colours (no flash). Page scripts are held back in both loads, so
 * only CSS differs (the inline theme script still runs).
 */
const PAGES = [
  '/',
  '/category/fruits/',
  '/category/fruits/2/',
  '/category/fruits/subcategory/fresh-fruits/',
  '/shop/grocery/',
  '/stores/',
  '/product/apple-kinnaur-1-kg/',
  '/search/',
  '/cart/',
  '/checkout/',
  '/orders/',
  '/orders/ORD-001/',
  '/profile/',
  '/about/',
  '/help/faq/',
  '/offers/',
  '/wishlist/',
];

interface Box {
  path: string;
  box: string;
  color: string;
  background: string;
}

/** Every element with an area inside the first screen: where it is and its colours. */
async function firstScreen(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const describe = (element: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
        const index = node.parentElement ? [...node.parentElement.children].indexOf(node) : 0;
        parts.unshift(`${node.tagName.toLowerCase()}:${index}`);
      }
      return parts.join('>');
    };
    const boxes: Box[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || rect.top >= innerHeight || rect.bottom <= 0) continue;
      // Live regions (toasts, offline banner, update notice) are empty until a script fills them.
      if (element.closest('[aria-live], [role="status"], [role="alert"], [aria-label="Notifications"]')) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      // Only the part inside the first screen: a container may grow below it once the rest is styled, unseen.
      const bottom = Math.min(rect.bottom, innerHeight);
      boxes.push({
        path: describe(element),
        box: [rect.x, rect.y, rect.width, bottom - rect.y].map((value) => Math.round(value)).join(','),
        color: style.color,
        background: style.backgroundColor,
      });
    }
    return boxes;
  });
}

async function load(page: Page, url: string, withFullSheet: boolean): Promise<Box[]> {
  await page.unrouteAll();
  await page.route(/\/_astro\/.+\.js$/, (route) => route.abort());
  if (!withFullSheet) await page.route(FULL_SHEET, (route) => route.abort());
  await page.goto(url, { waitUntil: 'load' });
  // The full sheet starts after the first paint (src/browser/after-paint.ts): wait until it applies.
  if (withFullSheet)
    await page.waitForFunction(
      (source) => [...document.styleSheets].some((sheet) => new RegExp(source).test(sheet.href ?? '')),
      FULL_SHEET.source,
    );
  return firstScreen(page);
}

for (const theme of ['dark', 'light'] as const) {
  test(`first paint matches the page once the full sheet applies, on every page type (${theme} theme)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    for (const url of PAGES) {
      const first = await load(page, url, false);
      expect(first.length, `${url}: the first screen shows something`).toBeGreaterThan(10);
      expect(await page.locator('html').evaluate((html) => html.classList.contains('dark'))).toBe(theme === 'dark');
      const full = await load(page, url, true);
      expect(first, `${url}: first screen before and after the full sheet`).toEqual(full);
    }
  });
}

test('nothing but the first screen loads before the first paint: page scripts, island runtime and full sheet wait', async ({ request }) => {
  // Written by the build (scripts/integrations/after-paint-scripts.ts); served HTML is read as a crawler would, without scripts.
  for (const url of PAGES) {
    const html = await (await request.get(url)).text();
    const bundled = [...html.matchAll(/<script\b[^>]*\bsrc="\/_astro\/[^"]+"[^>]*>/g)].map(([tag]) => tag);
    expect(bundled.length, `${url}: has page scripts`).toBeGreaterThan(0);
    for (const tag of bundled) expect(tag, url).toContain('type="thela/after-paint"');
    expect(html, `${url}: no inline island runtime`).not.toContain('customElements.define("astro-island"');
    expect(html, `${url}: no preloads`).not.toMatch(/<link\b[^>]*\brel="(modulepreload|preload)"/);
    // The full sheet is linked only for browsers without JavaScript; with it, the loader adds it after the first paint.
    const sheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)];
    expect(sheets.length, url).toBe(1);
    expect(html, url).toMatch(/<noscript data-sheet="(\/_astro\/global\.[^"]+\.css)"><link rel="stylesheet" href="\1"><\/noscript>/);
  }
});
