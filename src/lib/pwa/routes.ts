/** What the service worker does with each URL, and its cache names. Pure; shared by src/sw/sw.ts and scripts/lib/service-worker.ts. */
import { fnv1a } from '../hash.ts';
import { ORDER_PAGE, orderIdFromPath } from '../order-paths.ts';
import { FIRST_PAGE_DIR } from '../search/first-page.ts';

/** Prefix of every cache the site's service worker owns (so a cleanup never touches anything else). */
export const CACHE_PREFIX = 'thela';

/** Pages a shopper needs first: precached with the app shell, served network-first, the precached copy as fallback. */
export const PRECACHED_PAGES = ['/', '/cart/', '/checkout/', '/orders/', ORDER_PAGE, '/search/', '/offline/'] as const;

/** Precached so "Deliver to" and checkout answer offline. */
export const PRECACHED_DATA = ['/data/delivery-areas.json'] as const;

export const OFFLINE_PAGE = '/offline/';

/** Seconds a read waits for the network before a saved copy is used. */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** Visited pages kept for offline browsing. */
export const MAX_PAGES = 60;

/** The spec's keep time for read results (section 7: featured products kept 10 minutes), in seconds. */
export const DATA_MAX_AGE_SECONDS = 600;

/** Caches that outlive releases: images, reads (bounded by age) and Pagefind files (hashed, or network-first). */
export const SHARED_CACHES = {
  images: `${CACHE_PREFIX}-images`,
  data: `${CACHE_PREFIX}-data`,
  supabase: `${CACHE_PREFIX}-supabase`,
  searchCore: `${CACHE_PREFIX}-search-core`,
  searchIndex: `${CACHE_PREFIX}-search-index`,
  searchFirst: `${CACHE_PREFIX}-search-first`,
} as const;

export const PAGES_CACHE_PREFIX = `${CACHE_PREFIX}-pages-`;

/** Cache names; `pages` and `assets` belong to one release of the code (see `releaseTag`). */
export function cacheNames(release: string) {
  return { ...SHARED_CACHES, pages: `${PAGES_CACHE_PREFIX}${release}`, assets: `${CACHE_PREFIX}-assets-${release}` } as const;
}

export const RELEASE_CACHE_PREFIXES = [PAGES_CACHE_PREFIX, `${CACHE_PREFIX}-assets-`] as const;

/** True for a cache of another release than `release` (deleted when the new worker activates). */
export function isOutdatedReleaseCache(name: string, release: string): boolean {
  const current = cacheNames(release);
  return RELEASE_CACHE_PREFIXES.some((prefix) => name.startsWith(prefix)) && name !== current.pages && name !== current.assets;
}

/** A tag for the code release (a hash of the /_astro/ URLs): saved pages survive data-only rebuilds, not new assets. */
export function releaseTag(precacheUrls: readonly string[]): string {
  const assets = precacheUrls.filter((url) => isAstroAssetPath(url)).sort();
  return fnv1a(assets.join('\n')).toString(36);
}

/** True for a path Astro content-hashes (`/_astro/...`): safe to keep until the release changes. */
export function isAstroAssetPath(pathname: string): boolean {
  return pathname.startsWith('/_astro/');
}

/**
 * The one key of a page: its path with a trailing slash (pages never depend on the query), so /cart, /cart/ and
 * /cart/index.html share one saved copy. Every `/orders/{id}` is the one precached ORDER_PAGE.
 */
export function pageKey(pathname: string): string {
  let path = pathname.replace(/\/index\.html$/, '/');
  if (path.endsWith('.html')) path = `${path.slice(0, -'.html'.length)}/`;
  if (!path.endsWith('/')) path = `${path}/`;
  path = path.replace(/\/{2,}/g, '/');
  return orderIdFromPath(path) !== null ? ORDER_PAGE : path;
}

/** File types the site serves that are not pages (a product id may contain a dot: "ghee-0.5-l" is still a page). */
const FILE_EXTENSION = /\.(?:xml|json|txt|js|mjs|css|map|svg|png|jpe?g|webp|avif|gif|ico|webmanifest|wasm|pagefind|pf_\w+|pdf|woff2?)$/i;

/** The staff page (docs/orders.md): the service worker leaves it alone, never saved, never served from a cache. */
export const STAFF_PAGE = '/staff/';

/** True for a same-origin navigation that is not a file of the build (nor the staff page, which is never saved). */
export function isPagePath(pathname: string): boolean {
  if (pathname.startsWith('/_astro/') || pathname.startsWith('/pagefind/') || pathname.startsWith('/data/')) return false;
  if (`${pathname.replace(/\/(index\.html)?$/, '')}/` === STAFF_PAGE) return false;
  return !FILE_EXTENSION.test(pathname);
}

/** A precache manifest URL for a file of the build: `cart/index.html` -> `/cart/`, `index.html` -> `/`, else `/file`. */
export function precacheUrlForFile(file: string): string {
  const clean = file.replace(/^\.?\//, '');
  if (clean === 'index.html' || clean.endsWith('/index.html')) return pageKey(`/${clean}`);
  return `/${clean}`;
}

/** Pagefind files with content-hashed names, in any bundle's folder (pagefind.js, the entry JSON and the WebAssembly are not). */
export function isPagefindHashedPath(pathname: string): boolean {
  return /^\/pagefind\/(?:bundle-\d+\/)?(?:(?:index|fragment|filter)\/[^/]+|pagefind\.[^/]+\.pf_meta)$/.test(pathname);
}

/** The search's first pages (src/lib/search/first-page.ts): named by query, not content, so fresh when online. */
export function isFirstPagePath(pathname: string): boolean {
  return pathname.startsWith(FIRST_PAGE_DIR) && pathname.endsWith('.json');
}

/** The site's own data files written at build time (/data/featured.json). */
export function isSiteDataPath(pathname: string): boolean {
  return pathname.startsWith('/data/') && pathname.endsWith('.json');
}

/** Static images of the site (catalogue illustrations, placeholder, icons). */
export function isImagePath(pathname: string): boolean {
  return /^\/(?:images|icons)\//.test(pathname) || /\.(?:svg|png|jpe?g|webp|avif|gif|ico)$/i.test(pathname);
}

/** The origin of the configured Supabase project, or null when none or not a valid http(s) URL. */
export function supabaseOrigin(configured: string | undefined): string | null {
  if (!configured) return null;
  try {
    const url = new URL(configured);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** True for a Supabase table read (/rest/v1/): the only Supabase responses the worker keeps (auth etc. pass through). */
export function isSupabaseRead(url: URL, configuredOrigin: string | null): boolean {
  const isSupabase = url.hostname.endsWith('.supabase.co') || (configuredOrigin !== null && url.origin === configuredOrigin);
  return isSupabase && url.pathname.startsWith('/rest/v1/');
}

/** A Supabase read's cache key: URL plus Accept, since PostgREST answers one URL with a list or (`.single()`) an object. */
export function supabaseCacheKey(url: string, accept: string | null): string {
  const key = new URL(url);
  key.searchParams.set('sw-accept', accept ?? '');
  return key.href;
}
