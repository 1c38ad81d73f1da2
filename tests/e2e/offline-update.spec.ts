import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { must } from '../../scripts/lib/must.ts';
import { products } from './support/pages.ts';
import { cachedPaths, cacheNamesOf, waitForServiceWorker } from './support/pwa.ts';
import { startSwitchableServer, type SwitchableServer } from './support/static-server.ts';

// Release A is the site under test (OUT_DIR); release B is the same source built with another brand name, which
// changes every page and some scripts. One server switches from A to B the way an operator's rebuild does.
const releaseA = path.resolve(process.env['OUT_DIR'] || 'dist');
const BRAND_B = 'Thela Next';
let releaseB = '';
let server: SwitchableServer | undefined;
let onlyInA: string[] = [];

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(420_000);
  releaseB = mkdtempSync(path.join(tmpdir(), 'thela-release-b-'));
  const build = [process.execPath, 'node_modules/astro/bin/astro.mjs', 'build'];
  // Builds share a lock in this repository's shared tree (see notes); without flock, just build.
  const command = existsSync('/usr/bin/flock') ? ['/usr/bin/flock', '/tmp/thela-build.lock', ...build] : build;
  const result = spawnSync(must(command[0], 'build command'), command.slice(1), {
    env: { ...process.env, OUT_DIR: releaseB, PUBLIC_BRAND_NAME: BRAND_B },
    encoding: 'utf8',
    timeout: 400_000,
  });
  if (result.status !== 0) throw new Error(`release B build failed:\n${result.stdout}\n${result.stderr}`);
  const assets = (dir: string) => new Set(readdirSync(path.join(dir, '_astro')).map((file) => `/_astro/${file}`));
  const inB = assets(releaseB);
  onlyInA = [...assets(releaseA)].filter((file) => !inB.has(file));
  server = await startSwitchableServer(releaseA);
});

test.afterAll(async () => {
  await server?.close();
  if (releaseB) rmSync(releaseB, { recursive: true, force: true });
});

/** Every path a page asks for (served by the worker or the network). */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(new URL(request.url()).pathname));
  return seen;
}

test('after a rebuild: update notice under the open tab, new content on the next visit, never an old asset', async ({ page, context }) => {
  expect(onlyInA.length, 'release B must change some scripts for this test to mean anything').toBeGreaterThan(0);
  const live = must(server, 'release server (its beforeAll failed)');
  const product = products.discounted;
  const url = (p: string) => `${live.origin}${p}`;

  await page.goto(url('/'));
  await waitForServiceWorker(page);
  await page.goto(url(`/product/${product.id}`));
  await expect(page.getByRole('link', { name: 'Thela home', exact: true })).toBeVisible();
  const pagesCachesA = (await cacheNamesOf(page)).filter((name) => name.startsWith('thela-pages-'));
  expect(pagesCachesA).toHaveLength(1);

  // The operator's rebuild goes live while the tab is open.
  live.serve(releaseB);
  const since = live.requests.length;
  // Coming back online makes the open tab look for a new release.
  await context.setOffline(true);
  await context.setOffline(false);
  const notice = page.getByText('A new version of Thela is ready.', { exact: true });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Reload', exact: true })).toBeVisible();

  // The next visit, before the shopper accepts: the new release's page (network first), with its own assets.
  const requested = recordRequests(page);
  await page.goto(url('/'));
  await expect(page.getByRole('link', { name: `${BRAND_B} home` })).toBeVisible();
  await expect(page.getByText(`A new version of ${BRAND_B} is ready.`, { exact: true })).toBeVisible({ timeout: 15_000 });

  // Accepting activates the new worker and reloads into it.
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload', exact: true }).click()]);
  await expect(page.getByRole('link', { name: `${BRAND_B} home` })).toBeVisible();
  await expect(page.getByText(/A new version of .* is ready\./)).toHaveCount(0);
  await expect.poll(async () => (await cacheNamesOf(page)).filter((name) => name.startsWith('thela-pages-'))).not.toEqual(pagesCachesA);
  // The old release's saved pages and precached assets are gone.
  expect(await cacheNamesOf(page)).not.toContain(pagesCachesA[0]);
  const precached = await cachedPaths(page, 'workbox-precache');
  expect(precached.filter((p) => onlyInA.includes(p))).toEqual([]);
  expect(precached).toContain('/offline/');

  // Offline, the new release still opens, whole.
  await context.setOffline(true);
  await page.goto(url('/cart'));
  await expect(page.getByRole('link', { name: `${BRAND_B} home` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Cart', exact: true })).toBeVisible();

  // Not one asset of release A was asked for, from the worker or the network, since the switch.
  expect(requested.filter((p) => onlyInA.includes(p))).toEqual([]);
  expect(live.requests.slice(since).filter((p) => onlyInA.includes(p))).toEqual([]);
  expect(live.requests.slice(since)).toContain('/sw.js');
});
