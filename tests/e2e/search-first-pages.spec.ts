/**
 * The build's first pages (src/lib/search/README.md, "First pages"). They answer as the search does: every file of the sample's, the
 * 10,000-product and the operator's build is compared with what the page's own search code, run in Chromium over that served build,
 * shows on its first screen (cards in order, total, out-of-stock count, correction). And a search link shows its file's first page
 * before React, its full stylesheet or Pagefind arrive, in the island's own markup, which the island then takes over in place.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { build } from 'esbuild';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FIRST_PAGE_DIR, firstPageUrl, type FirstPage } from '../../src/lib/search/first-page.ts';
import { useTheme } from './support/pages.ts';
import { watchPolicy } from './support/policy.ts';
import { holdSearchIsland, resultIds, resultsRegion, settledOn } from './support/search.ts';
import { startSwitchableServer } from './support/static-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILDS = ['dist', process.env['SCALE_OUT_DIR'] ?? 'dist-scale', 'dist-operator'];

test.describe("every first page is the search's own first screen", () => {
  test.use({ bypassCSP: true });

  for (const dist of BUILDS) {
    test(`every first page of ${dist} is the search's own first screen`, async ({ page }) => {
      test.setTimeout(240_000);
      const folder = path.join(ROOT, dist, FIRST_PAGE_DIR);
      expect(existsSync(folder), `${folder}: build ${dist} first`).toBe(true);
      const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
      expect(names.length).toBeGreaterThan(50);
      const files = await Promise.all(
        names.map(async (name) => JSON.parse(await readFile(path.join(folder, name), 'utf8')) as Record<string, unknown>),
      );
      const bundled = await build({
        entryPoints: [path.join(import.meta.dirname, 'support/first-page-search.ts')],
        bundle: true,
        write: false,
        format: 'esm',
        target: 'es2022',
      });
      const server = await startSwitchableServer(path.join(ROOT, dist), { record: false });
      try {
        await page.goto(`${server.origin}/offline/`);
        await page.addScriptTag({ type: 'module', content: bundled.outputFiles[0]?.text ?? '' });
        await page.waitForFunction(() => 'firstScreen' in globalThis);
        const keys = files.map((file) => String(file['key']));
        const screens = await page.evaluate(async (queries) => {
          const run = (globalThis as unknown as { firstScreen: (q: string) => Promise<unknown> }).firstScreen;
          const out: unknown[] = [];
          for (const q of queries) out.push(await run(q));
          return out;
        }, keys);
        const differing = files.flatMap((file, i) => {
          const expected = {
            total: file['total'],
            outOfStock: file['outOfStock'],
            correction: file['correction'] ?? null,
            cards: file['cards'],
          };
          return JSON.stringify(screens[i]) === JSON.stringify(expected) ? [] : [{ key: keys[i], file: expected, search: screens[i] }];
        });
        expect(differing.slice(0, 3), `${differing.length} of ${files.length} first pages differ from the search`).toEqual([]);
      } finally {
        await server.close();
      }
    });
  }
});

/** The sample build's first page for `key`, as the build wrote it. */
const fileOf = (key: string): FirstPage => JSON.parse(readFileSync(path.join(ROOT, 'dist', firstPageUrl(key)), 'utf8')) as FirstPage;

/** A key of the sample build whose first page shows a card out of stock. */
const keyWithOutOfStock = (): string => {
  const folder = path.join(ROOT, 'dist', FIRST_PAGE_DIR);
  const name = readdirSync(folder).find((file) =>
    (JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as FirstPage).cards.some((card) => !card.is_available),
  );
  if (!name) throw new Error('no first page of the sample shows a product out of stock');
  return name.replace(/\.json$/, '').replaceAll('-', ' ');
};

const firstPage = (page: Page): Locator => page.locator('#search-first');

/** Holds back the full stylesheet: what the first page shows must come with its own script. */
async function holdFullSheet(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/[^/]+\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * A list's markup to compare: attributes sorted, without comments (React's text separators) or what the cart control's script sets
 * on its button once it runs (`aria-busy`), which only the island's cards have lived long enough to get.
 */
const listMarkup = (list: Locator) =>
  list.evaluate((ul) => {
    const copy = ul.cloneNode(true) as Element;
    const walk = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element)) return '';
      const attributes = [...node.attributes]
        .filter((a) => a.name !== 'aria-busy')
        .map((a) => `${a.name}="${a.value}"`)
        .sort();
      return `<${node.localName} ${attributes.join(' ')}>${[...node.childNodes].map(walk).join('')}</${node.localName}>`;
    };
    return walk(copy);
  });

test.describe('a search link answered by its first page', () => {
  test("shows the file's cards before React, the full sheet and Pagefind, then the island takes them over in place", async ({ page }) => {
    const file = fileOf('milk');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const releaseIsland = await holdSearchIsland(page);
    const releaseSheet = await holdFullSheet(page);
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as unknown as { shifts: number }).shifts += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/search/?q=milk', { waitUntil: 'domcontentloaded' });

    const cards = firstPage(page).locator('[data-search-results] li');
    await expect(cards).toHaveCount(file.cards.length);
    await expect(firstPage(page).getByRole('heading', { level: 2 })).toHaveText('Results for milk');
    await expect(firstPage(page).getByText(`${file.total} products`, { exact: true })).toBeVisible();
    expect(await cards.locator('h3').allTextContents()).toEqual(file.cards.map((card) => card.name));
    // Drawn by its own rules: two columns on a phone while the full sheet is still held back.
    const columns = await firstPage(page)
      .locator('ul')
      .first()
      .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(2);
    const image = cards.first().locator('img');
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    await expect(image).toHaveAttribute('loading', 'eager');
    await expect(cards.nth(11).locator('img')).toHaveAttribute('loading', 'lazy');
    // Nothing of Pagefind ran: its files are fetched ahead (low priority), no index is read.
    expect(requests.filter((url) => /\.pf_(meta|index|fragment)$/.test(url))).toEqual([]);
    const markup = await listMarkup(firstPage(page).locator('ul').first());
    const boxes = await Promise.all([0, 1, 2, 3].map((i) => cards.nth(i).boundingBox()));

    releaseSheet();
    releaseIsland();
    await expect(firstPage(page)).toHaveCount(0);
    const region = resultsRegion(page);
    await expect(region).toHaveAttribute('data-search-state', 'results');
    expect(await resultIds(page)).toEqual(file.cards.map((card) => card.id));
    expect(await listMarkup(region.locator('[data-search-results] ul'))).toBe(markup);
    const after = await Promise.all([0, 1, 2, 3].map((i) => region.locator('[data-search-results] li').nth(i).boundingBox()));
    expect(after).toEqual(boxes);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    // Still no index read: Pagefind waits for the shopper.
    expect(requests.filter((url) => /\.pf_(meta|index|fragment)$/.test(url))).toEqual([]);

    // Scrolling on brings the rest, from Pagefind.
    await settledOn(page, 'milk', 'results');
    expect((await resultIds(page)).slice(0, file.cards.length)).toEqual(file.cards.map((card) => card.id));
    expect(await resultIds(page)).toHaveLength(Math.min(file.total, 50));
  });

  test('a misspelt link shows its correction and the way back, and cards out of stock as the island does', async ({ page }) => {
    const releaseIsland = await holdSearchIsland(page);
    await page.goto('/search/?q=mlik', { waitUntil: 'domcontentloaded' });
    await expect(firstPage(page).getByRole('heading', { level: 2 })).toHaveText('Showing results for milk');
    const back = firstPage(page).getByRole('link', { name: 'mlik', exact: true });
    await expect(back).toHaveAttribute('href', '/search?q=mlik&exact=1');
    await expect(firstPage(page).getByText('Search instead for mlik', { exact: true })).toBeVisible();

    const key = keyWithOutOfStock();
    const file = fileOf(key);
    await page.goto(`/search/?q=${encodeURIComponent(key)}`, { waitUntil: 'domcontentloaded' });
    const cards = firstPage(page).locator('[data-search-results] li');
    await expect(cards).toHaveCount(file.cards.length);
    const markup = await listMarkup(firstPage(page).locator('ul').first());
    for (const [i, card] of file.cards.entries()) {
      await expect(cards.nth(i).getByText('Out of stock', { exact: true })).toHaveCount(card.is_available ? 0 : 1);
      await expect(cards.nth(i).getByRole('button', { name: `Add ${card.name} to cart`, exact: true })).toHaveCount(
        card.is_available ? 1 : 0,
      );
    }
    releaseIsland();
    await expect(firstPage(page)).toHaveCount(0);
    expect(await listMarkup(resultsRegion(page).locator('[data-search-results] ul'))).toBe(markup);
  });

  test('a query without a file searches with Pagefind at once, as before', async ({ page }) => {
    const query = 'toned milk 1 l';
    expect(existsSync(path.join(ROOT, 'dist', firstPageUrl('toned milk 1 l')))).toBe(false);
    await page.goto(`/search/?q=${encodeURIComponent(query)}`);
    await settledOn(page, query, 'results');
    await expect(firstPage(page)).toHaveCount(0);
    expect((await resultIds(page)).length).toBeGreaterThan(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`no serious or critical accessibility violations on a first page (${theme})`, async ({ page }) => {
      await useTheme(page, theme);
      const release = await holdSearchIsland(page);
      await page.goto('/search/?q=mlik', { waitUntil: 'domcontentloaded' });
      await expect(firstPage(page).locator('[data-search-results] li').first()).toBeVisible();
      const violations = (await new AxeBuilder({ page }).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(violations).toEqual([]);
      release();
    });
  }

  test('under the security policy: no violation (its inline starter is hashed, its sheet constructed)', async ({ page, context }) => {
    const server = await startSwitchableServer(path.join(ROOT, 'dist'), { record: false });
    try {
      const watch = await watchPolicy(context);
      const release = await holdSearchIsland(page);
      await page.goto(`${server.origin}/search/?q=amul`, { waitUntil: 'domcontentloaded' });
      await expect(firstPage(page).locator('[data-search-results] li').first()).toBeVisible();
      release();
      await expect(firstPage(page)).toHaveCount(0);
      await watch.settle(page);
      expect(watch.reports).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
