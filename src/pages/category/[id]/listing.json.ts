/** /category/{id}/listing.json: the category's listing index, which its pages load when a shopper searches or sorts. */
import type { APIRoute, GetStaticPaths, InferGetStaticPropsType } from 'astro';
import { listingIndex } from '../../../lib/catalogue/category-pages.ts';
import { categoryListingRoutes } from '../../../lib/catalogue/routes.build.ts';

export const getStaticPaths = (() => categoryListingRoutes()) satisfies GetStaticPaths;

export const GET: APIRoute<InferGetStaticPropsType<typeof getStaticPaths>> = ({ props }) => listingIndex(props.products);
