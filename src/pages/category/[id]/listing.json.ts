import type { APIRoute, GetStaticPaths } from 'astro';
import type { Product } from '../../../lib/catalogue/rows.ts';
import { listingIndexKey } from '../../../lib/catalogue/cache-keys.ts';
import { getCatalogue } from '../../../lib/catalogue/catalogue.server.ts';
import { categoryPage, categoryPaths, listingIndex } from '../../../lib/catalogue/category-pages.ts';
import { inRenderShard } from '../../../lib/catalogue/render-shard.ts';

/** /category/{id}/listing.json: the category's listing index, which its pages load when a shopper searches or sorts. */
export const getStaticPaths = (async () => {
  const model = await getCatalogue();
  return categoryPaths(model)
    .filter(({ id }) => inRenderShard('category-listing', { id }))
    .map(({ id }) => {
      const products = categoryPage(model, id).products;
      return { params: { id }, props: { products }, cacheKey: listingIndexKey(products) };
    });
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => listingIndex((props as { products: readonly Product[] }).products);
