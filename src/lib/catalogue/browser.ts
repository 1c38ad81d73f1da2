/**
 * Catalogue reads made in the browser: the live featured list and the product read behind "add to cart".
 * With PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY set they go to Supabase through
 * `supabase-source.ts`, loaded by dynamic import() only then, so a site built without Supabase ships none
 * of supabase-js (~50 KB gzipped). Without them a product added to the cart is the one already in the page,
 * and the featured list (src/stores/featured.ts) reads the build's `/data/featured.json`.
 */
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { CatalogueReadError, type CatalogueSource } from './source.ts';
import type { Product } from './types.ts';

/** True when the site was built with a Supabase URL and anon key: reads go to the live tables. */
export const liveCatalogueConfigured: boolean = Boolean(PUBLIC_SUPABASE_URL && PUBLIC_SUPABASE_ANON_KEY);

let live: Promise<CatalogueSource> | undefined;

/** The Supabase source, created on first use; a failed load (offline, blocked chunk) is retried next time. */
export function liveSource(): Promise<CatalogueSource> {
  if (!liveCatalogueConfigured || !PUBLIC_SUPABASE_URL || !PUBLIC_SUPABASE_ANON_KEY) {
    return Promise.reject(new CatalogueReadError('Supabase is not configured'));
  }
  const url = PUBLIC_SUPABASE_URL;
  const key = PUBLIC_SUPABASE_ANON_KEY;
  live ??= import('./supabase-source.ts').then(
    // No retries in the browser: a shopper waiting on a button is better served by a quick error.
    (m) => m.createSupabaseSource(m.createSupabaseClient(url, key), { retry: false }),
    (error: unknown) => {
      live = undefined;
      throw error;
    },
  );
  return live;
}

/** One product by id from the live tables (null when no row); only meaningful when `liveCatalogueConfigured`. */
export async function readLiveProduct(id: string): Promise<Product | null> {
  return (await liveSource()).productById(id);
}
