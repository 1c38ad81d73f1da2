import { expect, test, type Page } from '@playwright/test';
import { must } from '../../scripts/lib/must.ts';
import { formatUnitPrice } from '../../src/lib/unit-price.ts';
import { collectErrors, products, sample } from './support/pages.ts';

/** Appends every later page of a listing ("Show more" until there is no more), as a shopper scrolling it all would. */
async function showAll(page: Page): Promise<void> {
  const more = page.getByRole('button', { name: 'Show more', exact: true });
  const cards = page.getByRole('region', { name: 'All Products', exact: true }).getByRole('article');
  await expect(page.locator('thela-listing:defined')).toHaveCount(1); // the listing's script has wired the button
  while (await more.isVisible()) {
    const before = await cards.count();
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
  }
}

const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

test.describe('product page', () => {
  test('shows image, discount, name, unit, prices and description', async ({ page }) => {
    const p = products.discounted;
    const errors = collectErrors(page);
    const response = await page.goto(`/product/${p.id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${p.name} | Thela`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.name);
    await expect(page.getByRole('img', { name: p.name })).toHaveAttribute('src', must(p.image_url, 'image_url'));
    const originalPrice = must(p.original_price, 'original_price');
    const percent = Math.round(((originalPrice - p.price) / originalPrice) * 100);
    await expect(page.getByText(`${percent}% OFF`, { exact: true })).toBeVisible();
    await expect(page.getByText(must(p.quantity_unit, 'quantity_unit'), { exact: true })).toBeVisible();
    await expect(page.getByText(inr(p.price), { exact: true }).first()).toBeVisible();
    await expect(
      page
        .locator('s')
        .filter({ hasText: inr(originalPrice) })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'About this product', exact: true })).toBeVisible();
    await expect(page.getByText(must(p.description, 'description'))).toBeVisible();
    // The search index is written from the catalogue (scripts/lib/search-index.ts): pages carry no search markup.
    await expect(page.locator('[data-pagefind-body], [data-search-product]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('stepper floors at 1 and "Add N to Cart" adds N to the shared cart', async ({ page }) => {
    const p = products.discounted;
    await page.goto(`/product/${p.id}`);
    const minus = page.getByRole('button', { name: 'Decrease quantity', exact: true });
    const plus = page.getByRole('button', { name: 'Increase quantity', exact: true });
    await expect(page.getByRole('button', { name: /^Add 1 to Cart/ })).toBeVisible();
    await expect(minus).toBeDisabled();
    await plus.click();
    await plus.click();
    const add = page.getByRole('button', { name: /^Add 3 to Cart/ });
    await expect(add).toContainText(inr(p.price * 3));
    await minus.click();
    await minus.click();
    await expect(minus).toBeDisabled();
    await expect(page.getByRole('button', { name: /^Add 1 to Cart/ })).toBeVisible();
    await plus.click();
    await plus.click();
    await add.click();
    await expect(page.getByRole('link', { name: 'Cart, 3 items', exact: true })).toBeVisible();
    const stored = await page.evaluate((): unknown => JSON.parse(localStorage.getItem('cart-items') ?? '[]'));
    expect(stored).toEqual([expect.objectContaining({ product_id: p.id, quantity: 3 })]);
  });

  test('fallbacks: placeholder image, "pcs" unit, out of stock without the add button', async ({ page }) => {
    await page.goto(`/product/${products.noImage.id}`);
    await expect(page.getByRole('img', { name: products.noImage.name })).toHaveAttribute('src', '/images/placeholder.svg');
    await page.goto(`/product/${products.noUnit.id}`);
    await expect(page.getByText('pcs', { exact: true })).toBeVisible();
    await page.goto(`/product/${products.unavailable.id}`);
    await expect(page.getByText('Out of stock', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /to Cart/ })).toHaveCount(0);
  });

  test('carries Product JSON-LD with the INR price and availability', async ({ page }) => {
    for (const p of [products.discounted, products.unavailable]) {
      await page.goto(`/product/${p.id}`);
      const json = await page.locator('script[type="application/ld+json"]').textContent();
      const data: unknown = JSON.parse(json ?? '');
      expect(data).toMatchObject({
        '@type': 'Product',
        name: p.name,
        sku: p.id,
        offers: {
          priceCurrency: 'INR',
          price: p.price.toFixed(2),
          availability: p.is_available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
      });
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    }
  });

  test('an id that was not pre-rendered shows "Product not found" with a link home, status 404', async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto('/product/no-such-product');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found');
    await expect(page.getByRole('link', { name: 'Go back to home', exact: true })).toHaveAttribute('href', '/');
    await expect(page.getByText('Oops! Page not found', { exact: true })).toBeHidden();
    expect(errors.some((e) => e.includes('/product/no-such-product'))).toBe(true);
  });
});

test.describe('category pages', () => {
  test('fruits: title, the four fixed subcategory entries with counts, and the grid', async ({ page }) => {
    const response = await page.goto('/category/fruits');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fruits');
    const browse = page.getByRole('region', { name: 'Browse by Subcategory', exact: true });
    const links = browse.getByRole('link');
    await expect(links).toHaveText([
      /Fresh Fruits\s*24 products/,
      /Fresh Vegetables\s*32 products/,
      /Exotic Fruits\s*12 products/,
      /Organic Produce\s*18 products/,
    ]);
    await expect(links.first()).toHaveAttribute('href', '/category/fruits/subcategory/fresh-fruits');
    await expect(links.nth(1)).toHaveAttribute('href', '/category/fruits/subcategory/fresh-vegetables');

    // All Products: every product in the fruits subcategories; out-of-stock ones without ADD.
    const subIds = new Set(sample.categories.filter((c) => c.parent_id === 'fruits').map((c) => c.id));
    const expected = sample.products.filter((p) => subIds.has(p.category_id));
    const grid = page.getByRole('region', { name: 'All Products', exact: true });
    await showAll(page);
    await expect(grid.getByRole('article')).toHaveCount(expected.length);
    const outOfStock = expected.filter((p) => !p.is_available).length;
    await expect(grid.getByText('Out of stock', { exact: true })).toHaveCount(outOfStock);
    await expect(grid.getByRole('button', { name: /^Add .+ to cart$/ })).toHaveCount(expected.length - outOfStock);
  });

  test('in-page search filters by name, case-insensitively, with an empty state', async ({ page }) => {
    await page.goto('/category/fruits');
    const grid = page.getByRole('region', { name: 'All Products', exact: true });
    const search = page.getByRole('searchbox', { name: 'Search products in Fruits', exact: true });
    const apples = sample.products.filter(
      (p) => /apple/i.test(p.name) && sample.categories.find((c) => c.id === p.category_id)?.parent_id === 'fruits',
    );
    expect(apples.length).toBeGreaterThan(1);
    await search.fill('aPPLe');
    await expect(grid.getByRole('article')).toHaveCount(apples.length);
    for (const heading of await grid.getByRole('heading', { level: 3 }).allTextContents()) expect(heading.toLowerCase()).toContain('apple');
    await search.fill('zzzz');
    await expect(grid.getByRole('article')).toHaveCount(0);
    await expect(page.getByText('No products found', { exact: true })).toBeVisible();
    await search.fill('');
    await expect(page.getByText('No products found', { exact: true })).toBeHidden();
    await expect(grid.getByRole('article').first()).toBeVisible();
  });

  test('another category lists its own subcategories; the subcategory page goes back to the category', async ({ page }) => {
    await page.goto('/category/dairy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dairy & Eggs');
    const own = sample.categories.filter((c) => c.parent_id === 'dairy').sort((a, b) => a.sort_order - b.sort_order);
    const links = page.getByRole('region', { name: 'Browse by Subcategory', exact: true }).getByRole('link');
    await expect(links).toHaveCount(own.length);
    await links.first().click();
    const first = must(own[0], 'a dairy subcategory');
    await expect(page).toHaveURL(new RegExp(`/category/dairy/subcategory/${first.id}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    const count = sample.products.filter((p) => p.category_id === first.id).length;
    await showAll(page);
    await expect(page.getByRole('region', { name: 'All Products', exact: true }).getByRole('article')).toHaveCount(count);
    await page.getByRole('link', { name: 'Dairy & Eggs', exact: true }).first().click();
    await expect(page).toHaveURL(/\/category\/dairy\/?$/);
  });

  test('fresh vegetables under fruits lists its 32 products', async ({ page }) => {
    const response = await page.goto('/category/fruits/subcategory/fresh-vegetables');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh Vegetables');
    await showAll(page);
    await expect(page.getByRole('region', { name: 'All Products', exact: true }).getByRole('article')).toHaveCount(32);
    await expect(page.getByRole('link', { name: 'Fruits', exact: true }).first()).toHaveAttribute('href', '/category/fruits');
  });

  test('a missing category shows the "Category" fallback with "No products found"', async ({ page }) => {
    const response = await page.goto('/category/no-such-category');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Category');
    await expect(page.getByText('No products found', { exact: true })).toBeVisible();
  });
});

test.describe('unit prices', () => {
  const withUnit = (unit: string) => sample.products.find((p) => p.is_available && p.quantity_unit === unit)!;

  test('the product page and every card show the price per kg, L or piece; approximate packs show none', async ({ page }) => {
    const grams = withUnit('500 g');
    await page.goto(`/product/${grams.id}`);
    await expect(page.getByText(`500 g · ${formatUnitPrice(grams.price * 100, '500 g')}`, { exact: true })).toBeVisible();
    expect(formatUnitPrice(grams.price * 100, '500 g')).toMatch(/^₹[\d,.]+\/kg$/);

    const litres = withUnit('1 L');
    await page.goto(`/product/${litres.id}`);
    await expect(page.locator('[data-unit-price]')).toHaveText(` · ${formatUnitPrice(litres.price * 100, '1 L')}`);

    const approx = sample.products.find((p) => p.is_available && p.quantity_unit?.includes('approx.'))!;
    await page.goto(`/product/${approx.id}`);
    await expect(page.locator('[data-unit-price]')).toHaveCount(0);

    // On a listing: each card with a measurable pack size carries its unit price.
    await page.goto('/category/dairy');
    const cards = page.getByRole('region', { name: 'All Products', exact: true }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const card of (await cards.all()).slice(0, 8)) {
      const href = (await card.getByRole('link').first().getAttribute('href')) ?? '';
      const product = sample.products.find((p) => href === `/product/${encodeURIComponent(p.id)}`)!;
      const expected = formatUnitPrice(product.price * 100, product.quantity_unit);
      if (expected) await expect(card).toContainText(expected);
      else await expect(card).not.toContainText(/\/(kg|L|pc)\b/);
    }
  });
});
