/**
 * Each page type's first-paint CSS, inlined by BaseLayout; the full sheet follows after the first paint, except on the page
 * types whose inline sheet is whole (WHOLE_SHEET_STYLES). One sheet per page type, not per page, so the hash-only CSP lists
 * a handful of style hashes at any catalogue size.
 */
import app from './critical/app.css?inline';
import content from './critical/content.css?inline';
import home from './critical/home.css?inline';
import listing from './critical/listing.css?inline';
import product from './critical/product.css?inline';
import fullSheetUrl from './global.css?url';
import { forFirstPaint, forWholePage, type PageStyle } from '../lib/first-paint.ts';

export { fullSheetUrl };
export { pageStyleFor, WHOLE_SHEET_STYLES } from '../lib/first-paint.ts';

/** The inline sheets by page type. */
export const CRITICAL_SHEETS: Record<PageStyle, string> = {
  home: forFirstPaint(home),
  listing: forWholePage(listing),
  product: forFirstPaint(product),
  app: forFirstPaint(app),
  content: forFirstPaint(content),
};
