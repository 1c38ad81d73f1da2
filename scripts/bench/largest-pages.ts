/**
 * The largest page of each page type in a build, with what the pages issue limits: raw HTML bytes, DOM elements
 * and first-render bytes (HTML + render-blocking CSS, gzipped). Pages that grow with the catalogue show up here.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AssetReader, analysePageFile } from './static-weight.ts';

/** The pages issue's limits for every page at every catalogue size. */
export const PAGE_LIMITS = { rawBytes: 120 * 1024, domElements: 1500, firstRenderGzip: 14_336 } as const;

/** The largest page of one type and its figures. */
export interface LargestPage {
  type: string;
  url: string;
  rawBytes: number;
  domElements: number;
  firstRenderGzip: number;
}

/** The page type of a built HTML file's site path ("/category/x/2/index.html" -> "category"). */
export function pageTypeOf(sitePath: string): string {
  const parts = sitePath
    .replace(/\/index\.html$|\.html$/, '')
    .split('/')
    .filter(Boolean);
  if (parts.length === 0) return 'home';
  const [first] = parts;
  if (first === 'category') return parts.includes('subcategory') ? 'subcategory' : 'category';
  if (
    first === 'product' ||
    first === 'shop' ||
    first === 'store' ||
    first === 'orders' ||
    first === 'profile' ||
    first === 'help' ||
    first === 'offers'
  )
    return first;
  return parts.length === 1 && first !== undefined ? first : 'other';
}

/**
 * Elements a browser builds from the HTML (Lighthouse's DOM size): start tags outside comments, and outside the
 * bodies of script, style and template elements (template content is not in the document).
 */
export function countElements(html: string): number {
  const visible = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '<$1>');
  return (visible.match(/<[a-zA-Z][^\s/>]*/g) ?? []).length;
}

/** Finds the largest HTML file of each type among `htmlFiles` (site paths with sizes) and measures it. */
export async function largestPages(dir: string, htmlFiles: readonly { path: string; bytes: number }[]): Promise<LargestPage[]> {
  const largest = new Map<string, { path: string; bytes: number }>();
  for (const file of htmlFiles) {
    const type = pageTypeOf(file.path);
    if ((largest.get(type)?.bytes ?? -1) < file.bytes) largest.set(type, file);
  }
  const reader = new AssetReader(dir);
  const out: LargestPage[] = [];
  for (const [type, file] of [...largest].sort(([a], [b]) => a.localeCompare(b))) {
    const full = path.join(dir, file.path);
    const html = await readFile(full, 'utf8');
    const url = file.path.replace(/index\.html$/, '');
    const weight = await analysePageFile(reader, url, full);
    out.push({ type, url, rawBytes: file.bytes, domElements: countElements(html), firstRenderGzip: weight.firstRender.gzip });
  }
  return out;
}
