import { expect, test, type Page } from '@playwright/test';
import { cachedPaths, waitForServiceWorker } from './support/pwa.ts';

test.use({ serviceWorkers: 'allow' });

const SUPABASE = 'https://thela-e2e.supabase.co';

/** A fetch from the page (through the service worker): the status, or "failed" when no response came. */
function read(page: Page, url: string, accept = 'application/json'): Promise<number | 'failed'> {
  return page.evaluate(
    async ({ u, a }) => {
      try {
        return (await fetch(u, { headers: { accept: a } })).status;
      } catch {
        return 'failed' as const;
      }
    },
    { u: url, a: accept },
  );
}

test('Supabase table reads: 200s kept for offline use, per representation; errors and auth never kept', async ({ page, context }) => {
  let down = false;
  const statuses: Record<string, number> = { '/rest/v1/products': 200, '/rest/v1/stores': 503, '/auth/v1/user': 200 };
  // A stand-in for the hosted API (the worker's requests go through the context's routes too).
  await context.route(`${SUPABASE}/**`, (route) => {
    if (down) return route.abort('internetdisconnected');
    const { pathname } = new URL(route.request().url());
    return route.fulfill({
      status: statuses[pathname] ?? 404,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
      body: JSON.stringify([{ id: 'row', path: pathname }]),
    });
  });
  await page.goto('/');
  await waitForServiceWorker(page);

  const products = `${SUPABASE}/rest/v1/products?select=*&is_available=eq.true&limit=8`;
  expect(await read(page, products)).toBe(200);
  expect(await read(page, `${SUPABASE}/rest/v1/stores?select=*`)).toBe(503);
  expect(await read(page, `${SUPABASE}/auth/v1/user`)).toBe(200);
  await expect.poll(() => cachedPaths(page, 'thela-supabase')).toEqual(['/rest/v1/products']);

  down = true;
  expect(await read(page, products)).toBe(200);
  // The same URL asked for as a single object was never saved: a list must not stand in for it.
  expect(await read(page, products, 'application/vnd.pgrst.object+json')).toBe('failed');
  expect(await read(page, `${SUPABASE}/rest/v1/stores?select=*`)).toBe('failed');
  expect(await read(page, `${SUPABASE}/auth/v1/user`)).toBe('failed');
});

test("the build's featured list is read network-first and kept for offline use", async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  expect(await read(page, '/data/featured.json')).toBe(200);
  await expect.poll(() => cachedPaths(page, 'thela-data')).toEqual(['/data/featured.json']);
  await context.setOffline(true);
  expect(await read(page, '/data/featured.json')).toBe(200);
  expect(await read(page, '/data/never-read.json')).toBe('failed');
});
