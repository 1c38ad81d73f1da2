import type { APIRoute, GetStaticPaths } from 'astro';
import type { Product } from '../../../../../lib/catalogue/rows.ts';
import { listingIndexKey } from '../../../../../lib/catalogue/cache-keys.ts';
import { getCatalogue } from '../../../../../lib/catalogue/catalogue.server.ts';
import { listingIndex, subcategoryPage, subcategoryPaths } from '../../../../../lib/catalogue/category-pages.ts';
import { inRenderShard } from '../../../../../lib/catalogue/render-shard.ts';

/** /category/{id}/subcategory/{subcategoryId}/listing.json: the subcategory's listing index (search and sort). */
export const getStaticPaths = (async () => {
  const model = await getCatalogue();
  return subcategoryPaths(model)
    .filter(({ categoryId, subcategoryId }) => inRenderShard('subcategory-listing', { id: categoryId, subcategoryId }))
    .map(({ categoryId, subcategoryId }) => {
      const products = subcategoryPage(model, categoryId, subcategoryId).products;
      return { params: { id: categoryId, subcategoryId }, props: { products }, cacheKey: listingIndexKey(products) };
    });
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => listingIndex((props as { products: readonly Product[] }).products);
