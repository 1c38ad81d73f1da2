/**
 * A real operator's own catalogue, built by `npm run build:operator` into dist-operator/ (its own taxonomy, Bengaluru,
 * photos fetched from a loopback stand-in with broken and hostile ones among them: tests/fixtures/operator-store),
 * served with its generated `_headers`: every page answers, every photo that could be had is shown (sized, with
 * srcset) wherever its product appears and the placeholder everywhere else, the home tiles lead to the catalogue's
 * categories, the header names the shop's city, nothing breaks the security policy, and axe finds nothing serious
 * in either theme.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { areaLine } from '../../src/lib/delivery-area.ts';
import { PLACEHOLDER_IMAGE } from '../../src/lib/images.ts';
import type { CatalogueTables } from '../../src/lib/catalogue/rows.ts';
import {
  BROKEN_PHOTO_PRODUCTS,
  NO_PHOTO_PRODUCT,
  OPERATOR_DEFAULT_AREA,
  OPERATOR_SEARCH_BUNDLE_SIZE,
  SITE_PATH_PRODUCT,
} from '../fixtures/operator-store/catalogue.ts';
import { islandsHydrated } from './support/cart.ts';
import { scriptsReady, useTheme } from './support/pages.ts';
import { expectStrictPolicy, pagePaths, watchPolicy } from './support/policy.ts';
import { startSwitchableServer, type SwitchableServer } from './support/static-server.ts';
import { holdSearchIsland, resultIds, resultsRegion, searchBox, settledOn } from './support/search.ts';
import { bundleCount, bundleOf } from '../../src/lib/search/bundles.ts';

const DIST = path.resolve(import.meta.dirname, '../../dist-operator');
const catalogueFile = path.resolve(import.meta.dirname, '../../node_modules/.astro-operator/operator-catalogue.json');
const OPTIMISED = /^\/_img\/[0-9a-f]{16}-\d+x\d+-\d+\.webp$/;

let server: SwitchableServer;
let catalogue: CatalogueTables;
/** Products whose photo the build could not have: the placeholder is right for them. */
const withoutPhoto = new Set<string>([...Object.values(BROKEN_PHOTO_PRODUCTS), NO_PHOTO_PRODUCT]);

test.beforeAll(async () => {
  expect(existsSync(path.join(DIST, '_headers')), 'run `npm run build:operator` first').toBe(true);
  catalogue = JSON.parse(readFileSync(catalogueFile, 'utf8')) as CatalogueTables;
  server = await startSwitchableServer(DIST);
});
test.afterAll(async () => {
  await server?.close();
});

const url = (pathname: string) => `${server.origin}${pathname}`;

/** The attributes of an image, and whether the browser decoded it. */
async function imageOf(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({
    src: new URL(el.currentSrc || el.src).pathname,
    srcset: el.getAttribute('srcset'),
    width: el.getAttribute('width'),
    height: el.getAttribute('height'),
  }));
}

/** The photo a product's page shows (its main image, named by the product). */
async function productPhoto(page: Page, id: string, name: string) {
  await page.goto(url(`/product/${id}/`));
  return imageOf(page.getByRole('img', { name, exact: true }));
}

test('every page answers 200 and none names a city the shop does not serve', async ({ page }) => {
  const paths = pagePaths(DIST).filter((p) => p !== '/404');
  // Every product and category of the catalogue has its page.
  for (const product of catalogue.products) expect(paths).toContain(`/product/${product.id}/`);
  for (const category of catalogue.categories.filter((c) => c.parent_id === null)) expect(paths).toContain(`/category/${category.id}/`);
  for (const pathname of paths) {
    const response = await page.request.get(url(pathname));
    expect(response.status(), pathname).toBe(200);
    if (pathname.endsWith('/')) expect(await response.text(), pathname).not.toMatch(/Gurgaon|Haryana|Sector 14/);
  }
});

test('every product page shows its own photo, sized with srcset, or the placeholder where none could be had', async ({ page }) => {
  test.setTimeout(120_000);
  for (const product of catalogue.products) {
    const image = await productPhoto(page, product.id, product.name);
    if (product.id === SITE_PATH_PRODUCT) expect(image.src).toBe('/images/catalogue/milk.svg');
    else if (withoutPhoto.has(product.id)) expect(image.src, product.id).toBe(PLACEHOLDER_IMAGE);
    else {
      expect(image.src, product.id).toMatch(OPTIMISED);
      expect(image.srcset, product.id).toMatch(/^\/_img\/\S+ 384w, /);
      expect(Number(image.width) * Number(image.height), product.id).toBeGreaterThan(0);
    }
  }
  // The photo is the page's largest image: loaded first, and the social cards' image.
  await page.goto(url('/product/alphonso-mango-1-kg/'));
  const photo = page.getByRole('img', { name: 'Alphonso Mango', exact: true });
  await expect(photo).toHaveAttribute('fetchpriority', 'high');
  const og = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(new URL(og ?? '').pathname).toMatch(OPTIMISED);
});

test('a listing fetches its first photo first and draws the logo inline, so nothing queues ahead of that photo', async ({ page }) => {
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
  });
  await page.goto(url('/category/fruits-vegetables/'));
  const photos = page.locator('#all-products-list img');
  await expect(photos.nth(0)).toHaveAttribute('fetchpriority', 'high');
  await expect(photos.nth(0)).toHaveAttribute('loading', 'eager');
  // The rest of the first screen waits for it (Chromium would raise them to compete), and the others load as scrolled to.
  await expect(photos.nth(1)).toHaveAttribute('fetchpriority', 'low');
  await expect(photos.nth(1)).toHaveAttribute('loading', 'eager');
  await expect(photos.nth(2)).toHaveAttribute('loading', 'lazy');
  await expect(photos.nth(2)).not.toHaveAttribute('fetchpriority', /./);
  await expect(page.getByRole('banner').getByRole('link', { name: /home$/ }).locator('svg')).toHaveCount(1);
  await expect.poll(() => images.length).toBeGreaterThan(0);
  expect(images).not.toContain('/favicon.svg');
});

test('the same photo on the card, in search, the cart, checkout, the order and "Buy again"', async ({ page }) => {
  const mango = { id: 'alphonso-mango-1-kg', name: 'Alphonso Mango' };
  const hash = (await productPhoto(page, mango.id, mango.name)).src.slice('/_img/'.length, '/_img/'.length + 16);
  // A card's photo is decorative (alt=""): the card names the product.
  const card = (scope: Page | Locator) => scope.getByRole('article').filter({ hasText: mango.name }).locator('img');

  await page.goto(url('/category/fruits-vegetables/'));
  const listed = await imageOf(card(page).first());
  expect(listed.src).toContain(hash);
  expect(listed.srcset).toMatch(/ 256w, .* 640w$/);

  await page.goto(url('/search/?q=mango'));
  await settledOn(page, 'mango');
  expect((await imageOf(card(page).first())).src).toContain(hash);

  await page.goto(url(`/product/${mango.id}/`));
  await islandsHydrated(page);
  await page.getByRole('button', { name: /^Add 1 to Cart/ }).click();
  await page.goto(url('/cart/'));
  const line = page.getByRole('listitem').filter({ hasText: mango.name });
  expect((await imageOf(line.locator('img'))).src).toContain(hash);

  await page.goto(url('/checkout/'));
  const summary = page.getByRole('listitem').filter({ hasText: mango.name });
  expect((await imageOf(summary.locator('img'))).src).toContain(hash);
  await page.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('12, 5th Cross, Koramangala');
  await page.getByRole('button', { name: 'Place Order', exact: true }).click();
  await page.waitForURL(/\/orders\/?$/, { timeout: 10_000 });
  // Until the island has read the stored orders, the list is the pre-rendered one, without this order.
  await islandsHydrated(page);
  // Orders placed here come first; the card pictures its items too.
  const order = page.locator('a[data-order-id]').first();
  expect((await imageOf(order.locator('img').first())).src).toContain(hash);
  await order.click();
  const item = page.getByRole('listitem').filter({ hasText: mango.name });
  expect((await imageOf(item.locator('img'))).src).toContain(hash);

  await page.goto(url('/'));
  const again = page.getByRole('region', { name: 'Buy again', exact: true });
  expect((await imageOf(card(again).first())).src).toContain(hash);
});

test("home tiles are the catalogue's categories and every one leads to its page", async ({ page }) => {
  await page.goto(url('/'));
  const row = page.getByRole('region', { name: 'Shop by Category', exact: true });
  const tiles = row.getByRole('link');
  const top = catalogue.categories.filter((c) => c.parent_id === null).sort((a, b) => a.sort_order - b.sort_order);
  await expect(tiles).toHaveText(top.map((c) => c.name));
  const images = await tiles.locator('img').evaluateAll((els) => els.map((el) => el.getAttribute('src')));
  expect(images[0]).toMatch(OPTIMISED);
  // No image: the bundled illustration of a word of its id (dairy, juices: its SVG photo was refused), else the placeholder.
  expect(images.slice(1)).toEqual([
    '/images/catalogue/category-dairy.svg',
    PLACEHOLDER_IMAGE,
    '/images/catalogue/category-juices.svg',
    expect.stringMatching(OPTIMISED),
  ]);
  for (const [i, category] of top.entries()) {
    await tiles.nth(i).click();
    await expect(page).toHaveURL(url(`/category/${category.id}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
    await page.goBack();
  }
  // The banner's "Explore Stores" goes to the catalogue's fruit aisle.
  await expect(page.getByRole('link', { name: 'Explore Stores', exact: true })).toHaveAttribute('href', '/category/fruits-vegetables');
});

test('search answers from every bundle of an index split in three, each product once, with the whole count', async ({ page }) => {
  const bundles = bundleCount(catalogue.products.length, OPERATOR_SEARCH_BUNDLE_SIZE);
  expect(bundles).toBe(3);
  const requested = new Set<string>();
  page.on('request', (request) => requested.add(new URL(request.url()).pathname.replace(/[^/]*$/, '')));
  /** The ids of the products whose name has `word`, and the bundles they are in. */
  const matching = (word: string) => {
    const ids = catalogue.products.filter((p) => new RegExp(`\\b${word}\\b`, 'i').test(p.name)).map((p) => p.id);
    return { ids, bundles: new Set(ids.map((id) => bundleOf(id, bundles))) };
  };
  const count = page.getByRole('region', { name: /^Results for/ }).getByText(/^\d+ products?$/);

  // Found in the first bundle and in another: the first bundle's answer shows first, then the whole index's.
  const rice = matching('rice');
  expect([...rice.bundles].sort()).toEqual([0, 2]);
  // The other bundles held back: bundle 0's answer shows alone, without a count.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/pagefind\/bundle-\d+\//, async (route) => {
    await held;
    await route.continue();
  });
  // Typed: a link with the query would show the build's first page, the whole index's answer (below).
  await page.goto(url('/search/'));
  await searchBox(page).fill('rice');
  await settledOn(page, 'rice', 'results', false);
  expect(await resultIds(page)).toEqual(rice.ids.filter((id) => bundleOf(id, bundles) === 0));
  await expect(resultsRegion(page)).toHaveAttribute('data-search-complete', 'false');
  await expect(count).toBeHidden();
  release();
  await settledOn(page, 'rice');
  const ids = await resultIds(page);
  expect(ids[0], 'the card shown first stays in its place').toBe(rice.ids.find((id) => bundleOf(id, bundles) === 0));
  expect(ids.sort()).toEqual(rice.ids.sort());
  await expect(count).toHaveText(`${rice.ids.length} products`);
  await expect(page.locator('[aria-live="polite"][aria-atomic="true"]').last()).toHaveText(`${rice.ids.length} products found`);
  expect(requested).toContain('/pagefind/bundle-2/');

  // Not in the first bundle at all: never "No products found" on its say-so.
  const dal = matching('dal');
  expect(dal.bundles.has(0)).toBe(false);
  await searchBox(page).fill('dal');
  await settledOn(page, 'dal');
  expect((await resultIds(page)).sort()).toEqual(dal.ids.sort());
  await expect(count).toHaveText(`${dal.ids.length} products`);

  // A link with the query: its first page (src/lib/search/README.md) is the whole index's answer at once, bundles held or not.
  await page.goto(url('/search/?q=rice'));
  await expect(count).toHaveText(`${rice.ids.length} products`);
  expect((await resultIds(page)).sort()).toEqual(rice.ids.sort());
});

test("a search link's first page shows the shop's photos as the island does: sized, with the same candidates", async ({ page }) => {
  const release = await holdSearchIsland(page);
  await page.goto(url('/search/?q=rice'));
  const photos = (root: Locator) =>
    root
      .locator('[data-search-results] img')
      .evaluateAll((images) =>
        images.map((img) =>
          ['src', 'srcset', 'sizes', 'width', 'height', 'loading', 'fetchpriority'].map((name) => img.getAttribute(name)),
        ),
      );
  const first = page.locator('#search-first');
  await expect(first.locator('[data-search-results] img').first()).toBeVisible();
  const shown = await photos(first);
  expect(shown.some(([src, srcset]) => OPTIMISED.test(src ?? '') && srcset?.includes('w, '))).toBe(true);
  release();
  await expect(first).toHaveCount(0);
  expect(await photos(resultsRegion(page))).toEqual(shown);
});

test("the header names the shop's own area and delivery time", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto(url('/stores/'));
  const header = page.getByRole('banner');
  await expect(header.getByText(areaLine(OPERATOR_DEFAULT_AREA))).toBeVisible();
  await expect(header.getByText(`Delivery in ${OPERATOR_DEFAULT_AREA.minutes} mins`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Delivering to ${OPERATOR_DEFAULT_AREA.area}, ${OPERATOR_DEFAULT_AREA.city}`, { exact: true })).toBeVisible();
});

test('nothing breaks the security policy, which allows images from the site only', async ({ page, context }) => {
  const watch = await watchPolicy(context);
  const response = await page.goto(url('/'));
  expectStrictPolicy(response?.headers() ?? {});
  expect(response?.headers()['content-security-policy']).toContain("img-src 'self';");
  for (const pathname of ['/', '/category/fruits-vegetables/', '/product/alphonso-mango-1-kg/', '/stores/', '/search/?q=dal']) {
    await page.goto(url(pathname));
    await watch.settle(page);
  }
  expect(watch.reports).toEqual([]);
});

for (const theme of ['dark', 'light'] as const) {
  test(`home, listing, product and stores have no serious accessibility violations (${theme})`, async ({ page }) => {
    // An axe scan of each of several pages: 34-47 s on a loaded 2-core machine, so a minute is not enough.
    test.setTimeout(120_000);
    await useTheme(page, theme);
    // Reduced motion: the carousel holds still, so axe sees a stable page.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const pathname of [
      '/',
      '/category/munchies/',
      '/product/alphonso-mango-1-kg/',
      `/product/${BROKEN_PHOTO_PRODUCTS.svg}/`,
      '/stores/',
    ]) {
      await page.goto(url(pathname));
      await (theme === 'dark'
        ? expect(page.locator('html')).toHaveClass(/\bdark\b/)
        : expect(page.locator('html')).not.toHaveClass(/\bdark\b/));
      await scriptsReady(page);
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${pathname}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });
}
