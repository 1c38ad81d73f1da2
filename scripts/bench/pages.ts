/** The page types the benchmark and the budget check measure, and how each maps to a concrete page of a build. */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** A page type: a fixed URL, or (product, store) the first page found under a directory. */
export interface PageType {
  name: string;
  /** Site URL of the page, or of the directory whose first child page is used (`firstUnder`). */
  url: string;
  firstUnder?: boolean;
  /** A content page: the target is that it ships no React. */
  content?: boolean;
}

/** The page types of the issue, in report order. Help, FAQ and offers are content pages the no-React target covers. */
export const PAGE_TYPES: readonly PageType[] = [
  { name: 'home', url: '/' },
  { name: 'category', url: '/category/fruits/' },
  { name: 'category-page', url: '/category/fruits/2/' },
  { name: 'subcategory', url: '/category/fruits/subcategory/fresh-fruits/' },
  { name: 'shop', url: '/shop/grocery/' },
  { name: 'store', url: '/store/', firstUnder: true },
  { name: 'stores', url: '/stores/' },
  { name: 'product', url: '/product/', firstUnder: true },
  { name: 'search', url: '/search/' },
  { name: 'cart', url: '/cart/' },
  { name: 'checkout', url: '/checkout/' },
  { name: 'orders', url: '/orders/' },
  { name: 'order', url: '/orders/view/' },
  { name: 'profile', url: '/profile/' },
  { name: 'about', url: '/about/', content: true },
  { name: 'help', url: '/help/', content: true },
  { name: 'faq', url: '/help/faq/', content: true },
  { name: 'offers', url: '/offers/', content: true },
  { name: 'specials', url: '/offers/specials/', content: true },
  { name: 'shops', url: '/shops/', content: true },
  { name: 'wishlist', url: '/wishlist/', content: true },
  { name: '404', url: '/404.html', content: true },
];

/** A page type resolved against a build: the page's URL and HTML file, or why there is none. */
export type ResolvedPage =
  | { type: PageType; url: string; file: string; missing?: undefined }
  | { type: PageType; missing: string; url?: undefined; file?: undefined };

/** The HTML file that serves a site URL in a directory-format build ("/x/" -> x/index.html, "/404.html" -> 404.html). */
export function fileForUrl(dir: string, url: string): string {
  const clean = (url.split(/[?#]/)[0] ?? '').replace(/^\/+/, '');
  if (clean === '' || clean.endsWith('/')) return path.join(dir, clean, 'index.html');
  if (clean.endsWith('.html')) return path.join(dir, clean);
  return path.join(dir, clean, 'index.html');
}

/** Finds the concrete page of each type in a build; a type that does not exist yet is returned with a note. */
export async function resolvePages(dir: string, types: readonly PageType[] = PAGE_TYPES): Promise<ResolvedPage[]> {
  const resolved: ResolvedPage[] = [];
  for (const type of types) {
    if (type.firstUnder) {
      const parent = fileForUrl(dir, type.url).replace(/index\.html$/, '');
      const children = await readdir(parent, { withFileTypes: true }).catch(() => []);
      const first = children
        .filter((entry) => entry.isDirectory() && existsSync(path.join(parent, entry.name, 'index.html')))
        .map((entry) => entry.name)
        .sort()[0];
      if (first === undefined) resolved.push({ type, missing: `no page under ${type.url} in this build` });
      else resolved.push({ type, url: `${type.url}${first}/`, file: path.join(parent, first, 'index.html') });
      continue;
    }
    const file = fileForUrl(dir, type.url);
    if (existsSync(file)) resolved.push({ type, url: type.url, file });
    else resolved.push({ type, missing: `${type.url} does not exist in this build (page not written yet?)` });
  }
  return resolved;
}
