import type { Category, Product, Store } from './types.ts';

/**
 * The spec's reads (section 7), one method each. Two implementations share this signature:
 * `supabase-source.ts` (the live tables) and `sample-source.ts` (the bundled sample catalogue).
 * Every method answers the same for the same catalogue, whichever source serves it.
 */
export interface CatalogueSource {
  /** Which source this is, for logs. */
  readonly kind: 'supabase' | 'sample';
  /** Home featured: available products, at most 8 (`FEATURED_LIMIT`). */
  featuredProducts(): Promise<Product[]>;
  /** Product page and cart add: one product by id, or null when no row matches. */
  productById(id: string): Promise<Product | null>;
  /** Category and subcategory title: one category by id, or null. */
  categoryById(id: string): Promise<Category | null>;
  /** Category grid: available products whose category_id equals `categoryId`, optionally filtered by a name substring. No limit. */
  categoryProducts(categoryId: string, nameQuery?: string): Promise<Product[]>;
  /** Search: available products, optional name substring, at most 50 (`SEARCH_LIMIT`). */
  searchProducts(nameQuery?: string): Promise<Product[]>;
  /** Shop page: available products, optional name substring, at most 20 (`SHOP_PRODUCTS_LIMIT`); not filtered by shop, as in the spec. */
  shopProducts(nameQuery?: string): Promise<Product[]>;
  /** Stores list: active stores, optional name substring. */
  activeStores(nameQuery?: string): Promise<Store[]>;
  /** Shop page header: one store by id, or null. */
  storeById(id: string): Promise<Store | null>;
}

/** The limits of section 9 that the reads apply. */
export const FEATURED_LIMIT = 8;
export const SEARCH_LIMIT = 50;
export const SHOP_PRODUCTS_LIMIT = 20;

/** A read that failed for a reason other than "no such row": unreachable backend, error answer, bad response. */
export class CatalogueReadError extends Error {
  override name = 'CatalogueReadError';
}

/** Case-insensitive substring match on a name, the spec's rule for product and store search; an empty or blank query matches all. */
export function nameMatches(name: string, query: string | undefined): boolean {
  const needle = query?.trim().toLowerCase() ?? '';
  return needle === '' || name.toLowerCase().includes(needle);
}
