import { expect, test } from '@playwright/test';
import { expectCartCount, storedCart } from './support/cart.ts';
import { FULL_SHEET, hasFullSheet, scriptsReady } from './support/pages.ts';

/**
 * Issue 12: the page scripts, Astro's island runtime and the full sheet start after the first paint
 * (src/browser/after-paint.ts), and nothing a shopper does before they arrive is lost.
 */

/** Resources of the current page whose URL matches `pattern`, with when they started (ms from navigation start). */
async function resourceStarts(page: import('@playwright/test').Page, pattern: RegExp) {
  return page.evaluate((source) => {
    const loadEnd = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
    const starts = performance
      .getEntriesByType('resource')
      .filter((entry) => new RegExp(source).test(entry.name))
      .map((entry) => ({ name: entry.name, startTime: entry.startTime }));
    return { loadEnd, starts };
  }, pattern.source);
}

/** Holds back every page script until the function returned is called. */
async function holdScripts(page: import('@playwright/test').Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

for (const url of ['/', '/category/fruits/', '/product/onion-1-kg/', '/search/']) {
  test(`${url}: scripts, island runtime and any full sheet are requested only after the page has loaded`, async ({ page }) => {
    await page.goto(url);
    await scriptsReady(page);
    const { loadEnd, starts } = await resourceStarts(page, /\/_astro\/.+\.(js|css)$/);
    // A listing page has none: its inline sheet is its whole CSS.
    expect(
      starts.some((entry) => FULL_SHEET.test(entry.name)),
      'the full sheet loaded',
    ).toBe(hasFullSheet(url));
    expect(starts.length).toBeGreaterThan(1);
    for (const entry of starts) expect(entry.startTime, entry.name).toBeGreaterThanOrEqual(loadEnd);
  });
}

test('nothing moves as the full sheet and the page scripts arrive (no layout shift)', async ({ page }) => {
  for (const url of ['/', '/product/onion-1-kg/', '/category/fruits/', '/search/', '/cart/', '/about/']) {
    await page.goto(url);
    await scriptsReady(page);
    // Every shift since the navigation (buffered); a page without any reports none, hence the timeout.
    const shifts = await page.evaluate(
      () =>
        new Promise<{ value: number; nodes: string[] }[]>((settle) => {
          new PerformanceObserver((list) =>
            settle(
              list.getEntries().map((entry) => {
                const shift = entry as PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
                return {
                  value: shift.value,
                  nodes: shift.sources.map((source) => (source.node as Element | null)?.outerHTML.slice(0, 60) ?? ''),
                };
              }),
            ),
          ).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => settle([]), 500);
        }),
    );
    // Well under what any shopper could see: the empty notices region moving into place scored 0.0026-0.010.
    expect(
      shifts.reduce((sum, shift) => sum + shift.value, 0),
      `${url}: ${JSON.stringify(shifts)}`,
    ).toBeLessThan(0.001);
  }
});

test('the search page starts Pagefind only after the first paint, and searches', async ({ page }) => {
  await page.goto('/search/');
  const box = page.getByRole('searchbox');
  await box.fill('onion');
  await expect(page.getByRole('link', { name: /Onion/ }).first()).toBeVisible();
  const { loadEnd, starts } = await resourceStarts(page, /\/pagefind\//);
  expect(starts.length).toBeGreaterThan(0);
  for (const entry of starts) expect(entry.startTime, entry.name).toBeGreaterThanOrEqual(loadEnd);
});

test('an ADD tapped before the cart control has loaded still adds, once', async ({ page }) => {
  // Hold every page script until the tap has happened.
  const release = await holdScripts(page);
  await page.goto('/product/onion-1-kg/');
  await expect(page.locator('html')).toHaveAttribute('data-scripts', 'started');
  await page.getByRole('button', { name: 'Increase quantity', exact: true }).click();
  await page.getByRole('button', { name: /^Add \d+ to Cart/ }).click();
  expect(await storedCart(page)).toEqual([]);
  release();
  await expectCartCount(page, 2);
  await expect(page.locator('html')).toHaveAttribute('data-scripts', 'ready');
  expect((await storedCart(page)).map((line) => [line.product_id, line.quantity])).toEqual([['onion-1-kg', 2]]);
});

test('a form sent before its script has loaded waits for it: the fields never reach the URL', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (message) => message.type() === 'log' && logs.push(message.text()));
  const release = await holdScripts(page);
  await page.goto('/profile/settings/personal');
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Asha');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-scripts', 'started');
  expect(new URL(page.url()).search).toBe('');
  release();
  await expect.poll(() => logs.join('\n')).toContain('Saving personal information');
  expect(logs.join('\n')).toContain('Asha');
  expect(new URL(page.url()).search).toBe('');
});

test('a tap starts the scripts at once, without waiting for the page to load and paint', async ({ page }) => {
  // With the page's clock stopped, neither the frame after the load event nor the latest start ever comes.
  await page.clock.install({ time: new Date('2026-11-23T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-23T10:00:01Z'));
  await page.goto('/category/fruits/');
  await expect(page.locator('html')).not.toHaveAttribute('data-scripts', /./);
  await page
    .getByRole('button', { name: /^Add .+ to cart$/ })
    .first()
    .click();
  await expectCartCount(page, 1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the full sheet is linked from the page itself; a listing page needs none', async ({ page }) => {
    for (const url of ['/product/onion-1-kg/', '/category/fruits/']) {
      await page.goto(url);
      const sheets = await page.evaluate(() => [...document.styleSheets].map((sheet) => sheet.href ?? 'inline'));
      expect(
        sheets.some((href) => FULL_SHEET.test(href)),
        url,
      ).toBe(hasFullSheet(url));
      expect(sheets, url).toContain('inline');
    }
  });
});
