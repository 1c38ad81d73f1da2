/** The largest page of each page type in a build, with what the pages issue limits (pages that grow with the catalogue). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AssetReader, analysePage } from './static-weight.ts';

/** The pages issue's limits for every page at every catalogue size: raw HTML, DOM elements, first render (gzip). */
export const PAGE_LIMITS = { rawBytes: 120 * 1024, domElements: 1500, firstRenderGzip: 14_336 } as const;

const OWN_TYPE = new Set(['product', 'shop', 'store', 'orders', 'profile', 'help', 'offers']);

/** The page type of a built HTML file's site path ("/category/x/2/index.html" -> "category"). */
export function pageTypeOf(sitePath: string): string {
  const parts: string[] = sitePath.replace(/\/index\.html$|\.html$/, '').match(/[^/]+/g) ?? [];
  const [first] = parts;
  if (first === undefined) return 'home';
  if (first === 'category') return parts.includes('subcategory') ? 'subcategory' : 'category';
  return OWN_TYPE.has(first) || parts.length === 1 ? first : 'other';
}

/** Elements a browser builds from the HTML (Lighthouse's DOM size): start tags outside comments and script, style and template bodies. */
export function countElements(html: string): number {
  const visible = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '<$1>');
  return (visible.match(/<[a-zA-Z][^\s/>]*/g) ?? []).length;
}

/** Measures the largest of `htmlFiles` (site paths with sizes) of each type. */
export async function largestPages(dir: string, htmlFiles: readonly { path: string; bytes: number }[]) {
  const largest = new Map<string, { path: string; bytes: number }>();
  for (const file of htmlFiles) {
    const type = pageTypeOf(file.path);
    if ((largest.get(type)?.bytes ?? -1) < file.bytes) largest.set(type, file);
  }
  const reader = new AssetReader(dir);
  const out = [];
  for (const [type, file] of [...largest].sort(([a], [b]) => a.localeCompare(b))) {
    const html = await readFile(path.join(dir, file.path), 'utf8');
    const url = file.path.replace(/index\.html$/, '');
    const { firstRender } = await analysePage(reader, url, html);
    out.push({ type, url, rawBytes: file.bytes, domElements: countElements(html), firstRenderGzip: firstRender.gzip });
  }
  return out;
}
