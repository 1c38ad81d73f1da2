/** The catalogue routes: each page's getStaticPaths is one call here, each entry with its incremental-build key. */
import type { PaginateFunction } from 'astro';
import { categoryPageKey, listingIndexKey, productPageKey, shopPageKey, subcategoryPageKey } from './cache-keys.build.ts';
import { getCatalogue } from './catalogue.build.ts';
import { categoryPage, categoryPaths, subcategoryPage, subcategoryPaths } from './category-pages.ts';
import { shopProducts } from './model.ts';
import { shopPaths, storeHeader } from './shop-pages.ts';
import { SHOP_TYPES } from '../../data/shop-types.ts';
import { LISTING_PAGE_SIZE } from '../listing.ts';

/** /category/{id}[/n]. */
export async function categoryRoutes(paginate: PaginateFunction) {
  const model = await getCatalogue();
  return categoryPaths(model).flatMap(({ id }) => {
    const data = categoryPage(model, id);
    const parentId = data.category?.parent_id;
    const parent = parentId ? model.categoryById.get(parentId) : undefined;
    const pages = paginate(data.products, { pageSize: LISTING_PAGE_SIZE, params: { id }, props: { data, parent } });
    return pages.map((entry) => ({ ...entry, cacheKey: categoryPageKey(model, data, entry.props.page) }));
  });
}

/** /category/{id}/subcategory/{subcategoryId}[/n]: every subcategory a category page links to. */
export async function subcategoryRoutes(paginate: PaginateFunction) {
  const model = await getCatalogue();
  return subcategoryPaths(model).flatMap(({ categoryId, subcategoryId }) => {
    const data = subcategoryPage(model, categoryId, subcategoryId);
    const params = { id: categoryId, subcategoryId };
    const pages = paginate(data.products, { pageSize: LISTING_PAGE_SIZE, params, props: { data } });
    return pages.map((entry) => ({ ...entry, cacheKey: subcategoryPageKey(model, data, entry.props.page) }));
  });
}

/** /category/{id}/listing.json: the whole listing, which its pages load to search or sort. */
export async function categoryListingRoutes() {
  const model = await getCatalogue();
  return categoryPaths(model).map(({ id }) => {
    const products = categoryPage(model, id).products;
    return { params: { id }, props: { products }, cacheKey: listingIndexKey(products) };
  });
}

/** /category/{id}/subcategory/{subcategoryId}/listing.json. */
export async function subcategoryListingRoutes() {
  const model = await getCatalogue();
  return subcategoryPaths(model).map(({ categoryId, subcategoryId }) => {
    const products = subcategoryPage(model, categoryId, subcategoryId).products;
    return { params: { id: categoryId, subcategoryId }, props: { products }, cacheKey: listingIndexKey(products) };
  });
}

/** /product/{id}. */
export async function productRoutes() {
  const model = await getCatalogue();
  return model.catalogue.products.map((product) => ({
    params: { id: product.id },
    props: { product },
    cacheKey: productPageKey(model, product),
  }));
}

/** /shop/{shopId}: the shop types and every store whose id is not one. */
export async function shopRoutes() {
  const model = await getCatalogue();
  const products = shopProducts(model.catalogue);
  return shopPaths(model.catalogue).map(({ shopId, header }) => {
    const isType = SHOP_TYPES.some((t) => t.type === shopId);
    const back = isType ? { href: '/shops', label: 'All shops' } : { href: '/stores', label: 'Nearby Stores' };
    return { params: { shopId }, props: { header, products, back }, cacheKey: shopPageKey(model, 'shop', header, products, isType) };
  });
}

/** /store/{id}: the same screen as the shop page. */
export async function storeRoutes() {
  const model = await getCatalogue();
  const products = shopProducts(model.catalogue);
  return model.catalogue.stores.map((store) => {
    const header = storeHeader(store);
    return { params: { id: store.id }, props: { header, products }, cacheKey: shopPageKey(model, 'store', header, products, false) };
  });
}
