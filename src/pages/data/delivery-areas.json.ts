import type { APIRoute } from 'astro';
import { getCatalogue } from '../../lib/catalogue/catalogue.build.ts';
import { serviceabilityTable } from '../../lib/delivery-area.ts';

/** /data/delivery-areas.json: the serviceability table, precached so "Deliver to" and checkout answer offline too. */
export const GET: APIRoute = async () => {
  const table = serviceabilityTable((await getCatalogue()).catalogue);
  return new Response(JSON.stringify(table), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
