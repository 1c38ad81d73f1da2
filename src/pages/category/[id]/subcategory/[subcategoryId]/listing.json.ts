/** /category/{id}/subcategory/{subcategoryId}/listing.json: the subcategory's listing index (search and sort). */
import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { listingIndex } from '../../../../../lib/catalogue/category-pages.ts';
import { subcategoryListingRoutes } from '../../../../../lib/catalogue/routes.build.ts';

export const getStaticPaths = (() => subcategoryListingRoutes()) satisfies GetStaticPaths;

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => listingIndex(props.products);
