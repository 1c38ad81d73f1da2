/**
 * Build-time page data computed from the catalogue: category trees and grids, subcategory links with counts,
 * stores and shop types. Pure functions over a `Catalogue`, so pages stay thin and unit tests need no build.
 */
import { FEATURED_LIMIT, SHOP_PRODUCTS_LIMIT } from './source.ts';
import { SHOP_TYPES, type ShopTypeEntry } from '../../data/shop-types.ts';
import type { Catalogue, Category, Product, Store } from './types.ts';

/** A "Browse by Subcategory" entry. */
export interface SubcategoryLink {
  id: string;
  name: string;
  /** Products the linked page lists (out-of-stock ones included). */
  count: number;
  href: string;
}

/** What a category or subcategory page shows. */
export interface CategoryPageData {
  /** The category row, or null when the id names none (the page then shows the "Category" fallback). */
  category: Category | null;
  /** Heading: the category's name, "Category" when it has none. */
  title: string;
  /** Products of the category and every category below it: available ones first, then out-of-stock ones. */
  products: Product[];
  /** "Browse by Subcategory" entries (empty on a leaf). */
  subcategories: SubcategoryLink[];
}

/** The spec's title fallback for a category that cannot be read. */
export const CATEGORY_FALLBACK_TITLE = 'Category';

/**
 * The spec's four fixed "Browse by Subcategory" entries, in its order, shown on the fruits and vegetables pages.
 * Their counts come from the data (the sample catalogue holds 24, 32, 12 and 18, the spec's figures).
 */
export const PRODUCE_SUBCATEGORIES = [
  { id: 'fresh-fruits', name: 'Fresh Fruits' },
  { id: 'fresh-vegetables', name: 'Fresh Vegetables' },
  { id: 'exotic-fruits', name: 'Exotic Fruits' },
  { id: 'organic-produce', name: 'Organic Produce' },
] as const;

/** Top-level categories whose pages show the fixed produce entries rather than their own children. */
export const PRODUCE_CATEGORY_IDS: ReadonlySet<string> = new Set(['fruits', 'vegetables']);

/** A store's rating for display: the spec's 4.5 when missing. */
export function displayRating(rating: number | null | undefined): string {
  return (rating ?? 4.5).toFixed(1);
}

/** A store's delivery time for display: the spec's "10 min" when missing. */
export function displayDeliveryTime(minutes: number | null | undefined): string {
  return `${minutes ?? 10} min`;
}

/** The spec's fixed store distance. */
export const STORE_DISTANCE = '0.7 km';

/** Lookups over one catalogue, built once per build. */
export interface CatalogueIndex {
  catalogue: Catalogue;
  categoryById: ReadonlyMap<string, Category>;
  productById: ReadonlyMap<string, Product>;
  /** Direct children of a category, by sort_order then name. */
  childrenOf(id: string): Category[];
  /** Available products of a category and all its descendants, by id. */
  availableUnder(id: string): Product[];
  /** Every product of a category and its descendants: the available ones by id, then the unavailable ones by id. */
  listedUnder(id: string): Product[];
}

const byOrder = (a: Category, b: Category) => a.sort_order - b.sort_order || a.name.localeCompare(b.name, 'en');
const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Builds the lookups for `catalogue`. */
export function indexCatalogue(catalogue: Catalogue): CatalogueIndex {
  const categoryById = new Map(catalogue.categories.map((c) => [c.id, c]));
  const productById = new Map(catalogue.products.map((p) => [p.id, p]));
  const children = new Map<string, Category[]>();
  for (const c of catalogue.categories) {
    if (c.parent_id === null) continue;
    const list = children.get(c.parent_id) ?? [];
    list.push(c);
    children.set(c.parent_id, list);
  }
  for (const list of children.values()) list.sort(byOrder);
  const byCategory = new Map<string, Product[]>();
  for (const p of [...catalogue.products].sort(byId)) {
    const list = byCategory.get(p.category_id) ?? [];
    list.push(p);
    byCategory.set(p.category_id, list);
  }
  const childrenOf = (id: string) => children.get(id) ?? [];
  const under = (id: string): Product[] => {
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
    return out.sort(byId);
  };
  const availableUnder = (id: string) => under(id).filter((p) => p.is_available);
  const listedUnder = (id: string) => {
    const all = under(id);
    return [...all.filter((p) => p.is_available), ...all.filter((p) => !p.is_available)];
  };
  return { catalogue, categoryById, productById, childrenOf, availableUnder, listedUnder };
}

/** Top-level categories, by sort_order then name. */
export function topLevelCategories(index: CatalogueIndex): Category[] {
  return index.catalogue.categories.filter((c) => c.parent_id === null).sort(byOrder);
}

/** The "Browse by Subcategory" entries of a category page: the four fixed produce entries on fruits and vegetables, else its own children. */
export function subcategoryLinks(index: CatalogueIndex, categoryId: string): SubcategoryLink[] {
  const entries = PRODUCE_CATEGORY_IDS.has(categoryId)
    ? PRODUCE_SUBCATEGORIES.map((s) => ({ id: s.id, name: s.name }))
    : index.childrenOf(categoryId).map((c) => ({ id: c.id, name: c.name }));
  return entries.map((entry) => ({
    ...entry,
    count: index.listedUnder(entry.id).length,
    href: `/category/${categoryId}/subcategory/${entry.id}`,
  }));
}

/**
 * A category page's data. The spec's read is `category_id = id`, but products' category_id is always a leaf
 * (subcategory) id, so a top-level category would list nothing: the grid holds the products of the category AND
 * every subcategory below it (on a leaf, exactly the spec's read). Out-of-stock products stay listed after the
 * available ones, as "Out of stock" cards without ADD, so the counts match the grid.
 */
export function categoryPage(index: CatalogueIndex, categoryId: string): CategoryPageData {
  const category = index.categoryById.get(categoryId) ?? null;
  return {
    category,
    title: category?.name || CATEGORY_FALLBACK_TITLE,
    products: index.listedUnder(categoryId),
    subcategories: subcategoryLinks(index, categoryId),
  };
}

/** What a subcategory page shows, with the category its back link returns to. */
export interface SubcategoryPageData {
  parent: { id: string; title: string };
  subcategory: Category | null;
  title: string;
  products: Product[];
}

/** A subcategory page's data: products whose category_id is the subcategory (or below it), back link to the category. */
export function subcategoryPage(index: CatalogueIndex, categoryId: string, subcategoryId: string): SubcategoryPageData {
  const parent = index.categoryById.get(categoryId);
  const subcategory = index.categoryById.get(subcategoryId) ?? null;
  return {
    parent: { id: categoryId, title: parent?.name || CATEGORY_FALLBACK_TITLE },
    subcategory,
    title: subcategory?.name || CATEGORY_FALLBACK_TITLE,
    products: index.listedUnder(subcategoryId),
  };
}

/** Every category route to pre-render: `/category/{id}` for each category. */
export function categoryPaths(index: CatalogueIndex): { id: string }[] {
  return [...index.catalogue.categories].sort(byId).map((c) => ({ id: c.id }));
}

/** Every subcategory route to pre-render: each category with each entry its page lists. */
export function subcategoryPaths(index: CatalogueIndex): { categoryId: string; subcategoryId: string }[] {
  return categoryPaths(index).flatMap(({ id }) =>
    subcategoryLinks(index, id).map((link) => ({ categoryId: id, subcategoryId: link.id })),
  );
}

/** Active stores by id: the stores list. */
export function activeStores(catalogue: Catalogue): Store[] {
  return catalogue.stores.filter((s) => s.is_active).sort(byId);
}

/** The shop page grid: the first 20 available products by id (the spec's read is not filtered by shop). */
export function shopProducts(catalogue: Catalogue): Product[] {
  return catalogue.products
    .filter((p) => p.is_available)
    .sort(byId)
    .slice(0, SHOP_PRODUCTS_LIMIT);
}

/** A shop page's header. */
export interface ShopHeader {
  title: string;
  rating: string;
  deliveryTime: string;
  distance: string;
  /** A line under the title: the store's address or the shop type's blurb. */
  subtitle: string | null;
}

/** The header of `/shop/{type}`. */
export function shopTypeHeader(type: ShopTypeEntry): ShopHeader {
  return {
    title: type.name,
    rating: displayRating(null),
    deliveryTime: displayDeliveryTime(null),
    distance: STORE_DISTANCE,
    subtitle: type.blurb,
  };
}

/** The header of `/store/{id}` and `/shop/{id}`. */
export function storeHeader(store: Store): ShopHeader {
  return {
    title: store.name,
    rating: displayRating(store.rating),
    deliveryTime: displayDeliveryTime(store.delivery_time_min),
    distance: STORE_DISTANCE,
    subtitle: store.address,
  };
}

/** Every `/shop/{shopId}` page: the four shop types, then each store whose id is not a shop type. */
export function shopPaths(catalogue: Catalogue): { shopId: string; header: ShopHeader }[] {
  const types = SHOP_TYPES.map((t) => ({ shopId: t.type, header: shopTypeHeader(t) }));
  const taken = new Set<string>(SHOP_TYPES.map((t) => t.type));
  const stores = [...catalogue.stores]
    .sort(byId)
    .filter((s) => !taken.has(s.id))
    .map((s) => ({ shopId: s.id, header: storeHeader(s) }));
  return [...types, ...stores];
}

/** The first `limit` available products of the same category as `product`, other than it (the product page's "related" row). */
export function relatedProducts(index: CatalogueIndex, product: Product, limit = 6): Product[] {
  const category = index.categoryById.get(product.category_id);
  const pool = index.availableUnder(product.category_id).filter((p) => p.id !== product.id);
  if (pool.length >= limit || !category?.parent_id) return pool.slice(0, limit);
  // A small subcategory: fill up from its siblings under the same parent.
  const more = index.availableUnder(category.parent_id).filter((p) => p.id !== product.id && p.category_id !== product.category_id);
  return [...pool, ...more].slice(0, limit);
}

/** The first `limit` available products by id: the build's featured list (the spec's home featured read). */
export function featuredProducts(catalogue: Catalogue, limit = FEATURED_LIMIT): Product[] {
  return catalogue.products
    .filter((p) => p.is_available)
    .sort(byId)
    .slice(0, limit);
}

let pagesIndex: Promise<CatalogueIndex> | undefined;

/** The build's catalogue with its lookups, read once and shared by every page (imported lazily so unit tests need no content layer). */
export function getPagesIndex(): Promise<CatalogueIndex> {
  pagesIndex ??= import('./catalogue.server.ts').then(async ({ getCatalogue }) => indexCatalogue(await getCatalogue()));
  return pagesIndex;
}

/** The product page's breadcrumb trail: Home, the top category, the subcategory, the product. */
export function productTrail(index: CatalogueIndex, product: Product): { label: string; href: string }[] {
  const trail = [{ label: 'Home', href: '/' }];
  const leaf = index.categoryById.get(product.category_id);
  const parent = leaf?.parent_id ? index.categoryById.get(leaf.parent_id) : undefined;
  if (leaf && parent) {
    trail.push({ label: parent.name, href: `/category/${parent.id}` });
    trail.push({ label: leaf.name, href: `/category/${parent.id}/subcategory/${leaf.id}` });
  } else if (leaf) {
    trail.push({ label: leaf.name, href: `/category/${leaf.id}` });
  }
  trail.push({ label: product.name, href: `/product/${product.id}` });
  return trail;
}

/**
 * The product page's JSON-LD (schema.org Product with an INR Offer), serialized for a
 * `<script type="application/ld+json">`: `<`, `>`, `&` and the JS line separators are escaped as \u sequences,
 * so no catalogue text can close the script element, and the result still parses as the same JSON.
 */
export function productJsonLd(product: Product, imageUrl: string, pageUrl: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: imageUrl,
    description: product.description ?? product.name,
    sku: product.id,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: product.price.toFixed(2),
      priceCurrency: 'INR',
      availability: product.is_available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  return escapeJsonForScript(JSON.stringify(data));
}

/** Escapes JSON text so it can sit inside a <script> element unchanged in meaning. */
export function escapeJsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
