import { expect, test, type Page } from '@playwright/test';
import { FULL_SHEET, hasFullSheet, scriptsReady } from './support/pages.ts';

/**
 * Issue 12, first render in one round trip: each page type paints from its inline sheet (src/styles/critical/) while
 * the rest of its CSS (the full sheet) loads after the first paint. What the first screen shows must look the same
 * before and after the full sheet arrives, in both
 * themes: same boxes (no layout shift) and same colours (no flash). Page scripts are held back in both loads, so
 * only CSS differs (the inline theme script still runs). Listing pages have no full sheet: their inline sheet must hold
 * every rule they draw with.
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
    for (const url of PAGES.filter(hasFullSheet)) {
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
    // No script or sheet is preloaded. React (through @astrojs/react 7.1) hoists a preload of a high-priority image:
    // the first screen's own photo (a listing's first card), which the page shows anyway.
    for (const [tag] of html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*>/g)) {
      const image = /^<link rel="preload" as="image" href="([^"]+)" fetchPriority="high"\/?>$/.exec(tag)?.[1];
      expect(image, `${url}: preloads ${tag}`).toBeDefined();
      expect(html, `${url}: preloads ${image} but does not show it`).toContain(`src="${image}"`);
    }
    // The full sheet is linked only for browsers without JavaScript; with it, the loader adds it after the first paint.
    const sheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)];
    expect(sheets.length, url).toBe(hasFullSheet(url) ? 1 : 0);
    if (hasFullSheet(url))
      expect(html, url).toMatch(/<noscript data-sheet="(\/_astro\/global\.[^"]+\.css)"><link rel="stylesheet" href="\1"><\/noscript>/);
    else expect(html, url).not.toContain('/_astro/global.');
  }
});

/** Adds the classes on the page now (templates' included) to `drawn`. */
async function collectDrawn(page: Page, drawn: Set<string>): Promise<void> {
  const names = await page.evaluate(() => {
    const found: string[] = [];
    for (const root of [document, ...[...document.querySelectorAll('template')].map((template) => template.content)])
      for (const element of root.querySelectorAll('[class]')) found.push(...element.classList);
    return found;
  });
  for (const name of names) drawn.add(name);
}

test('a listing page never loads the full sheet: its inline sheet has a rule for every class it and its scripts draw', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const fullSheet = /<noscript data-sheet="([^"]+)"/.exec(await (await page.request.get('/')).text())?.[1] ?? '';
  expect(fullSheet).toMatch(FULL_SHEET);
  const asked: string[] = [];
  // Sheets the page asks for (not the test's own read of the full sheet, below).
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') asked.push(new URL(request.url()).pathname);
  });
  for (const url of PAGES.filter((path) => !hasFullSheet(path))) {
    await page.goto(url);
    await scriptsReady(page);
    // What the page and its scripts draw: a stepper and a toast (ADD), the delivery dialog, the offline banner.
    const drawn = new Set<string>();
    const add = page.locator('button[data-add]:visible').first();
    if (await add.count()) {
      await add.click();
      await expect(page.getByRole('group', { name: /^Quantity of .+ in cart$/ }).first()).toBeVisible();
    }
    await collectDrawn(page, drawn);
    await page.locator('[data-deliver-to]').click();
    await expect(page.getByRole('dialog', { name: 'Deliver to', exact: true })).toBeVisible();
    await collectDrawn(page, drawn);
    await page.keyboard.press('Escape');
    await context.setOffline(true);
    await expect(page.locator('[data-offline-text]')).not.toBeEmpty();
    await collectDrawn(page, drawn);
    await context.setOffline(false);
    const missing = await page.evaluate(
      async ([href, names]) => {
        const classesOf = (rules: CSSRuleList, into: Set<string>): Set<string> => {
          for (const rule of rules) {
            if (rule instanceof CSSStyleRule)
              for (const [, name] of rule.selectorText.matchAll(/\.((?:\\.|[\w-])+)/g)) into.add((name ?? '').replace(/\\(.)/g, '$1'));
            if ('cssRules' in rule) classesOf(rule.cssRules as CSSRuleList, into);
          }
          return into;
        };
        const full = new CSSStyleSheet();
        full.replaceSync(await (await fetch(href)).text());
        const fullClasses = classesOf(full.cssRules, new Set());
        const styled = new Set<string>();
        for (const sheet of document.styleSheets) classesOf(sheet.cssRules, styled);
        // Classes the full sheet styles and this page draws, without a rule here.
        return names.filter((name) => fullClasses.has(name) && !styled.has(name));
      },
      [fullSheet, [...drawn]] as const,
    );
    expect(drawn.size, url).toBeGreaterThan(50);
    expect(missing, `${url}: classes without a rule`).toEqual([]);
  }
  expect(asked.filter((path) => FULL_SHEET.test(path))).toEqual([]);
});
