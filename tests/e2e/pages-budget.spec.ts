import { expect, test } from '@playwright/test';
import { pageWeight } from './support/pages-weight.ts';
import { products } from './support/pages.ts';

// Bytes a page ships, read from the built files (gzip level 9). Budgets, not timings: stable enough for CI.
const KB = 1024;

test.describe('page weight budgets', () => {
  // HTML + the site-wide stylesheet should fit the first 14 KB round trip; the stylesheet is shared by every page
  // (scripts/check-budgets.ts reports the sum), so this checks the HTML's share: 14 KB minus ~9 KB of CSS.
  test('product pages ship at most 75 KB of gzipped JS, no React, and lean HTML', () => {
    for (const product of [products.discounted, products.unavailable]) {
      const weight = pageWeight(`/product/${product.id}`);
      expect(weight.jsGzip).toBeLessThanOrEqual(75 * KB);
      expect(weight.react).toBe(false);
      expect(weight.htmlGzip).toBeLessThanOrEqual(5.5 * KB);
    }
  });

  test('category, subcategory and shop pages ship no React and little JS', () => {
    for (const path of ['/category/fruits', '/category/fruits/subcategory/fresh-fruits', '/shop/grocery', '/stores']) {
      const weight = pageWeight(path);
      expect(weight.react, path).toBe(false);
      expect(weight.jsGzip, path).toBeLessThanOrEqual(10 * KB);
      expect(weight.htmlGzip, path).toBeLessThanOrEqual(12 * KB);
    }
  });

  test('content pages ship no React', () => {
    for (const path of ['/about', '/help', '/help/faq', '/offers', '/offers/specials', '/wishlist', '/shops']) {
      expect(pageWeight(path).react, path).toBe(false);
    }
  });
});
