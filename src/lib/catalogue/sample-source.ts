import { cleanNameQuery, isUnmatchableQuery } from './sanitize.ts';
import {
  FEATURED_LIMIT,
  SEARCH_LIMIT,
  SHOP_PRODUCTS_LIMIT,
  nameMatches,
  type CatalogueSource,
} from './source.ts';
import type { Catalogue, Category, Product, Store } from './types.ts';

/**
 * Orders ids as PostgreSQL's "C" collation does (`order=id.asc` on `text collate "C"`): by Unicode code
 * point, which is UTF-8 byte order. Plain `<` on JS strings compares UTF-16 code units and disagrees for
 * characters above U+FFFF against U+E000..U+FFFF.
 */
export function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  const x = a[Symbol.iterator]();
  const y = b[Symbol.iterator]();
  for (;;) {
    const p = x.next();
    const q = y.next();
    if (p.done) return q.done ? 0 : -1;
    if (q.done) return 1;
    const d = (p.value.codePointAt(0) ?? 0) - (q.value.codePointAt(0) ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
}

const byId = <T extends { id: string }>(a: T, b: T) => compareIds(a.id, b.id);

/**
 * The sample catalogue as a `CatalogueSource`: every read answered from memory exactly as PostgREST
 * answers the request `supabase-source.ts` sends for it (same filters, `order=id.asc`, same limits), so
 * the two sources are interchangeable. The catalogue is expected to be sanitized already (`sanitize.ts`);
 * rows are copied on the way out so callers cannot change the source.
 */
export function createSampleSource(catalogue: Catalogue): CatalogueSource {
  const products = [...catalogue.products].sort(byId);
  const available = products.filter((p) => p.is_available === true);
  const activeStoreRows = [...catalogue.stores].sort(byId).filter((s) => s.is_active === true);
  const productsById = new Map(products.map((p) => [p.id, p]));
  const categoriesById = new Map(catalogue.categories.map((c) => [c.id, c]));
  const storesById = new Map(catalogue.stores.map((s) => [s.id, s]));

  /** Rows whose name contains the cleaned query, case-insensitively and literally; at most `limit`. */
  const named = <T extends { name: string }>(rows: readonly T[], query: string | undefined, limit?: number): T[] => {
    const needle = cleanNameQuery(query);
    if (isUnmatchableQuery(needle)) return [];
    const out: T[] = [];
    for (const row of rows) {
      if (limit !== undefined && out.length >= limit) break;
      if (nameMatches(row.name, needle)) out.push({ ...row });
    }
    return out;
  };

  const one = <T>(map: ReadonlyMap<string, T>, id: string): T | null => {
    const row = map.get(id);
    return row === undefined ? null : { ...row };
  };

  return {
    kind: 'sample',
    featuredProducts: async (): Promise<Product[]> => named(available, undefined, FEATURED_LIMIT),
    productById: async (id: string): Promise<Product | null> => one(productsById, id),
    categoryById: async (id: string): Promise<Category | null> => one(categoriesById, id),
    categoryProducts: async (categoryId: string, nameQuery?: string): Promise<Product[]> =>
      named(
        available.filter((p) => p.category_id === categoryId),
        nameQuery,
      ),
    searchProducts: async (nameQuery?: string): Promise<Product[]> => named(available, nameQuery, SEARCH_LIMIT),
    shopProducts: async (nameQuery?: string): Promise<Product[]> => named(available, nameQuery, SHOP_PRODUCTS_LIMIT),
    activeStores: async (nameQuery?: string): Promise<Store[]> => named(activeStoreRows, nameQuery),
    storeById: async (id: string): Promise<Store | null> => one(storesById, id),
  };
}
