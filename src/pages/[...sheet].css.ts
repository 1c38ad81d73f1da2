import type { APIRoute, GetStaticPaths } from 'astro';
import { PAGE_STYLES, type PageStyle } from '../lib/first-paint.ts';
import { lateSheetFor } from '../styles/first-paint.build.ts';

/**
 * /_astro/late-{type}.{hash}.css: each page type's late sheet (src/lib/late-sheet.build.ts), which the loader adds after
 * the first paint. Named by its content and written beside Vite's assets, so it is cached for good (public/_headers)
 * and precached by the service worker like them. (A rest parameter, since a route file under `_astro/` would be left
 * out of routing.)
 */
export const getStaticPaths = (() =>
  PAGE_STYLES.map((style) => ({
    params: { sheet: lateSheetFor(style).href.slice(1, -'.css'.length) },
    props: { style },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(lateSheetFor((props as { style: PageStyle }).style).css, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
