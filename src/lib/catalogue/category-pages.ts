/** What the category and subcategory pages show: titles, the listed products and the "Browse by Subcategory" links. */
import { byId, type CatalogueModel } from './model.ts';
import { LISTING_PAGE_SIZE, type ListingIndex } from '../listing.ts';
import type { Category, Product } from './rows.ts';
import { PRODUCE_CATEGORIES } from '../coupons.ts';

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
  products: readonly Product[];
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

/** The "Browse by Subcategory" entries of a category page: the four fixed produce entries on fruits and vegetables, else its own children. */
export function subcategoryLinks(model: CatalogueModel, categoryId: string): SubcategoryLink[] {
  const entries = PRODUCE_CATEGORIES.has(categoryId)
    ? PRODUCE_SUBCATEGORIES.map((s) => ({ id: s.id, name: s.name }))
    : model.childrenOf(categoryId).map((c) => ({ id: c.id, name: c.name }));
  return entries.map((entry) => ({
    ...entry,
    count: model.listedUnder(entry.id).length,
    href: `/category/${categoryId}/subcategory/${entry.id}`,
  }));
}

/**
 * Where a subcategory is listed: its page under `parentId` when the parent's page links to one (its own children;
 * the four produce entries under fruits and vegetables), else its own category page. Every category has one.
 */
export function subcategoryHref(model: CatalogueModel, parentId: string, subcategoryId: string): string {
  const linked = PRODUCE_CATEGORIES.has(parentId)
    ? PRODUCE_SUBCATEGORIES.some((s) => s.id === subcategoryId)
    : model.childrenOf(parentId).some((c) => c.id === subcategoryId);
  return linked ? `/category/${parentId}/subcategory/${subcategoryId}` : `/category/${subcategoryId}`;
}

/**
 * A category page's data. The spec's read is `category_id = id`, but products' category_id is always a leaf
 * (subcategory) id, so a top-level category would list nothing: the grid holds the products of the category AND
 * every subcategory below it (on a leaf, exactly the spec's read). Out-of-stock products stay listed after the
 * available ones, as "Out of stock" cards without ADD, so the counts match the grid.
 */
export function categoryPage(model: CatalogueModel, categoryId: string): CategoryPageData {
  const category = model.categoryById.get(categoryId) ?? null;
  return {
    category,
    title: category?.name || CATEGORY_FALLBACK_TITLE,
    products: model.listedUnder(categoryId),
    subcategories: subcategoryLinks(model, categoryId),
  };
}

/** What a subcategory page shows, with the category its back link returns to. */
export interface SubcategoryPageData {
  parent: { id: string; title: string };
  subcategory: Category | null;
  title: string;
  products: readonly Product[];
}

/** A subcategory page's data: products whose category_id is the subcategory (or below it), back link to the category. */
export function subcategoryPage(model: CatalogueModel, categoryId: string, subcategoryId: string): SubcategoryPageData {
  const parent = model.categoryById.get(categoryId);
  const subcategory = model.categoryById.get(subcategoryId) ?? null;
  return {
    parent: { id: categoryId, title: parent?.name || CATEGORY_FALLBACK_TITLE },
    subcategory,
    title: subcategory?.name || CATEGORY_FALLBACK_TITLE,
    products: model.listedUnder(subcategoryId),
  };
}

/** Every category route to pre-render: `/category/{id}` for each category. */
export function categoryPaths(model: CatalogueModel): { id: string }[] {
  return [...model.catalogue.categories].sort(byId).map((c) => ({ id: c.id }));
}

/** Every subcategory route to pre-render: each category with each entry its page lists. */
export function subcategoryPaths(model: CatalogueModel): { categoryId: string; subcategoryId: string }[] {
  return categoryPaths(model).flatMap(({ id }) => subcategoryLinks(model, id).map((link) => ({ categoryId: id, subcategoryId: link.id })));
}

/** A listing's index as the response `/…/listing.json` serves (src/lib/listing.ts): every product's row, in listing order. */
export function listingIndex(products: readonly Product[]): Response {
  const index: ListingIndex = {
    pageSize: LISTING_PAGE_SIZE,
    rows: products.map((p) => [p.name, p.price_paise, p.original_price_paise ?? 0, p.is_available ? 1 : 0]),
  };
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
