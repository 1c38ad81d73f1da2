/**
 * The catalogue read model: one typed, indexed view of the catalogue that every page queries, built once per
 * build (src/lib/catalogue/catalogue.build.ts) from the sanitized rows. Pure, so unit tests need no build.
 */
import { defaultServedArea, serviceabilityTable, type ServedArea } from '../delivery-area.ts';
import { FEATURED_LIMIT, SHOP_PRODUCTS_LIMIT } from './reads.ts';
import { placeOf } from '../search/record.ts';
import type { Catalogue, Category, Product, Store } from './rows.ts';

/** Lookups over one catalogue, built once per build. */
export interface CatalogueModel {
  catalogue: Catalogue;
  categoryById: ReadonlyMap<string, Category>;
  productById: ReadonlyMap<string, Product>;
  /** Direct children of a category, by sort_order then name. */
  childrenOf(id: string): Category[];
  /** Available products of a category and all its descendants, by id. Shared by every caller: read-only. */
  availableUnder(id: string): readonly Product[];
  /** Every product of a category and its descendants: the available ones by id, then the unavailable ones by id. Read-only. */
  listedUnder(id: string): readonly Product[];
  /** Where the header says the shop delivers until a shopper picks a pincode (`defaultServedArea`); null: nowhere. */
  defaultArea: ServedArea | null;
}

export const byOrder = (a: Category, b: Category) => a.sort_order - b.sort_order || a.name.localeCompare(b.name, 'en');
export const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Builds the lookups for `catalogue`; `defaultPincode` is the operator's PUBLIC_DEFAULT_PINCODE, if any. */
export function indexCatalogue(catalogue: Catalogue, defaultPincode?: string): CatalogueModel {
  const categoryById = new Map(catalogue.categories.map((c) => [c.id, c]));
  const productById = new Map(catalogue.products.map((p) => [p.id, p]));
  const children = Map.groupBy(
    catalogue.categories.filter((c) => c.parent_id !== null),
    (c) => c.parent_id as string,
  );
  for (const list of children.values()) list.sort(byOrder);
  const byCategory = Map.groupBy([...catalogue.products].sort(byId), (p) => p.category_id);
  const childrenOf = (id: string) => children.get(id) ?? [];
  // Each category's products are gathered and sorted once per model: a product page asks for its category's on every
  // render and key (100,000 product pages at the largest catalogue), so this must not sort the category each time.
  // Callers share the lists, typed read-only so none can reorder what another reads (a copy per call cost a
  // category's length on every product page).
  const memo = new Map<string, { available: Product[]; listed: Product[] }>();
  const under = (id: string) => {
    const known = memo.get(id);
    if (known) return known;
    // Walk the tree breadth-first; `seen` guards against a parent loop the sanitizer would have broken anyway.
    const seen = new Set<string>([id]);
    const queue = [id];
    const out: Product[] = [];
    while (queue.length > 0) {
      const current = queue.shift() as string;
      out.push(...(byCategory.get(current) ?? []));
      for (const child of childrenOf(current)) {
        if (seen.has(child.id)) continue;
        seen.add(child.id);
        queue.push(child.id);
      }
    }
    out.sort(byId);
    const available = out.filter((p) => p.is_available);
    const entry = { available, listed: [...available, ...out.filter((p) => !p.is_available)] };
    memo.set(id, entry);
    return entry;
  };
  const availableUnder = (id: string): readonly Product[] => under(id).available;
  const listedUnder = (id: string): readonly Product[] => under(id).listed;
  const defaultArea = defaultServedArea(serviceabilityTable(catalogue), defaultPincode);
  return { catalogue, categoryById, productById, childrenOf, availableUnder, listedUnder, defaultArea };
}

/** Top-level categories, by sort_order then name. */
export function topLevelCategories(model: CatalogueModel): Category[] {
  return model.catalogue.categories.filter((c) => c.parent_id === null).sort(byOrder);
}

/** Active stores by id: the stores list. */
export function activeStores(catalogue: Catalogue): Store[] {
  return catalogue.stores.filter((s) => s.is_active).sort(byId);
}

/** `availableById` of each catalogue, worked out once. */
const availableLists = new WeakMap<Catalogue, readonly Product[]>();

/**
 * The available products by id. Worked out once per catalogue and shared, so read-only: every shop, store and home
 * page asks, and sorting 100,000 products for each took about 6 s of a 100,000-product build.
 */
export function availableById(catalogue: Catalogue): readonly Product[] {
  let list = availableLists.get(catalogue);
  if (!list) {
    list = catalogue.products.filter((p) => p.is_available).sort(byId);
    availableLists.set(catalogue, list);
  }
  return list;
}

/** The shop page grid: the first 20 available products by id (the spec's read is not filtered by shop). */
export function shopProducts(catalogue: Catalogue): readonly Product[] {
  return availableById(catalogue).slice(0, SHOP_PRODUCTS_LIMIT);
}

/** The first `limit` available products of the same category as `product`, other than it (the product page's "related" row). */
export function relatedProducts(model: CatalogueModel, product: Product, limit = 6): Product[] {
  const category = model.categoryById.get(product.category_id);
  // Stops at `limit`: a category of a large catalogue holds thousands, and every product page asks (twice, with its cache key).
  const pool = firstMatching(model.availableUnder(product.category_id), limit, (p) => p.id !== product.id);
  if (pool.length >= limit || !category?.parent_id) return pool;
  // A small subcategory: fill up from its siblings under the same parent.
  const more = firstMatching(
    model.availableUnder(category.parent_id),
    limit - pool.length,
    (p) => p.id !== product.id && p.category_id !== product.category_id,
  );
  return [...pool, ...more];
}

/** The first `limit` items of `list` that pass `keep`, in order. */
function firstMatching<T>(list: readonly T[], limit: number, keep: (item: T) => boolean): T[] {
  const out: T[] = [];
  for (const item of list) {
    if (out.length >= limit) break;
    if (keep(item)) out.push(item);
  }
  return out;
}

/** The first `limit` available products by id: the build's featured list (the spec's home featured read). */
export function featuredProducts(catalogue: Catalogue, limit = FEATURED_LIMIT): Product[] {
  return availableById(catalogue).slice(0, limit);
}

/**
 * A product with its `category_id` made top-level (fruits, not fresh-fruits): what a card's cart control carries
 * into the cart, where the coupon rules read it (src/lib/coupons.ts). An unknown category is dropped.
 */
export function withTopCategory<T extends { category_id: string }>(model: CatalogueModel, product: T): T {
  return { ...product, category_id: placeOf(product.category_id, model.categoryById).topCategory ?? '' };
}
