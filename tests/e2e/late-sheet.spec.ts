import { expect, test, type Page } from '@playwright/test';
import { seedCart, storedLine } from './support/cart.ts';
import { LATE_SHEET, scriptsReady, useTheme } from './support/pages.ts';

/**
 * The late sheet (src/lib/late-sheet.build.ts) must style every page as the full sheet does: each page is loaded twice,
 * once as shipped (first-paint sheet, then the page type's late sheet) and once with the full sheet served in the
 * late sheet's place (first-paint sheet, then the whole full sheet, as before the late sheets), and every computed
 * property of every element, ::before and ::after must be the same. Islands and scripts have drawn by then (search
 * results, a cart line), in both themes.
 */

/** Every computed property of every element (and its ::before and ::after) in document order. */
async function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Transitions started by the sheet's arrival would otherwise be caught half way.
    for (const animation of document.getAnimations()) {
      const timing = animation.effect?.getComputedTiming();
      if (timing && Number.isFinite(timing.endTime)) animation.finish();
      else animation.cancel();
    }
    const lines: string[] = [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')}`;
    for (const element of document.querySelectorAll('body, body *')) {
      for (const part of ['', '::before', '::after'] as const) {
        const style = getComputedStyle(element, part || null);
        if (part && style.content === 'none') continue;
        const values: string[] = [];
        for (let i = 0; i < style.length; i++) {
          const name = style.item(i);
          // Custom properties differ on purpose (the late sheet writes theme values in place; see late-sheet.build.ts);
          // what they are for, the standard properties that read them, is compared.
          if (!name.startsWith('--')) values.push(`${name}: ${style.getPropertyValue(name)}`);
        }
        lines.push(`${describe(element)}${part} { ${values.join('; ')} }`);
      }
    }
    return lines;
  });
}

/** The differences between two style listings, element by element, at most `limit` of them. */
function differences(shipped: string[], reference: string[], limit = 8): string[] {
  const found: string[] = [];
  for (let i = 0; i < Math.max(shipped.length, reference.length) && found.length < limit; i++) {
    const a = shipped[i] ?? '';
    const b = reference[i] ?? '';
    if (a === b) continue;
    const head = (line: string) => line.slice(0, line.indexOf(' { '));
    const props = (line: string) => new Set(line.slice(line.indexOf(' { ') + 3, -2).split('; '));
    const mine = props(a);
    const theirs = props(b);
    const changed = [...theirs]
      .filter((value) => !mine.has(value))
      .map((value) => `${value} (shipped: ${[...mine].find((m) => m.startsWith(value.slice(0, value.indexOf(':') + 1))) ?? 'none'})`);
    found.push(`${head(b) || head(a)}: ${changed.slice(0, 4).join('; ')}`);
  }
  return found;
}

/** Loads `url` and waits for its scripts, its islands and its late sheet; `reference` serves the full sheet instead. */
async function stylesOf(page: Page, url: string, reference: boolean, ready: (page: Page) => Promise<void>): Promise<string[]> {
  if (reference) {
    await page.route(LATE_SHEET, async (route) => {
      const html = await (await page.request.get(url)).text();
      const full = /<noscript data-sheet="[^"]+"><link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
      expect(full, 'the full sheet named in the noscript').toBeTruthy();
      const response = await page.request.get(full ?? '');
      await route.fulfill({ status: 200, contentType: 'text/css', body: await response.text() });
    });
  }
  await page.goto(url);
  await scriptsReady(page);
  await ready(page);
  const styles = await computedStyles(page);
  await page.unrouteAll();
  return styles;
}

const PAGES: { url: string; ready: (page: Page) => Promise<void> }[] = [
  {
    url: '/',
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Featured Products' }).scrollIntoViewIfNeeded();
      await page.locator('[aria-labelledby="featured-heading"] a[href^="/product/"]').first().waitFor();
    },
  },
  { url: '/category/fruits/', ready: async () => {} },
  { url: '/product/onion-1-kg/', ready: async () => {} },
  { url: '/search/?q=milk', ready: async (page) => page.getByRole('link', { name: /Milk/ }).first().waitFor() },
  { url: '/cart/', ready: async (page) => page.locator('li[aria-label="Onion"]').waitFor() },
  { url: '/offers/', ready: async () => {} },
  { url: '/help/faq/', ready: async () => {} },
];

for (const theme of ['dark', 'light'] as const) {
  for (const { url, ready } of PAGES) {
    test(`${url} (${theme}): the late sheet styles every element as the full sheet does`, async ({ page }) => {
      await useTheme(page, theme);
      await seedCart(page, [storedLine('onion-1-kg', 'Onion', 4500, 2, '1 kg')]);
      const shipped = await stylesOf(page, url, false, ready);
      const reference = await stylesOf(page, url, true, ready);
      expect(shipped.length, 'the same elements on both loads').toBe(reference.length);
      expect(differences(shipped, reference)).toEqual([]);
    });
  }
}
