import { describe, expect, test } from 'vitest';
import {
  cacheNames,
  isImagePath,
  isOutdatedReleaseCache,
  isFirstPagePath,
  isPagefindHashedPath,
  isPagePath,
  isSiteDataPath,
  isSupabaseRead,
  pageKey,
  precacheUrlForFile,
  PRECACHED_PAGES,
  releaseTag,
  supabaseCacheKey,
  supabaseOrigin,
} from '../../src/lib/pwa/routes.ts';

describe('pageKey', () => {
  test('returns one key with and without the trailing slash, without query or index.html', () => {
    expect(pageKey('/cart')).toBe('/cart/');
    expect(pageKey('/cart/')).toBe('/cart/');
    expect(pageKey('/cart/index.html')).toBe('/cart/');
    expect(pageKey('/about.html')).toBe('/about/');
    expect(pageKey('/')).toBe('/');
    expect(pageKey('/category/fruits/subcategory/fresh-fruits')).toBe('/category/fruits/subcategory/fresh-fruits/');
    expect(pageKey('//product//x')).toBe('/product/x/');
  });

  test('every order detail, /orders/{id}, is the one precached order page', () => {
    expect(pageKey('/orders/ORD-001')).toBe('/orders/view/');
    expect(pageKey('/orders/ORD-1718000000000/')).toBe('/orders/view/');
    expect(PRECACHED_PAGES).toContain('/orders/view/');
    expect(pageKey('/orders/ORD-001/index.html')).toBe('/orders/view/');
    expect(pageKey('//orders//ORD-001')).toBe('/orders/view/');
    expect(pageKey('/orders')).toBe('/orders/');
    expect(pageKey('/orders/index.html')).toBe('/orders/');
    expect(precacheUrlForFile('orders/index.html')).toBe('/orders/');
    expect(pageKey('/orders/view')).toBe('/orders/view/');
  });
});

describe('precacheUrlForFile', () => {
  test('returns the URL a shopper asks for, for the files the build writes', () => {
    expect(precacheUrlForFile('index.html')).toBe('/');
    expect(precacheUrlForFile('cart/index.html')).toBe('/cart/');
    expect(precacheUrlForFile('orders/view/index.html')).toBe('/orders/view/');
    expect(precacheUrlForFile('_astro/client.BEgdX0OB.js')).toBe('/_astro/client.BEgdX0OB.js');
    expect(precacheUrlForFile('favicon.svg')).toBe('/favicon.svg');
  });

  test('the first pages are the spec routes home, cart, checkout, orders, search, and the offline page', () => {
    for (const page of ['/', '/cart/', '/checkout/', '/orders/', '/search/', '/offline/']) expect(PRECACHED_PAGES).toContain(page);
    expect(PRECACHED_PAGES.some((page) => page.startsWith('/product/'))).toBe(false);
  });
});

describe('isPagePath', () => {
  test('returns true for pages and false for files and data', () => {
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/product/banana-robusta-6-pcs')).toBe(true);
    expect(isPagePath('/product/ghee-0.5-l')).toBe(true);
    expect(isPagePath('/manifest.webmanifest')).toBe(false);
    expect(isPagePath('/favicon.svg')).toBe(false);
    expect(isPagePath('/about.html')).toBe(true);
    expect(isPagePath('/sitemap-index.xml')).toBe(false);
    expect(isPagePath('/pagefind/pagefind-entry.json')).toBe(false);
    expect(isPagePath('/_astro/x')).toBe(false);
    expect(isPagePath('/data/featured.json')).toBe(false);
  });

  test('the staff page is never a page the service worker saves or serves (docs/orders.md)', () => {
    for (const path of ['/staff', '/staff/', '/staff/index.html']) expect(isPagePath(path), path).toBe(false);
    expect(isPagePath('/staffing-news/')).toBe(true);
  });
});

describe('search, data and image paths', () => {
  test('only content-hashed Pagefind files are treated as immutable', () => {
    expect(isPagefindHashedPath('/pagefind/index/en_b68d44c.pf_index')).toBe(true);
    expect(isPagefindHashedPath('/pagefind/fragment/en_1a2b3c4.pf_fragment')).toBe(true);
    expect(isPagefindHashedPath('/pagefind/filter/en_1a2b3c4.pf_filter')).toBe(true);
    expect(isPagefindHashedPath('/pagefind/pagefind.en_91ad1868c1.pf_meta')).toBe(true);
    expect(isPagefindHashedPath('/pagefind/pagefind-entry.json')).toBe(false);
    expect(isPagefindHashedPath('/pagefind/pagefind.js')).toBe(false);
    expect(isPagefindHashedPath('/pagefind/wasm.en.pagefind')).toBe(false);
    // The first pages are named by query: they go their own way.
    expect(isPagefindHashedPath('/pagefind/first/milk.json')).toBe(false);
    expect(isFirstPagePath('/pagefind/first/milk.json')).toBe(true);
    expect(isFirstPagePath('/pagefind/first/amul-gold.json')).toBe(true);
    expect(isFirstPagePath('/pagefind/pagefind-entry.json')).toBe(false);
    expect(isFirstPagePath('/data/featured.json')).toBe(false);
    // The same files of the other bundles of a large index (src/lib/search/bundles.ts), in their own folders.
    expect(isPagefindHashedPath('/pagefind/bundle-2/fragment/en_1a2b3c4.pf_fragment')).toBe(true);
    expect(isPagefindHashedPath('/pagefind/bundle-1/pagefind.en_91ad1868c1.pf_meta')).toBe(true);
    expect(isPagefindHashedPath('/pagefind/bundle-1/pagefind-entry.json')).toBe(false);
    expect(isPagefindHashedPath('/pagefind/bundles.json')).toBe(false);
    expect(isPagefindHashedPath('/pagefind/other/fragment/en_1a2b3c4.pf_fragment')).toBe(false);
  });

  test('recognises the build data and images', () => {
    expect(isSiteDataPath('/data/featured.json')).toBe(true);
    expect(isSiteDataPath('/data/featured.txt')).toBe(false);
    expect(isImagePath('/images/catalogue/apple.svg')).toBe(true);
    expect(isImagePath('/icons/icon-192.png')).toBe(true);
    expect(isImagePath('/cart/')).toBe(false);
  });
});

describe('Supabase reads', () => {
  const configured = supabaseOrigin('https://db.example.org/');
  test('returns the configured origin, or null for nothing or garbage', () => {
    expect(configured).toBe('https://db.example.org');
    expect(supabaseOrigin(undefined)).toBeNull();
    expect(supabaseOrigin('')).toBeNull();
    expect(supabaseOrigin('not a url')).toBeNull();
    expect(supabaseOrigin('javascript:alert(1)')).toBeNull();
  });

  test('only table reads of Supabase are cacheable; auth, storage and other origins are not', () => {
    expect(isSupabaseRead(new URL('https://abc.supabase.co/rest/v1/products?select=*'), null)).toBe(true);
    expect(isSupabaseRead(new URL('https://db.example.org/rest/v1/products'), configured)).toBe(true);
    expect(isSupabaseRead(new URL('https://abc.supabase.co/auth/v1/token'), null)).toBe(false);
    expect(isSupabaseRead(new URL('https://abc.supabase.co/storage/v1/object/public/x.png'), null)).toBe(false);
    expect(isSupabaseRead(new URL('https://evil.example/rest/v1/products'), configured)).toBe(false);
    expect(isSupabaseRead(new URL('https://supabase.co.evil.example/rest/v1/products'), null)).toBe(false);
  });

  test('keys a list and a single-object read of one URL apart', () => {
    const url = 'https://abc.supabase.co/rest/v1/products?id=eq.1';
    const list = supabaseCacheKey(url, 'application/json');
    const single = supabaseCacheKey(url, 'application/vnd.pgrst.object+json');
    expect(list).not.toBe(single);
    expect(new URL(single).searchParams.get('id')).toBe('eq.1');
    expect(supabaseCacheKey(url, null)).toContain('sw-accept=');
  });
});

describe('releases', () => {
  const a = ['/', '/cart/', '/_astro/client.AAA.js', '/_astro/BaseLayout.BBB.css'];
  test('releaseTag changes with the assets and not with the pages or the order', () => {
    expect(releaseTag(a)).toBe(releaseTag([...a].reverse()));
    expect(releaseTag(a)).toBe(releaseTag([...a, '/orders/']));
    expect(releaseTag(a)).not.toBe(releaseTag(['/_astro/client.CCC.js', '/_astro/BaseLayout.BBB.css']));
    expect(releaseTag(a)).toMatch(/^[0-9a-z]+$/);
  });

  test('isOutdatedReleaseCache marks only other releases of the release-bound caches', () => {
    const names = cacheNames('r2');
    expect(isOutdatedReleaseCache('thela-pages-r1', 'r2')).toBe(true);
    expect(isOutdatedReleaseCache('thela-assets-r1', 'r2')).toBe(true);
    expect(isOutdatedReleaseCache(names.pages, 'r2')).toBe(false);
    expect(isOutdatedReleaseCache(names.assets, 'r2')).toBe(false);
    expect(isOutdatedReleaseCache(names.images, 'r2')).toBe(false);
    expect(isOutdatedReleaseCache('thela-search-index', 'r2')).toBe(false);
    expect(isOutdatedReleaseCache('someone-elses-cache', 'r2')).toBe(false);
  });
});
