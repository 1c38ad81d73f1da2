/**
 * The security policy in a real browser: the built site served with its generated `_headers` applied, as a CDN
 * applies them (tests/e2e/support/static-server.ts), every route (all static routes and one of each page type, listed
 * from the build), both themes, zero `securitypolicyviolation` events and zero CSP console errors; cart, search and
 * offline mode working under the policy; and a Supabase-configured build whose connect-src lets the live price read
 * through to the configured origin.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { headersForPath, parseHeadersFile } from '../../scripts/lib/security-policy.ts';
import { startPostgrestServer, type PostgrestServer, type RecordedRequest, type Tables } from '../fixtures/postgrest-server.ts';
import { ANON_JWT } from '../fixtures/jwt.ts';
import { CATALOGUE_TABLES } from '../../src/lib/catalogue/rows.ts';
import { expectCartCount, islandsHydrated, toasts } from './support/cart.ts';
import { startSwitchableServer, type SwitchableServer } from './support/static-server.ts';
import { expectStrictPolicy, routesToVisit, watchPolicy } from './support/policy.ts';
import { cachedPaths, waitForServiceWorker } from './support/pwa.ts';
import { openSearch, resultIds, search, searchBox, settledOn } from './support/search.ts';
import { buildSite } from './support/build.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.resolve(ROOT, process.env['OUT_DIR'] || 'dist');
/** Onion, 1 kg, available in the sample catalogue. */
const ONION = { id: 'onion-1-kg', name: 'Onion' };

test.describe('the sample build under its security policy', () => {
  let server: SwitchableServer;

  test.beforeAll(async () => {
    expect(existsSync(path.join(DIST, '_headers')), 'run `npm run build` first').toBe(true);
    server = await startSwitchableServer(DIST);
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('the watcher sees a violation (so zero below means zero)', async ({ page, context }) => {
    const watch = await watchPolicy(context);
    await page.goto(`${server.origin}/about/`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await watch.settle(page);
    expect(await page.evaluate(() => 'injected' in window)).toBe(false);
    expect(watch.reports.join('\n')).toMatch(/script-src-elem blocked inline/);
  });

  for (const theme of ['dark', 'light'] as const) {
    test(`every route, ${theme} theme: no violation`, async ({ page, context }) => {
      test.setTimeout(240_000);
      const routes = routesToVisit(DIST);
      // Static routes (about, cart, help/*, orders/*, profile/*...) plus one of each of the five data page types.
      expect(routes.length).toBeGreaterThan(30);
      for (const type of ['/product/', '/category/', '/subcategory/', '/store/', '/shop/'])
        expect(
          routes.some((route) => route.includes(type)),
          type,
        ).toBe(true);
      const watch = await watchPolicy(context);
      await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
      for (const route of routes) {
        const response = await page.goto(`${server.origin}${route}`);
        expect(response, route).not.toBeNull();
        expectStrictPolicy(response!.headers());
        await watch.settle(page);
        await expect(page.locator('html'), route).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      }
      expect(watch.reports).toEqual([]);
    });
  }

  test('add to cart works under the policy', async ({ page, context }) => {
    const watch = await watchPolicy(context);
    await page.goto(`${server.origin}/product/${ONION.id}/`);
    await islandsHydrated(page);
    await page.getByRole('button', { name: /^Add \d+ to Cart/ }).click();
    await expect(toasts(page).getByText('Added to Cart', { exact: true })).toBeVisible();
    await expectCartCount(page, 1);
    await page.goto(`${server.origin}/cart/`);
    await expect(page.getByRole('listitem', { name: ONION.name })).toBeVisible();
    await watch.settle(page);
    expect(watch.reports).toEqual([]);
  });

  test('search (Pagefind, WebAssembly) works under the policy', async ({ page, context }) => {
    const watch = await watchPolicy(context);
    await page.goto(server.origin);
    await openSearch(page, `${server.origin}/search`);
    await search(page, 'milk', 'results');
    expect((await resultIds(page)).length).toBeGreaterThan(0);
    // Opened with a query: the head's preloads and its first search (an inline script starting a module) pass too.
    await openSearch(page, `${server.origin}/search?q=milk`);
    await settledOn(page, 'milk', 'results', false);
    expect((await resultIds(page)).length).toBeGreaterThan(0);
    await watch.settle(page);
    expect(watch.reports).toEqual([]);
  });

  test("without 'wasm-unsafe-eval' Pagefind's WebAssembly is refused: the policy allows exactly what search needs", async ({
    page,
    context,
  }) => {
    const watch = await watchPolicy(context);
    await context.route(`${server.origin}/search**`, async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      headers['content-security-policy'] = headers['content-security-policy']!.replace(" 'wasm-unsafe-eval'", '');
      return route.fulfill({ response, headers });
    });
    await openSearch(page, `${server.origin}/search`);
    await searchBox(page).fill('milk');
    await expect.poll(() => watch.reports.join('\n')).toMatch(/wasm-eval|WebAssembly/i);
  });

  test.describe('offline', () => {
    test.use({ serviceWorkers: 'allow' });

    test('the service worker installs, and a reload offline shows the saved page, under the policy', async ({ page, context }) => {
      const watch = await watchPolicy(context);
      await page.goto(`${server.origin}/`);
      await waitForServiceWorker(page);
      await page.goto(`${server.origin}/product/${ONION.id}/`);
      await expect.poll(() => cachedPaths(page, 'thela-pages-')).toContain(`/product/${ONION.id}/`);
      await context.setOffline(true);
      const response = await page.reload();
      expect(response?.fromServiceWorker()).toBe(true);
      // The saved copy keeps the headers it was served with: the policy still applies offline.
      expectStrictPolicy(response!.headers());
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ONION.name);
      const offline = await page.goto(`${server.origin}/product/never-visited-product/`);
      expect(offline?.fromServiceWorker()).toBe(true);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");
      await watch.settle(page).catch(() => {}); // networkidle never comes for a page with failing requests offline
      expect(watch.reports).toEqual([]);
    });
  });
});

test.describe('a Supabase-configured build under its security policy', () => {
  let postgrest: PostgrestServer;
  let server: SwitchableServer;
  let outDir: string;
  /** Reads the build made of each catalogue table, and its requests in all. */
  let buildReads: Record<string, number> = {};
  let buildRequests = 0;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const sample = JSON.parse(readFileSync(path.join(ROOT, 'src/data/sample-catalogue.json'), 'utf8')) as Tables;
    postgrest = await startPostgrestServer({ key: ANON_JWT, tables: sample });
    outDir = mkdtempSync(path.join(tmpdir(), 'thela-csp-supabase-'));
    const build = await buildSite({
      OUT_DIR: outDir,
      PUBLIC_SUPABASE_URL: postgrest.url,
      PUBLIC_SUPABASE_ANON_KEY: ANON_JWT,
      PUBLIC_ORDERS: 'simulated',
    });
    expect(build.code, build.output.slice(-2000)).toBe(0);
    expect(build.output).toContain(`connect-src ${new URL(postgrest.url).origin}`);
    // A read of a table asks for pages from its first row until one comes back empty.
    const firstPage = (request: RecordedRequest) =>
      request.headers['range']?.toString().startsWith('0-') || request.query.some(([key, value]) => key === 'offset' && value === '0');
    buildReads = Object.fromEntries(CATALOGUE_TABLES.map((table) => [table, postgrest.requestsTo(table).filter(firstPage).length]));
    buildRequests = postgrest.requests.length;
    server = await startSwitchableServer(outDir);
  });
  test.afterAll(async () => {
    await server?.close();
    await postgrest?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  test('the build read each catalogue table once: pages, photos and search index share one snapshot', () => {
    expect(buildReads).toEqual({ products: 1, categories: 1, stores: 1, delivery_areas: 1 });
    // The sample fits in one page of each table (db-max-rows 1000): that page, and the empty one that ends the read.
    expect(buildRequests).toBe(8);
  });

  test('connect-src names the Supabase origin, and the live price read passes it', async ({ page, context }) => {
    const origin = new URL(postgrest.url).origin;
    const rules = parseHeadersFile(readFileSync(path.join(outDir, '_headers'), 'utf8'));
    expectStrictPolicy(Object.fromEntries(Object.entries(headersForPath(rules, '/')).map(([name, value]) => [name.toLowerCase(), value])), [
      "'self'",
      origin,
    ]);
    // The stand-in does not speak CORS: the browser's Supabase requests that pass the policy are answered with it
    // here. A request the policy blocks never leaves the page, so it would not reach this route.
    const browserReads: string[] = [];
    await context.route(`${origin}/**`, async (route) => {
      const cors = {
        'access-control-allow-origin': server.origin,
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      };
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      browserReads.push(new URL(route.request().url()).pathname);
      const response = await route.fetch();
      return route.fulfill({ response, headers: { ...response.headers(), ...cors } });
    });
    const watch = await watchPolicy(context);
    for (const route of ['/', '/search', '/cart/', `/category/fruits/`]) {
      const response = await page.goto(`${server.origin}${route}`);
      expectStrictPolicy(response!.headers(), ["'self'", origin]);
      await watch.settle(page);
    }
    await page.goto(`${server.origin}/product/${ONION.id}/`);
    await islandsHydrated(page);
    await page.getByRole('button', { name: /^Add \d+ to Cart/ }).click();
    await expect(toasts(page).getByText('Added to Cart', { exact: true })).toBeVisible();
    await expectCartCount(page, 1);
    // The add read the live price and availability from the configured Supabase, through the policy.
    expect(browserReads).toContain('/rest/v1/products');
    await watch.settle(page);
    expect(watch.reports).toEqual([]);
  });
});
