/** /search/first-page.<hash>.js: the script that shows the search page's first page (lib/search/first-page-script.build.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { FIRST_PAGE_RENDERER } from '../../lib/search/first-page-script.build.ts';

export const getStaticPaths = (() => [{ params: { script: FIRST_PAGE_RENDERER.file } }]) satisfies GetStaticPaths;

export const GET: APIRoute = () =>
  new Response(FIRST_PAGE_RENDERER.code, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
