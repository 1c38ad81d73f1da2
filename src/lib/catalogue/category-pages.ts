/** What the category and subcategory pages show: titles, the listed products and the "Browse by Subcategory" links. */
import { byId, type CatalogueModel } from './model.ts';
import { LISTING_PAGE_SIZE, type ListingIndex } from '../listing.ts';
import type { Product } from './rows.ts';

/** A "Browse by Subcategory" entry; `count` includes out-of-stock products. */
export interface SubcategoryLink {
  id: string;
  name: string;
  count: number;
  href: string;
}

export type CategoryPageData = ReturnType<typeof categoryPage>;
export type SubcategoryPageData = ReturnType<typeof subcategoryPage>;

/** The spec's title fallback for a category that cannot be read. */
export const CATEGORY_FALLBACK_TITLE = 'Category';

/** The top-level produce categories: their pages show the spec's fixed produce subcategories. */
export const PRODUCE_CATEGORIES: ReadonlySet<string> = new Set(['fruits', 'vegetables']);

/** The spec's four fixed "Browse by Subcategory" entries of the fruits and vegetables pages; counts come from the data. */
export const PRODUCE_SUBCATEGORIES = [
  { id: 'fresh-fruits', name: 'Fresh Fruits' },
  { id: 'fresh-vegetables', name: 'Fresh Vegetables' },
  { id: 'exotic-fruits', name: 'Exotic Fruits' },
  { id: 'organic-produce', name: 'Organic Produce' },
] as const;

/** The "Browse by Subcategory" entries of a category page: the fixed produce entries, else its own children. */
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

/** Where a subcategory is listed: its page under `parentId` when the parent's page links to one, else its own page. */
export function subcategoryHref(model: CatalogueModel, parentId: string, subcategoryId: string): string {
  const linked = PRODUCE_CATEGORIES.has(parentId)
    ? PRODUCE_SUBCATEGORIES.some((s) => s.id === subcategoryId)
    : model.childrenOf(parentId).some((c) => c.id === subcategoryId);
  return linked ? `/category/${parentId}/subcategory/${subcategoryId}` : `/category/${subcategoryId}`;
}

/**
 * A category page's data: the products of the category AND every one below it (products name a leaf, so the spec's
 * `category_id = id` would list nothing on a top-level page); out-of-stock ones last, so the counts match the grid.
 */
export function categoryPage(model: CatalogueModel, categoryId: string) {
  const category = model.categoryById.get(categoryId) ?? null;
  return {
    category,
    title: category?.name || CATEGORY_FALLBACK_TITLE,
    products: model.listedUnder(categoryId),
    subcategories: subcategoryLinks(model, categoryId),
  };
}

/** A subcategory page's data, with the category its back link returns to. */
export function subcategoryPage(model: CatalogueModel, categoryId: string, subcategoryId: string) {
  const parent = model.categoryById.get(categoryId);
  const subcategory = model.categoryById.get(subcategoryId) ?? null;
  return {
    parent: { id: categoryId, title: parent?.name || CATEGORY_FALLBACK_TITLE },
    subcategory,
    title: subcategory?.name || CATEGORY_FALLBACK_TITLE,
    products: model.listedUnder(subcategoryId),
  };
}

/** Every `/category/{id}` route to pre-render. */
export function categoryPaths(model: CatalogueModel): { id: string }[] {
  return [...model.catalogue.categories].sort(byId).map((c) => ({ id: c.id }));
}

/** Every subcategory route to pre-render: each category with each entry its page lists. */
export function subcategoryPaths(model: CatalogueModel): { categoryId: string; subcategoryId: string }[] {
  return categoryPaths(model).flatMap(({ id }) => subcategoryLinks(model, id).map((link) => ({ categoryId: id, subcategoryId: link.id })));
}

/** A listing's index as `/…/listing.json` serves it (src/lib/listing.ts). */
export function listingIndex(products: readonly Product[]): Response {
  const index: ListingIndex = {
    pageSize: LISTING_PAGE_SIZE,
    rows: products.map((p) => [p.name, p.price_paise, p.original_price_paise ?? 0, p.is_available ? 1 : 0]),
  };
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
