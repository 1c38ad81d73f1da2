/** Helpers of the offline specs: wait for the service worker to control the page, read the caches it filled. */
import type { Page } from '@playwright/test';

/** Waits until the service worker is active (precache done) and controls this page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The names of this origin's caches. */
export function cacheNamesOf(page: Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

/** The URLs (paths) held by the caches whose name starts with `prefix`. */
export function cachedPaths(page: Page, prefix: string): Promise<string[]> {
  return page.evaluate(async (start) => {
    const paths: string[] = [];
    for (const name of (await caches.keys()).filter((n) => n.startsWith(start))) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  }, prefix);
}

/** The offline indicator's live region. */
export function offlineStatus(page: Page) {
  return page.locator('[data-offline-indicator]');
}
