import type { APIRoute } from 'astro';
import { getCatalogue } from '../../lib/catalogue/catalogue.build.ts';
import { featuredProducts, withTopCategory } from '../../lib/catalogue/model.ts';

/** /data/featured.json: the featured products (available, first 8 by id), home's live list without Supabase. */
export const GET: APIRoute = async () => {
  const model = await getCatalogue();
  const featured = featuredProducts(model.catalogue).map((p) => withTopCategory(model, p));
  return new Response(JSON.stringify(featured), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
