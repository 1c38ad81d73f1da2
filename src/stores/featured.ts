import { nanoquery } from '@nanostores/query';
import { atom } from 'nanostores';
import { liveCatalogueConfigured, readBuiltFeatured, readFeaturedProducts } from '../lib/catalogue/browser.ts';
import type { CardProduct } from '../lib/fields.ts';
import { imageCdn } from '../lib/image-cdn.ts';
import { liveImages } from '../lib/images.ts';

/** Featured products stay fresh for 5 minutes (no refetch) and are kept for 10 (spec section 7). */
export const FEATURED_FRESH_MS = 5 * 60_000;
export const FEATURED_KEPT_MS = 10 * 60_000;

const [createFetcherStore] = nanoquery({ dedupeTime: FEATURED_FRESH_MS, cacheLifetime: FEATURED_KEPT_MS });

// A null key part keeps the query idle: pre-rendering the island on the server must not fetch anything.
const $inBrowser = atom(typeof window === 'undefined' ? null : 'browser');

/** The featured products with photos the page can show: live rows lend theirs from the build's list (`liveImages`). */
async function featuredWithPhotos(): Promise<CardProduct[]> {
  if (!liveCatalogueConfigured) return readFeaturedProducts();
  // The build's list only lends its photos: when it cannot be read, the live rows show placeholders instead.
  const [rows, built] = await Promise.all([readFeaturedProducts(), readBuiltFeatured().catch(() => [])]);
  return liveImages(rows, built, imageCdn);
}

/** Home's live featured list, from Supabase or /data/featured.json; a failed read waits for the shopper's retry. */
export const $featuredProducts = createFetcherStore<CardProduct[]>(['featured-products', $inBrowser], {
  fetcher: featuredWithPhotos,
  onErrorRetry: false,
  onError: (error) => console.error('Unable to load featured products', error),
});

/** Reads the featured list again after a failure ("Try again"). */
export function retryFeaturedProducts(): void {
  $featuredProducts.invalidate();
}
