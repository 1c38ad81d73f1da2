/** Helpers of the search specs: drive the /search box and read what it settled on. */
import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { CatalogueTables, ProductTableRow } from '../../../src/lib/catalogue/rows.ts';

/** The bundled sample catalogue the site under test was built from. */
export const catalogue = JSON.parse(
  readFileSync(new URL('../../../src/data/sample-catalogue.json', import.meta.url), 'utf8'),
) as CatalogueTables;

/** Available products by id. */
export const availableById = new Map<string, ProductTableRow>(catalogue.products.filter((p) => p.is_available).map((p) => [p.id, p]));

/** Every product by id: search finds those out of stock too (marked, and listed last). */
export const productById = new Map<string, ProductTableRow>(catalogue.products.map((p) => [p.id, p]));

/** The top-level category id of a product. */
export function topCategory(product: ProductTableRow): string | null {
  const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
  let current = byId.get(product.category_id);
  const seen = new Set<string>();
  while (current?.parent_id && !seen.has(current.id)) {
    seen.add(current.id);
    current = byId.get(current.parent_id);
  }
  return current?.id ?? null;
}

/** Opens the search page (optionally with a query string) and waits for its island to be ready. */
export async function openSearch(page: Page, url = '/search'): Promise<void> {
  await page.goto(url);
  await expect(page.locator('[data-search-ready]')).toBeAttached();
}

/**
 * Holds back the search island's script (the page runs without it, as before React arrives) until the returned
 * function is called.
 */
export async function holdSearchIsland(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/SearchPage[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export const searchBox = (page: Page): Locator => page.getByRole('searchbox', { name: 'Search products', exact: true });
export const resultsRegion = (page: Page): Locator => page.locator('#search-results');

/**
 * Waits until the page has settled (results, empty or error) on `query`, with the answer to the search asked for
 * now (the chip, sort and words of this moment, `data-search-current`), not the last one still on screen. With
 * `all`, scrolls to the end of the list so its remaining cards (beyond the first 12, up to 50) load, and waits for
 * them.
 */
export async function settledOn(
  page: Page,
  query: string,
  state: 'results' | 'empty' | RegExp = /^(results|empty)$/,
  all = true,
): Promise<void> {
  const region = resultsRegion(page);
  await expect(region).toHaveAttribute('data-search-current', 'true');
  await expect(region).toHaveAttribute('data-search-query', query);
  await expect(region).toHaveAttribute('data-search-state', state);
  if (!all || (await region.getAttribute('data-search-state')) !== 'results') return;
  // The first cards come with the answer; the rest load in batches as the end of the list comes into view.
  await expect(async () => {
    const more = page.locator('[data-search-more]');
    if (await more.count()) await more.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(region).toHaveAttribute('data-search-complete', 'true', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Types into the box (replacing what is there) and waits for the answer to that text. */
export async function search(page: Page, query: string, state?: 'results' | 'empty' | RegExp): Promise<void> {
  await searchBox(page).fill(query);
  await settledOn(page, query, state);
}

/** The product ids of the result cards, in order (from their links). */
export async function resultIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('[data-search-results] article > a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => decodeURIComponent(href.replace(/^\/product\//, '').replace(/\/$/, '')));
}

/** The prices shown on the result cards, in rupees, in order. */
export async function resultPrices(page: Page): Promise<number[]> {
  const ids = await resultIds(page);
  return ids.map((id) => productById.get(id)?.price ?? Number.NaN);
}
