import { expect, test, type Page } from '@playwright/test';
import { cachedPaths, waitForServiceWorker } from './support/pwa.ts';
import { resultIds, resultsRegion } from './support/search.ts';

test.use({ serviceWorkers: 'allow' });

/** Loads Pagefind the way the search island does and returns the names of the first results for `term`. */
function searchInPage(page: Page, term: string): Promise<string[]> {
  return page.evaluate(async (query) => {
    const url = '/pagefind/pagefind.js';
    const pagefind = (await import(/* @vite-ignore */ url)) as {
      options: (o: object) => Promise<void>;
      init: () => Promise<void>;
      search: (t: string) => Promise<{ results: { data: () => Promise<{ meta?: { title?: string } }> }[] }>;
    };
    await pagefind.options({ noWorker: true });
    await pagefind.init();
    const { results } = await pagefind.search(query);
    const data = await Promise.all(results.slice(0, 3).map((result) => result.data()));
    return data.map((d) => d.meta?.title ?? '');
  }, term);
}

test('search works offline once its index was loaded online', async ({ page, context }) => {
  // The worker controls the search page from its first request, so everything Pagefind loads goes through it.
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.goto('/search');
  const online = await searchInPage(page, 'milk');
  expect(online.length).toBeGreaterThan(0);
  // Saved just after each response is used.
  await expect
    .poll(() => cachedPaths(page, 'thela-search-core'))
    .toEqual(
      expect.arrayContaining([
        '/pagefind/pagefind.js',
        '/pagefind/pagefind-entry.json',
        expect.stringMatching(/^\/pagefind\/wasm\..+\.pagefind$/),
      ]),
    );
  await expect
    .poll(() => cachedPaths(page, 'thela-search-index'))
    .toEqual(expect.arrayContaining([expect.stringMatching(/\.pf_meta$/), expect.stringMatching(/\.pf_index$/)]));

  await context.setOffline(true);
  await page.reload();
  expect(await searchInPage(page, 'milk')).toEqual(online);
});

test('with no network and nothing saved, Pagefind cannot load (the island must say search needs a connection)', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.goto('/search');
  await expect(searchInPage(page, 'milk')).rejects.toThrow();
  expect(await cachedPaths(page, 'thela-search')).toEqual([]);
});

test("a search link's first page answers offline once seen online", async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.goto('/search/?q=milk');
  await expect(page.locator('[data-search-results] li').first()).toBeVisible();
  const online = await resultIds(page);
  await expect.poll(() => cachedPaths(page, 'thela-search-first')).toEqual(['/pagefind/first/milk.json']);

  await context.setOffline(true);
  await page.reload();
  await expect(resultsRegion(page)).toHaveAttribute('data-search-state', 'results');
  expect(await resultIds(page)).toEqual(online.slice(0, 12));
});
