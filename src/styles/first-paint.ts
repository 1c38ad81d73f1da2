/**
 * What each page type needs for its first paint, inlined into its HTML by BaseLayout, and the full sheet that
 * follows without blocking. One sheet per page type (not per page), so the hash-only CSP lists a handful of style
 * hashes at any catalogue size (scripts/build-headers.ts hashes every inline <style> it finds).
 */
import app from './critical/app.css?inline';
import content from './critical/content.css?inline';
import home from './critical/home.css?inline';
import listing from './critical/listing.css?inline';
import product from './critical/product.css?inline';
import fullSheetUrl from './global.css?url';

export { fullSheetUrl };

/** The first-paint sheets by page type. */
export const CRITICAL_SHEETS = { home, listing, product, app, content } as const;

export type PageStyle = keyof typeof CRITICAL_SHEETS;

/** Path prefixes of each page type; anything else is a content page. */
const PREFIXES: readonly [string, PageStyle][] = [
  ['/category/', 'listing'],
  ['/shop/', 'listing'],
  ['/store/', 'listing'],
  ['/stores/', 'listing'],
  ['/product/', 'product'],
  ['/search/', 'app'],
  ['/cart/', 'app'],
  ['/checkout/', 'app'],
  ['/orders/', 'app'],
];

/** The page type of a site path ("/category/fruits/2" -> "listing"). */
export function pageStyleFor(pathname: string): PageStyle {
  const path = `${pathname.replace(/\/+$/, '')}/`;
  if (path === '/') return 'home';
  return PREFIXES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'content';
}
