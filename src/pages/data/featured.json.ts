import type { APIRoute } from 'astro';
import { getCatalogue } from '../../lib/catalogue/catalogue.build.ts';
import { featuredProducts, withTopCategory } from '../../lib/catalogue/model.ts';

/**
 * /data/featured.json: the build's featured products (the spec's read: available, first 8 by id), which the home
 * page's live list fetches when Supabase is not configured. Tests block it to see the error state.
 */
export const GET: APIRoute = async () => {
  const model = await getCatalogue();
  const featured = featuredProducts(model.catalogue).map((p) => withTopCategory(model, p));
  return new Response(JSON.stringify(featured), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
