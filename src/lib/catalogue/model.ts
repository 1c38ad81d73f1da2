/** The catalogue read model: one indexed view every page queries, built once per build. Pure, so unit tests need no build. */
import { defaultServedArea, serviceabilityTable, type ServedArea } from '../delivery-area.ts';
import { FEATURED_LIMIT, SHOP_PRODUCTS_LIMIT } from './reads.ts';
import { placeOf } from '../search/record.ts';
import type { Catalogue, Category, Product, Store } from './rows.ts';

export interface CatalogueModel {
  catalogue: Catalogue;
  categoryById: ReadonlyMap<string, Category>;
  productById: ReadonlyMap<string, Product>;
  /** Direct children of a category, by sort_order then name. */
  childrenOf(id: string): Category[];
  /** Available products of a category and all its descendants, by id. Shared by every caller: read-only. */
  availableUnder(id: string): readonly Product[];
  /** As `availableUnder`, then the unavailable ones by id. Read-only. */
  listedUnder(id: string): readonly Product[];
  /** The area the header shows first (`defaultServedArea`). */
  defaultArea: ServedArea | null;
}

export const byOrder = (a: Category, b: Category) => a.sort_order - b.sort_order || a.name.localeCompare(b.name, 'en');
export const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Builds the lookups; `defaultPincode` is the operator's PUBLIC_DEFAULT_PINCODE, if any. */
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
  // Sorted once per model and shared read-only: every product page asks for its category's (100,000 at the largest),
  // and a sort or a copy per call cost a category's length each time.
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

/** Active stores by id. */
export function activeStores(catalogue: Catalogue): Store[] {
  return catalogue.stores.filter((s) => s.is_active).sort(byId);
}

const availableLists = new WeakMap<Catalogue, readonly Product[]>();

/** The available products by id, shared read-only: sorting them for every page took about 6 s of a 100,000-product build. */
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

/** The product page's "related" row: available products of `product`'s category, then of its siblings. */
export function relatedProducts(model: CatalogueModel, product: Product, limit = 6): Product[] {
  const category = model.categoryById.get(product.category_id);
  // Stops at `limit`: a category of a large catalogue holds thousands, and every product page asks (twice, with its cache key).
  const pool = firstMatching(model.availableUnder(product.category_id), limit, (p) => p.id !== product.id);
  if (pool.length >= limit || !category?.parent_id) return pool;
  const more = firstMatching(
    model.availableUnder(category.parent_id),
    limit - pool.length,
    (p) => p.id !== product.id && p.category_id !== product.category_id,
  );
  return [...pool, ...more];
}

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

/** A product with its `category_id` made top-level, for the coupon rules; an unknown category is dropped. */
export function withTopCategory<T extends { category_id: string }>(model: CatalogueModel, product: T): T {
  return { ...product, category_id: placeOf(product.category_id, model.categoryById).topCategory ?? '' };
}
