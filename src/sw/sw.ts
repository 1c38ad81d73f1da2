/// <reference lib="webworker" />
// The site's service worker (precache manifest added by scripts/lib/service-worker.ts). Why: docs/architecture.md, "The service worker".
import { clientsClaim } from 'workbox-core';
import type { RouteMatchCallback, WorkboxPlugin } from 'workbox-core/types.js';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache, PrecacheFallbackPlugin } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import { fallbackLookupPlugin, maxAgePlugin, pageKeyPlugin, pathKeyPlugin, supabaseKeyPlugin } from '../lib/pwa/plugins.ts';
import {
  cacheNames,
  DATA_MAX_AGE_SECONDS,
  isAstroAssetPath,
  isImagePath,
  isOutdatedReleaseCache,
  isFirstPagePath,
  isPagefindHashedPath,
  isPagePath,
  isSiteDataPath,
  isSupabaseRead,
  MAX_PAGES,
  NETWORK_TIMEOUT_SECONDS,
  OFFLINE_PAGE,
  releaseTag,
  supabaseOrigin,
} from '../lib/pwa/routes.ts';

declare const self: ServiceWorkerGlobalScope;
/** PUBLIC_SUPABASE_URL at build time (replaced by scripts/lib/service-worker.ts). */
declare const __SUPABASE_URL__: string;

const manifest = self.__WB_MANIFEST;
const release = releaseTag(manifest.map((entry) => (typeof entry === 'string' ? entry : entry.url)));
const names = cacheNames(release);
const supabase = supabaseOrigin(__SUPABASE_URL__);
/** Workbox's plugin classes declare optional hooks that strict `exactOptionalPropertyTypes` rejects; they are fine. */
const plugin = (instance: object) => instance as WorkboxPlugin;
const okOnly = () => plugin(new CacheableResponsePlugin({ statuses: [200] }));
const expiration = (options: ConstructorParameters<typeof ExpirationPlugin>[0]) => plugin(new ExpirationPlugin(options));

precache(manifest);
cleanupOutdatedCaches();
// The first install takes the open page at once, so its later requests (islands, search) can be saved too.
clientsClaim();

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((key) => isOutdatedReleaseCache(key, release)).map((key) => caches.delete(key)))),
  );
});

// Pages first, before the precache route, so precached pages are network-first too (the next online visit after a
// rebuild gets the new release even while this worker is still the active one).
const pages = new NetworkFirst({
  cacheName: names.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    pageKeyPlugin(),
    okOnly(),
    expiration({ maxEntries: MAX_PAGES, purgeOnQuotaError: true }),
    fallbackLookupPlugin((request) => matchPrecache(request)),
    plugin(new PrecacheFallbackPlugin({ fallbackURL: OFFLINE_PAGE })),
  ],
});
registerRoute(({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && isPagePath(url.pathname), pages);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; url?: unknown } | null;
  // Only on the shopper's say-so (the update notice's Reload button): otherwise the new worker waits until no tab
  // runs the old release, so an open page never gets assets it lacks.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The page a shopper landed on loaded before this worker existed: save it too, so it opens offline like the rest.
  if (data?.type === 'SAVE_PAGE' && typeof data.url === 'string') {
    const url = new URL(data.url, self.location.origin);
    if (url.origin === self.location.origin && isPagePath(url.pathname)) {
      event.waitUntil(pages.handle({ event, request: new Request(url.href, { credentials: 'same-origin' }) }).catch(() => undefined));
    }
  }
});

addRoute();

/** Only responses a shopper should see again are kept (a 404 or an opaque error never is), up to a count and age. */
const limit = (maxEntries: number, maxAgeSeconds?: number) =>
  expiration({ maxEntries, ...(maxAgeSeconds === undefined ? {} : { maxAgeSeconds }), purgeOnQuotaError: true });
const networkFirst = (cacheName: string, plugins: WorkboxPlugin[]) =>
  new NetworkFirst({ cacheName, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins });
const sameOriginPath =
  (test: (path: string) => boolean) =>
  ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }) =>
    sameOrigin && test(url.pathname);

// Runtime caches, first match wins.
const runtimeRoutes: [RouteMatchCallback, Strategy][] = [
  // A hashed asset this worker did not precache: one of a newer release, asked for by a page fetched from the network.
  [sameOriginPath(isAstroAssetPath), new CacheFirst({ cacheName: names.assets, plugins: [okOnly(), limit(100)] })],
  // Pagefind's hashed index chunks never change; its entry files do with each release.
  [
    sameOriginPath(isPagefindHashedPath),
    new CacheFirst({ cacheName: names.searchIndex, plugins: [pathKeyPlugin(), okOnly(), limit(300)] }),
  ],
  // A query's first page: fresh when online, the last one seen offline; kept apart so they never push out Pagefind's own files.
  [sameOriginPath(isFirstPagePath), networkFirst(names.searchFirst, [okOnly(), limit(60)])],
  [sameOriginPath((path) => path.startsWith('/pagefind/')), networkFirst(names.searchCore, [pathKeyPlugin(), okOnly(), limit(30)])],
  // The site's JSON data and Supabase reads: fresh when online, a copy of bounded age when not.
  [
    sameOriginPath(isSiteDataPath),
    networkFirst(names.data, [okOnly(), maxAgePlugin(DATA_MAX_AGE_SECONDS), limit(20, DATA_MAX_AGE_SECONDS)]),
  ],
  [
    ({ url }) => isSupabaseRead(url, supabase),
    networkFirst(names.supabase, [supabaseKeyPlugin(), okOnly(), maxAgePlugin(DATA_MAX_AGE_SECONDS), limit(60, DATA_MAX_AGE_SECONDS)]),
  ],
  [sameOriginPath(isImagePath), new StaleWhileRevalidate({ cacheName: names.images, plugins: [okOnly(), limit(300, 30 * 24 * 60 * 60)] })],
];
for (const [match, strategy] of runtimeRoutes) registerRoute(match, strategy);
