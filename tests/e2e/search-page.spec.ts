import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { displayUnit } from '../../src/lib/format.ts';
import { formatUnitPrice, unitPrice } from '../../src/lib/unit-price.ts';
import { indexTermsFor } from '../../src/lib/search/synonyms.ts';
import { normalizeWords } from '../../src/lib/search/normalize.ts';
import { collectErrors } from './support/pages.ts';
import {
  catalogue,
  holdSearchIsland,
  openSearch,
  productById,
  resultIds,
  resultPrices,
  resultsRegion,
  search,
  searchBox,
  settledOn,
  topCategory,
} from './support/search.ts';

/** Products (in stock or not) a query word finds by the rules of the index: a word of the name, synonyms or pack size starting with it. */
function expectedFor(word: string): string[] {
  return [...productById.values()]
    .filter((p) =>
      normalizeWords(`${p.name} ${indexTermsFor(p.name, p.brand).join(' ')} ${displayUnit(p.quantity_unit)}`)
        .split(' ')
        .some((w) => w.startsWith(word)),
    )
    .map((p) => p.id)
    .sort();
}

test.describe('search page', () => {
  test('before typing: autofocused box, trending searches and popular categories', async ({ page }) => {
    await openSearch(page);
    await expect(searchBox(page)).toBeFocused();
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search "milk"');
    await expect(page.getByRole('heading', { name: 'Trending Searches', exact: true })).toBeVisible();
    const trending = page.getByRole('region', { name: 'Trending Searches', exact: true });
    await expect(trending.getByRole('button')).toHaveText(['milk', 'bread', 'eggs', 'bananas', 'rice', 'oil', 'sugar', 'tea']);
    await expect(page.getByRole('heading', { name: 'Popular Categories', exact: true })).toBeVisible();
    for (const [name, href] of [
      ['Fruits & Vegetables 150+ items', '/category/fruits'],
      ['Dairy & Eggs 80+ items', '/category/dairy'],
      ['Snacks & Beverages 200+ items', '/category/snacks'],
      ['Personal Care 120+ items', '/category/personal-care'],
    ] as const) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const chips = page.getByRole('group', { name: 'Category', exact: true }).getByRole('button');
    await expect(chips).toHaveText(['All', 'Vegetables', 'Fruits', 'Dairy', 'Snacks']);
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Clear search', exact: true })).toHaveCount(0);
  });

  test('a trending chip fills the box and searches', async ({ page }) => {
    await openSearch(page);
    await page.getByRole('button', { name: 'bananas', exact: true }).click();
    await expect(searchBox(page)).toHaveValue('bananas');
    await settledOn(page, 'bananas', 'results');
    await expect(page).toHaveURL(/\/search\/?\?q=bananas$/);
    const names = (await resultIds(page)).map((id) => productById.get(id)?.name ?? id);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/banana|kela/i);
  });

  test('"milk" returns exactly the products whose name or synonyms match, never a description match', async ({ page }) => {
    await openSearch(page);
    await search(page, 'milk', 'results');
    const ids = await resultIds(page);
    expect([...ids].sort()).toEqual(expectedFor('milk'));
    // Many descriptions talk about milk (shakes, paneer, tea...); none of those products may come back for "milk".
    const describedOnly = catalogue.products.filter((p) => p.is_available && !/milk/i.test(p.name) && /milk/i.test(p.description ?? ''));
    expect(describedOnly.length).toBeGreaterThan(0);
    for (const p of describedOnly) expect(ids).not.toContain(p.id);
    for (const id of ids) expect(productById.get(id)?.name).toMatch(/milk/i);
    // Products that ARE milk rank above those that merely mention it.
    expect(productById.get(ids[0] ?? '')?.category_id).toBe('milk');
  });

  test('"doodh" finds milk, "anda" eggs and "pyaaz" onions', async ({ page }) => {
    await openSearch(page);
    for (const [word, english] of [
      ['doodh', /milk/i],
      ['anda', /egg/i],
      ['pyaaz', /onion/i],
      ['atta', /atta|wheat flour/i],
    ] as const) {
      await search(page, word, 'results');
      const names = (await resultIds(page)).map((id) => productById.get(id)?.name ?? id);
      expect(names.length, word).toBeGreaterThan(0);
      for (const name of names) expect(name, word).toMatch(english);
    }
    await search(page, 'doodh', 'results');
    await expect(resultsRegion(page).getByRole('heading', { name: 'Amul Taaza Toned Milk', exact: true })).toBeVisible();
  });

  test('forgiving: misspellings, Hindi script, emoji, split words and stray words', async ({ page }) => {
    await openSearch(page);
    for (const [query, expected] of [
      ['bananna', /banana/i],
      ['दूध', /milk/i],
      ['🥛', /milk/i],
      ['tooth paste', /toothpaste/i],
      ['Gurgaon milk', /milk/i],
      ['MILK 500 ML', /milk/i],
    ] as const) {
      await search(page, query, 'results');
      const names = (await resultIds(page)).map((id) => productById.get(id)?.name ?? id);
      expect(names.length, query).toBeGreaterThan(0);
      for (const name of names) expect(name, query).toMatch(expected);
    }
    await search(page, 'MILK 500 ML', 'results');
    for (const id of await resultIds(page)) expect(productById.get(id)?.quantity_unit, id).toMatch(/500 ml/i);
  });

  test('category chips filter the results and the browse list', async ({ page }) => {
    await openSearch(page);
    await search(page, 'green', 'results');
    const all = await resultIds(page);
    expect(new Set(all.map((id) => topCategory(productById.get(id)!))).size).toBeGreaterThan(1);
    for (const [label, id] of [
      ['Fruits', 'fruits'],
      ['Vegetables', 'vegetables'],
    ] as const) {
      await page.getByRole('group', { name: 'Category', exact: true }).getByRole('button', { name: label }).click();
      await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(new RegExp(`cat=${id}`));
      await settledOn(page, 'green', 'results');
      const ids = await resultIds(page);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThan(all.length);
      for (const pid of ids) expect(topCategory(productById.get(pid)!)).toBe(id);
    }
    // With no words, a chip lists its category.
    await searchBox(page).fill('');
    await page.getByRole('button', { name: 'Dairy', exact: true }).click();
    await settledOn(page, '', 'results');
    await expect(resultsRegion(page).getByRole('heading', { level: 2 })).toHaveText('Dairy');
    for (const pid of await resultIds(page)) expect(topCategory(productById.get(pid)!)).toBe('dairy');
  });

  test('sort orders by price, both ways, and stays in the URL', async ({ page }) => {
    await openSearch(page);
    await search(page, 'milk', 'results');
    const filterButton = page.getByRole('button', { name: /^Sort and filter/ });
    await filterButton.click();
    await expect(filterButton).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('region', { name: 'Sort and filter', exact: true });
    await expect(panel.getByText(/^In stock only/)).toBeVisible();
    await panel.getByRole('radio', { name: 'Price: low to high', exact: true }).check();
    await expect(page).toHaveURL(/sort=price-asc/);
    await settledOn(page, 'milk', 'results');
    const ascending = await resultPrices(page);
    expect(ascending.length).toBeGreaterThan(3);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThan(ascending.at(-1)!);
    await panel.getByRole('radio', { name: 'Price: high to low', exact: true }).check();
    await settledOn(page, 'milk', 'results');
    const descending = await resultPrices(page);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect([...descending].sort((a, b) => a - b)).toEqual(ascending);
    await page.keyboard.press('Escape');
    await expect(filterButton).toHaveAttribute('aria-expanded', 'false');
    await expect(filterButton).toBeFocused();
    await page.reload();
    await settledOn(page, 'milk', 'results');
    expect(await resultPrices(page)).toEqual(descending);
  });

  test('sort by unit price: best value first within each unit, unclear unit prices last', async ({ page }) => {
    await openSearch(page);
    await search(page, 'apple', 'results');
    const relevance = await resultIds(page);
    await page.getByRole('button', { name: /^Sort and filter/ }).click();
    await page
      .getByRole('region', { name: 'Sort and filter', exact: true })
      .getByRole('radio', { name: 'Unit price', exact: true })
      .check();
    await expect(page).toHaveURL(/sort=unit-price/);
    await expect(resultsRegion(page).getByText(/· Unit price$/)).toBeVisible();
    await settledOn(page, 'apple', 'results');
    const ids = await resultIds(page);
    // The same products as by relevance, in another order.
    expect([...ids].sort()).toEqual([...relevance].sort());
    expect(ids).not.toEqual(relevance);
    const perUnit = ids.map((id) => {
      const product = productById.get(id)!;
      return unitPrice(Math.round(product.price * 100), product.quantity_unit);
    });
    // This query has products sold per piece, per kg and per litre, and one whose unit price is unclear.
    expect(new Set(perUnit.map((u) => u?.per ?? null))).toEqual(new Set(['pc', 'kg', 'L', null]));
    const clear = perUnit.filter((u) => u !== null);
    expect(perUnit.slice(clear.length).every((u) => u === null)).toBe(true);
    // Each unit forms one run, the commonest unit first, cheapest per unit first within it.
    const runs = clear.reduce<{ per: string; paise: number[] }[]>((out, u) => {
      if (out.at(-1)?.per === u.per) out.at(-1)!.paise.push(u.paise);
      else out.push({ per: u.per, paise: [u.paise] });
      return out;
    }, []);
    expect(runs.map((r) => r.per)).toEqual(['pc', 'kg', 'L']);
    expect(runs.map((r) => r.paise.length)).toEqual([...runs.map((r) => r.paise.length)].sort((a, b) => b - a));
    for (const run of runs) expect(run.paise).toEqual([...run.paise].sort((a, b) => a - b));
    // The card shows the unit price the order follows.
    const first = productById.get(ids[0]!)!;
    await expect(page.locator('[data-search-results] article').first()).toContainText(
      formatUnitPrice(Math.round(first.price * 100), first.quantity_unit)!,
    );
    await page.reload();
    await settledOn(page, 'apple', 'results');
    expect(await resultIds(page)).toEqual(ids);
  });

  test('the query lives in the URL: reload, share and walk back', async ({ page }) => {
    await openSearch(page, '/search?q=bread');
    await expect(searchBox(page)).toHaveValue('bread');
    await settledOn(page, 'bread', 'results');

    await openSearch(page);
    await search(page, 'milk', 'results');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\?q=milk$/);
    // Typed letter by letter: one history entry for the whole word.
    await searchBox(page).fill('');
    await searchBox(page).pressSequentially('eggs');
    await settledOn(page, 'eggs', 'results');
    await expect(page).toHaveURL(/\?q=eggs$/);

    await page.goBack();
    await expect(searchBox(page)).toHaveValue('milk');
    await settledOn(page, 'milk', 'results');
    await page.goBack();
    await expect(searchBox(page)).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Trending Searches', exact: true })).toBeVisible();
    await page.goForward();
    await expect(searchBox(page)).toHaveValue('milk');
    await settledOn(page, 'milk', 'results');
  });

  test('letters typed before the island wakes up are kept and searched', async ({ page }) => {
    const release = await holdSearchIsland(page);
    await page.goto('/search', { waitUntil: 'domcontentloaded' });
    await searchBox(page).click();
    await page.keyboard.type('tea');
    release();
    await expect(page.locator('[data-search-ready]')).toBeAttached();
    await expect(searchBox(page)).toHaveValue('tea');
    await settledOn(page, 'tea', 'results');
    await expect(page).toHaveURL(/\?q=tea$/);
  });

  test('the clear button empties the box and returns to trending searches', async ({ page }) => {
    await openSearch(page, '/search?q=tea');
    await settledOn(page, 'tea', 'results');
    await page.getByRole('button', { name: 'Clear search', exact: true }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(searchBox(page)).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Trending Searches', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/search\/?$/);
  });

  test('nothing found: the empty state', async ({ page }) => {
    await openSearch(page);
    await search(page, 'xylophone', 'empty');
    // In the results; half a second later the live region says the same words to screen readers.
    await expect(resultsRegion(page).getByText('No products found', { exact: true })).toBeVisible();
    await expect(page.getByText('Try searching with different keywords', { exact: true })).toBeVisible();
    await expect(page.locator('[aria-live="polite"]').and(page.getByText('No products found', { exact: true }))).toBeAttached();
  });

  test('words only in the page chrome or descriptions find nothing', async ({ page }) => {
    // Header ("Delivery in 10 mins", "Sector 14, Gurgaon - 122001"), bottom navigation, product page buttons and copy.
    // Searched exactly as typed: this is about what is indexed; typo correction may fairly turn "Thela" into "tel" (oil).
    for (const word of [
      'Gurgaon',
      'Delivery',
      'Sector',
      'Thela',
      'Orders',
      'Account',
      'refrigerate',
      'authorised',
      'images',
      'catalogue',
    ]) {
      await openSearch(page, `/search?q=${word}&exact=1`);
      await settledOn(page, word, 'empty');
    }
  });

  test('hostile input gives results or the empty state, never an error or injected markup', async ({ page }) => {
    const errors = collectErrors(page);
    page.on('dialog', (dialog) => {
      errors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await openSearch(page);
    const inputs = [
      '.*',
      '(',
      '[a-z]+',
      '\\',
      '"',
      "'",
      '"milk',
      "milk' OR '1'='1",
      '🥛',
      '🙂🙂',
      'दूध',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '%00%3Cb%3E',
      '../../etc/passwd',
      'a'.repeat(1000),
      'milk '.repeat(200),
    ];
    for (const input of inputs) {
      await searchBox(page).fill(input);
      const shown = await searchBox(page).inputValue();
      await settledOn(page, shown);
      await expect(page.locator('img[src="x"], #search-results script, #search-results b')).toHaveCount(0);
    }
    for (const blank of ['', '   ']) {
      await searchBox(page).fill(blank);
      await expect(resultsRegion(page)).toHaveAttribute('data-search-state', 'idle');
    }
    // Straight from the URL, too.
    await page.goto(`/search?q=${encodeURIComponent('<img src=x onerror=alert(1)>')}&cat=%3Cb%3E&sort=%22`);
    await settledOn(page, '<img src=x onerror=alert(1)>');
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('when the index cannot load: an error with Try again', async ({ page }) => {
    await page.route('**/pagefind/**', (route) => route.abort());
    await openSearch(page);
    await search(page, 'milk', /^error$/);
    await expect(page.getByText('Search is unavailable right now', { exact: true })).toBeVisible();
    await page.unroute('**/pagefind/**');
    await page.getByRole('button', { name: 'Try again', exact: true }).click();
    await settledOn(page, 'milk', 'results');
  });

  test('offline with no saved index: search needs a connection', async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    // Pagefind never arrives (as when the connection dropped before it loaded).
    await page.route('**/pagefind/**', (route) => route.abort());
    await openSearch(page);
    await context.setOffline(true);
    await search(page, 'bread', /^error$/);
    await expect(page.getByText('Search needs a connection', { exact: true })).toBeVisible();
    await context.close();
  });

  test('results are shared-cart product tiles with a working ADD button', async ({ page }) => {
    await openSearch(page, '/search?q=toned%20milk');
    await settledOn(page, 'toned milk', 'results');
    const tile = resultsRegion(page)
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Amul Taaza Toned Milk', exact: true }) });
    await expect(tile.getByRole('link')).toHaveAttribute('href', '/product/amul-taaza-toned-milk-500-ml');
    await expect(tile).toContainText('500 ml');
    await expect(tile).toContainText('₹');
    await tile.getByRole('button', { name: 'Add Amul Taaza Toned Milk to cart', exact: true }).click();
    await expect(tile.getByRole('group', { name: 'Quantity of Amul Taaza Toned Milk in cart', exact: true })).toContainText('1');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('cart-items') ?? '[]') as { product_id: string; quantity: number }[],
    );
    expect(stored).toEqual([expect.objectContaining({ product_id: 'amul-taaza-toned-milk-500-ml', quantity: 1 })]);
  });

  test('at most 50 results, with the total', async ({ page }) => {
    await openSearch(page);
    await search(page, 'a', 'results');
    await expect(resultsRegion(page).getByRole('article')).toHaveCount(50);
    await expect(resultsRegion(page)).toContainText(/Showing 50 of \d+ products/);
  });

  test('typing fast never leaves an older answer on screen', async ({ page }) => {
    await openSearch(page);
    await search(page, 'tea', 'results');
    // Hold back the cards of the next query so its answer arrives after the one typed after it.
    let slow = true;
    await page.route('**/pagefind/fragment/**', async (route) => {
      if (slow) await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await searchBox(page).fill('milk');
    await expect(resultsRegion(page)).toHaveAttribute('data-search-state', 'loading');
    slow = false;
    await search(page, 'rice', 'results');
    await page.waitForTimeout(2000);
    await expect(resultsRegion(page)).toHaveAttribute('data-search-query', 'rice');
    for (const id of await resultIds(page)) expect(productById.get(id)?.name).toMatch(/rice|chawal|poha/i);
  });

  test('opened with a query no first page answers: the search starts from the head, before the island, and its first image is eager, sized and fetched first', async ({
    page,
  }) => {
    // Two words in this order name nothing the build precomputes (search-first-pages.spec.ts covers the queries it does).
    const query = 'milk 1 l';
    const requests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      requests.push(`${url.pathname}${url.search}`);
    });
    // Hold the island back: the first search must not wait for it.
    const release = await holdSearchIsland(page);
    await page.goto(`/search?q=${encodeURIComponent(query)}`, { waitUntil: 'domcontentloaded' });
    const head = page.locator('head');
    await expect(head.locator('link[rel="modulepreload"][href="/pagefind/pagefind.js"]')).toHaveCount(1);
    await expect(head.locator('link[rel="preload"][as="fetch"][href="/pagefind/wasm.en.pagefind"]')).toHaveCount(1);
    await expect(head.locator('link[rel="preload"][as="fetch"][href^="/pagefind/pagefind-entry.json?ts="]')).toHaveCount(1);
    // The whole first search runs with the island still held: its answer's first photo is asked for, first.
    const photo = head.locator('link[rel="preload"][as="image"]').first();
    await expect(photo).toHaveAttribute('fetchpriority', 'high', { timeout: 15_000 });
    expect(requests.some((url) => url.startsWith('/pagefind/fragment/'))).toBe(true);
    expect(requests.some((url) => /\/SearchPage[^/]*\.js$/.test(url))).toBe(true);
    await expect(page.locator('[data-search-ready]')).toHaveCount(0);

    release();
    await expect(page.locator('[data-search-ready]')).toBeAttached();
    await settledOn(page, query, 'results', false);
    await expect(page.locator('#search-first')).toHaveCount(0);
    const ids = await resultIds(page);
    expect(ids.length).toBeGreaterThan(4);
    for (const id of ids) expect(expectedFor('milk')).toContain(id);
    const images = resultsRegion(page).locator('[data-search-results] img');
    const first = images.first();
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('width', /^\d+$/);
    await expect(first).toHaveAttribute('height', /^\d+$/);
    // The preloaded photo is the one shown first (same file, same candidates).
    expect(await first.getAttribute('src')).toBe(await photo.getAttribute('href'));
    expect(await first.getAttribute('srcset')).toBe(await photo.getAttribute('imagesrcset'));
    expect(await first.getAttribute('sizes')).toBe(await photo.getAttribute('imagesizes'));
    await expect(images.nth(1)).toHaveAttribute('loading', 'eager');
    // The rest of the first screen waits for it (Chromium would raise them to compete).
    await expect(images.nth(1)).toHaveAttribute('fetchpriority', 'low');
    await expect(images.nth(4)).toHaveAttribute('loading', 'lazy');
    // One Pagefind: its script and entry file were fetched once, by the head's search, which the island took over.
    expect(requests.filter((url) => url === '/pagefind/pagefind.js')).toHaveLength(1);
    expect(requests.filter((url) => url.startsWith('/pagefind/pagefind-entry.json'))).toHaveLength(1);
  });

  test('opened without a query, the search page preloads nothing', async ({ page }) => {
    await openSearch(page);
    await expect(page.locator('head link[rel="preload"], head link[rel="modulepreload"][href^="/pagefind/"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Trending Searches', exact: true })).toBeVisible();
  });

  test('pages that do not search load nothing of Pagefind; the search page loads it', async ({ page }) => {
    const pagefind: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/pagefind/')) pagefind.push(request.url());
    });
    await page.goto('/');
    await page.goto('/product/amul-taaza-toned-milk-500-ml');
    await page.waitForLoadState('networkidle');
    expect(pagefind).toEqual([]);
    await page.goto('/search');
    await expect.poll(() => pagefind.some((url) => url.includes('/pagefind/pagefind.js'))).toBe(true);
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`no serious or critical accessibility violations (${theme})`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await openSearch(page);
      const scan = async () =>
        (await new AxeBuilder({ page }).analyze()).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(await scan()).toEqual([]);
      await search(page, 'milk', 'results');
      await page.getByRole('button', { name: /^Sort and filter/ }).click();
      expect(await scan()).toEqual([]);
    });
  }
});
