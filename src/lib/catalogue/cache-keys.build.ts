/** The `cacheKey` of every catalogue page: it must cover every datum its page shows, or a stale page goes live. */
import { createHash } from 'node:crypto';
import type { CategoryPageData, SubcategoryPageData, SubcategoryLink } from './category-pages.ts';
import { relatedProducts, type CatalogueModel } from './model.ts';
import type { ShopHeader } from './shop-pages.ts';
import type { Product } from './rows.ts';
import { categoryPath } from '../search/record.ts';
import { coupons } from 'virtual:thela/coupons';
import { orderSettings } from 'virtual:thela/order-settings';

/** How many related products a product page shows. */
export const PRODUCT_PAGE_RELATED = 4;

/** Build settings pages print besides the catalogue: part of every key, so changing one re-renders every page. */
const KEYED_ENV = [
  'PUBLIC_BRAND_NAME',
  'PUBLIC_SUPPORT_PHONE',
  'PUBLIC_SUPPORT_EMAIL',
  'PUBLIC_SUPABASE_URL',
  'PUBLIC_SUPABASE_ANON_KEY',
  // Photos resized by Supabase's image endpoint, or by the build: every card's srcset names other files.
  'PUBLIC_IMAGE_CDN',
  // Live orders or simulated: every page's layout sends the outbox only in a live build (docs/orders.md).
  'PUBLIC_ORDERS',
  'SITE_URL',
];

let salt: string | undefined;

/**
 * A short digest of `value` and the keyed build settings. Keys are not sorted (that took 13% of a one-row rebuild's
 * CPU at 10,000 products): every object is built in one fixed order, and a different order only renders a page again.
 */
export function digest(value: unknown): string {
  // The pricing the build read is printed too (the fee, the coupons' terms): a changed row re-renders every page.
  salt ??= JSON.stringify([KEYED_ENV.map((name) => [name, process.env[name] ?? null]), coupons, orderSettings]);
  return createHash('sha256').update(salt).update('\n').update(JSON.stringify(value)).digest('base64url').slice(0, 32);
}

/** The key of a page with the site's header: `value` and the header's default delivery area. */
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

/** What a paginated listing page shows of Astro's `page`. */
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

/** /category/{id}[/n]. */
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

/** /category/{id}/subcategory/{sub}[/n]. */
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

/** A listing's listing.json (its rows are derived from the products). */
export function listingIndexKey(products: readonly Product[]): string {
  return digest({ page: 'listing.json', products });
}

/** /shop/{id} and /store/{id}. */
export function shopPageKey(
  model: CatalogueModel,
  kind: 'shop' | 'store',
  header: ShopHeader,
  products: readonly Product[],
  isType: boolean,
): string {
  return pageKey(model, { page: kind, header, products, isType });
}
