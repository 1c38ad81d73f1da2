/** The browser's catalogue reads: supabase.ts, imported only when configured (else no supabase-js ships), or the build's JSON. */
import type { SupabaseClient } from '@supabase/supabase-js';
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { readCardProduct, type CardProduct } from '../fields.ts';
import { CatalogueReadError, FEATURED_LIMIT } from './reads.ts';
import type { Product } from './rows.ts';

/** True when the site was built with a Supabase URL and anon key. */
export const liveCatalogueConfigured: boolean = Boolean(PUBLIC_SUPABASE_URL && PUBLIC_SUPABASE_ANON_KEY);

export const FEATURED_JSON_PATH = '/data/featured.json';

let live: Promise<{ client: SupabaseClient; reads: typeof import('./supabase.ts') }> | undefined;

/** The Supabase client and reads, loaded on first use; a failed load (offline, blocked chunk) is retried next time. */
function liveReads() {
  if (!PUBLIC_SUPABASE_URL || !PUBLIC_SUPABASE_ANON_KEY) return Promise.reject(new CatalogueReadError('Supabase is not configured'));
  const url = PUBLIC_SUPABASE_URL;
  const key = PUBLIC_SUPABASE_ANON_KEY;
  live ??= import('./supabase.ts').then(
    (reads) => ({ client: reads.createSupabaseClient(url, key), reads }),
    (error: unknown) => {
      live = undefined;
      throw error;
    },
  );
  return live;
}

/** The Supabase client (anon key), loaded on first use: the orders' calls (src/lib/orders-api.ts) share it. */
export async function liveClient(): Promise<SupabaseClient> {
  return (await liveReads()).client;
}

/** One product by id from the live tables (null when no row); only meaningful when `liveCatalogueConfigured`. */
export async function readLiveProduct(id: string): Promise<Product | null> {
  const { client, reads } = await liveReads();
  // No retries in the browser: a shopper waiting on a button is better served by a quick error.
  return reads.readProductById(client, id, { retry: false });
}

/** The home page's featured products, live when configured. Throws on failure. */
export async function readFeaturedProducts(fetchImpl: typeof fetch = fetch): Promise<CardProduct[]> {
  if (liveCatalogueConfigured) {
    const { client, reads } = await liveReads();
    return reads.readFeatured(client, { retry: false });
  }
  return readBuiltFeatured(fetchImpl);
}

/** The build's featured products, read by the field rules (anything read over the network is input). Throws on failure. */
export async function readBuiltFeatured(fetchImpl: typeof fetch = fetch): Promise<CardProduct[]> {
  const response = await fetchImpl(FEATURED_JSON_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new CatalogueReadError(`featured products: HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new CatalogueReadError('featured products: expected a list');
  return body
    .map(readCardProduct)
    .filter((p): p is CardProduct => p !== null && p.is_available)
    .slice(0, FEATURED_LIMIT);
}
