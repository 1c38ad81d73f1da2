/** Shared helpers of the pages specs: the sample catalogue the site was built from, and theme setup. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { must } from '../../../scripts/lib/must.ts';
import type { CatalogueTables, ProductTableRow } from '../../../src/lib/catalogue/rows.ts';
import { pageStyleFor, WHOLE_SHEET_STYLES } from '../../../src/lib/first-paint.ts';

/** The bundled sample catalogue (what `npm run build` renders by default). */
export const sample = JSON.parse(
  readFileSync(new URL('../../../src/data/sample-catalogue.json', import.meta.url), 'utf8'),
) as CatalogueTables;

const find = (label: string, test: (p: ProductTableRow) => boolean): ProductTableRow => {
  const product = sample.products.find(test);
  if (!product) throw new Error(`sample catalogue has no ${label} product`);
  return product;
};

/** Representative products: discounted and available, out of stock, and ones exercising the image and unit fallbacks. */
export const products = {
  discounted: find('discounted', (p) => p.id === 'banana-robusta-6-pcs'),
  unavailable: find('unavailable', (p) => !p.is_available),
  noImage: find('imageless', (p) => p.is_available && !p.image_url),
  noUnit: find('unitless', (p) => p.is_available && !p.quantity_unit),
};

/** Stores the tests use: one with a rating and delivery time, one without a rating. */
export const stores = {
  rated: must(
    sample.stores.find((s) => s.id === 'sharma-general-store'),
    'store sharma-general-store',
  ),
  unrated: must(
    sample.stores.find((s) => s.is_active && s.rating === null),
    'an active store without a rating',
  ),
};

/** Sets the stored theme before any page script runs. */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
}

/** Collects console errors and uncaught exceptions of a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** The full sheet (src/styles/global.css), which the loader adds after the first paint. */
export const FULL_SHEET = /\/_astro\/global\.[\w-]+\.css$/;

/** Whether the page at `path` loads the full sheet (a listing page's inline sheet is its whole CSS). */
export const hasFullSheet = (path: string): boolean => !WHOLE_SHEET_STYLES.has(pageStyleFor(path));

/** Waits until the page's scripts have run: they start after the first paint (src/browser/after-paint.ts). */
export async function scriptsReady(page: Page): Promise<void> {
  await page.locator('html[data-scripts="ready"]').waitFor({ state: 'attached' });
}
