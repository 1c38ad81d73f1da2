import { nanoquery } from '@nanostores/query';
import { atom } from 'nanostores';
import { liveCatalogueConfigured, liveSource } from '../lib/catalogue/browser.ts';
import { CatalogueReadError, FEATURED_LIMIT } from '../lib/catalogue/source.ts';
import type { Product } from '../lib/catalogue/types.ts';

/** Where the build writes the featured products (src/pages/data/featured.json.ts) for sites without Supabase. */
export const FEATURED_JSON_PATH = '/data/featured.json';

/** The home page's featured products: live (Supabase) when configured, else the build's JSON. Throws on failure. */
export async function readFeaturedProducts(fetchImpl: typeof fetch = fetch): Promise<Product[]> {
  if (liveCatalogueConfigured) return (await liveSource()).featuredProducts();
  const response = await fetchImpl(FEATURED_JSON_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new CatalogueReadError(`featured products: HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new CatalogueReadError('featured products: expected a list');
  return body.map(asProduct).filter((p): p is Product => p !== null && p.is_available).slice(0, FEATURED_LIMIT);
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const money = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/**
 * A row of the build's featured JSON, checked again on the way in (the file is ours, but anything read
 * over the network is input): rows without an id, name or valid price are dropped.
 */
export function asProduct(row: unknown): Product | null {
  if (typeof row !== 'object' || row === null) return null;
  const r = row as Record<string, unknown>;
  const id = text(r['id']);
  const name = text(r['name']);
  const price = money(r['price']);
  if (id === null || name === null || price === null) return null;
  const original = money(r['original_price']);
  const image = text(r['image_url']);
  return {
    id,
    name,
    price,
    original_price: original !== null && original > price ? original : null,
    image_url: image !== null && image.startsWith('/') && !image.startsWith('//') ? image : null,
    quantity_unit: text(r['quantity_unit']),
    description: text(r['description']),
    category_id: text(r['category_id']) ?? '',
    is_available: r['is_available'] !== false,
    brand: text(r['brand']),
  };
}

/** Featured products stay fresh for 5 minutes (no refetch) and are kept for 10 (spec section 7). */
export const FEATURED_FRESH_MS = 5 * 60_000;
export const FEATURED_KEPT_MS = 10 * 60_000;

const [createFetcherStore] = nanoquery({ dedupeTime: FEATURED_FRESH_MS, cacheLifetime: FEATURED_KEPT_MS });

/**
 * The home page's live featured list: up to 8 available products, from Supabase when configured, else from the
 * build's /data/featured.json. A failed read is logged and left for the shopper to retry (no silent retry loop).
 */
// A null key part keeps the query idle: pre-rendering the island on the server must not fetch anything.
const $inBrowser = atom(typeof window === 'undefined' ? null : 'browser');

export const $featuredProducts = createFetcherStore<Product[]>(['featured-products', $inBrowser], {
  fetcher: () => readFeaturedProducts(),
  onErrorRetry: false,
  onError: (error) => console.error('Unable to load featured products', error),
});

/** Reads the featured list again after a failure ("Try again"). */
export function retryFeaturedProducts(): void {
  $featuredProducts.invalidate();
}
