/**
 * The `cacheKey` of every catalogue page (Astro reuses a page whose key and templates are unchanged), from the read-model functions the
 * pages call. A key must cover every datum its page shows, or a stale page goes live; pages without one render every build.
 */
import { createHash } from 'node:crypto';
import type { CategoryPageData, SubcategoryPageData, SubcategoryLink } from './category-pages.ts';
import { relatedProducts, type CatalogueModel } from './model.ts';
import type { ShopHeader } from './shop-pages.ts';
import type { Product } from './rows.ts';
import { categoryPath } from '../search/record.ts';

/** How many related products a product page shows ("You might also like"). */
export const PRODUCT_PAGE_RELATED = 4;

/**
 * Build settings pages print that are not part of the catalogue: the brand and support contacts (astro:env) and
 * the Supabase project the islands read live. Part of every key, so changing one re-renders every page.
 */
const KEYED_ENV = [
  'PUBLIC_BRAND_NAME',
  'PUBLIC_SUPPORT_PHONE',
  'PUBLIC_SUPPORT_EMAIL',
  'PUBLIC_SUPABASE_URL',
  'PUBLIC_SUPABASE_ANON_KEY',
  'SITE_URL',
];

let salt: string | undefined;

/** The keyed build settings, read once per build. */
function envSalt(): string {
  salt ??= JSON.stringify(KEYED_ENV.map((name) => [name, process.env[name] ?? null]));
  return salt;
}

/**
 * A short digest of `value` (any JSON data) and the keyed build settings: different data, a different digest.
 * Plain JSON, keys in the order they were set: the rows come from the field rules (rows.ts) and the rest from the
 * read model, each object built field by field in one fixed order, so equal data gives equal text. Were two equal
 * objects ever built in different orders, their pages would only render again, never stay stale. Sorting every
 * object's keys took 13% of a one-row rebuild's CPU (10,000 products).
 */
export function digest(value: unknown): string {
  return createHash('sha256').update(envSalt()).update('\n').update(JSON.stringify(value)).digest('base64url').slice(0, 32);
}

/**
 * The key of a page with the site's header: `value` and what every such page shows of the catalogue beyond its
 * own data, the header's default delivery area (src/components/DeliverTo.astro), so a change of delivery areas or
 * PUBLIC_DEFAULT_PINCODE renders every page again.
 */
function pageKey(model: CatalogueModel, value: object): string {
  return digest({ ...value, deliverTo: model.defaultArea });
}

/** /product/{id}: the product row, its category chain (breadcrumb, search record) and the related products' rows. */
export function productPageKey(model: CatalogueModel, product: Product): string {
  return pageKey(model, {
    page: 'product',
    product,
    categories: categoryPath(product.category_id, model.categoryById),
    related: relatedProducts(model, product, PRODUCT_PAGE_RELATED),
  });
}

/** What a paginated listing page shows of Astro's `page`: its cards, position and links. */
interface ListingPage {
  data: readonly Product[];
  start: number;
  end: number;
  total: number;
  currentPage: number;
  lastPage: number;
  size: number;
  url: object;
}

const pageView = (page: ListingPage) => ({
  cards: page.data,
  start: page.start,
  end: page.end,
  total: page.total,
  currentPage: page.currentPage,
  lastPage: page.lastPage,
  size: page.size,
  url: page.url,
});

/** /category/{id}[/n]: the page's cards and position, the category and parent rows, the subcategory links on page 1, the product count. */
export function categoryPageKey(model: CatalogueModel, data: CategoryPageData, page: ListingPage): string {
  const parentId = data.category?.parent_id;
  const subcategories: SubcategoryLink[] = page.currentPage === 1 ? data.subcategories : [];
  return pageKey(model, {
    page: 'category',
    title: data.title,
    category: data.category,
    parent: parentId ? (model.categoryById.get(parentId) ?? null) : null,
    count: data.products.length,
    subcategories,
    view: pageView(page),
  });
}

/** /category/{id}/subcategory/{sub}[/n]: the page's cards and position, the back link, the title, the product count. */
export function subcategoryPageKey(model: CatalogueModel, data: SubcategoryPageData, page: ListingPage): string {
  return pageKey(model, {
    page: 'subcategory',
    parent: data.parent,
    subcategory: data.subcategory,
    title: data.title,
    count: data.products.length,
    view: pageView(page),
  });
}

/** A listing's listing.json: every listed product in order (the rows it serves are derived from them). */
export function listingIndexKey(products: readonly Product[]): string {
  return digest({ page: 'listing.json', products });
}

/** /shop/{id} and /store/{id}: the header and the product grid. */
export function shopPageKey(
  model: CatalogueModel,
  kind: 'shop' | 'store',
  header: ShopHeader,
  products: readonly Product[],
  isType: boolean,
): string {
  return pageKey(model, { page: kind, header, products, isType });
}
