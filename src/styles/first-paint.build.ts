/**
 * What each page type needs for its first paint, inlined into its HTML by BaseLayout, and what follows without
 * blocking: the page type's late sheet (src/lib/late-sheet.build.ts; the loader adds it after the first paint) and, for
 * pages without JavaScript, the full sheet. One sheet of each per page type (not per page), so the hash-only CSP
 * lists a handful of style hashes at any catalogue size (scripts/build-headers.ts hashes every inline <style> it finds).
 */
import { createHash } from 'node:crypto';
import app from './critical/app.css?inline';
import content from './critical/content.css?inline';
import home from './critical/home.css?inline';
import listing from './critical/listing.css?inline';
import product from './critical/product.css?inline';
import full from './global.css?inline';
import fullSheetUrl from './global.css?url';
import { forFirstPaint, UNDRAWN_PREFLIGHT, type PageStyle } from '../lib/first-paint.ts';
import { lateSheets } from '../lib/late-sheet.build.ts';

export { fullSheetUrl };
export { pageStyleFor } from '../lib/first-paint.ts';

/** The first-paint sheets by page type. */
export const CRITICAL_SHEETS: Record<PageStyle, string> = {
  home: forFirstPaint(home, full),
  listing: forFirstPaint(listing, full),
  product: forFirstPaint(product, full),
  app: forFirstPaint(app, full),
  content: forFirstPaint(content, full),
};

/** A page type's late sheet: its text, and the file it is served as (named by its content, so cached for good). */
export interface LateSheet {
  css: string;
  /** "/_astro/late-home.1a2b3c4d5e.css", written by src/pages/[...sheet].css.ts. */
  href: string;
}

let late: Record<PageStyle, LateSheet> | undefined;

/** The late sheet of a page type; all five are worked out together, once per build. */
export function lateSheetFor(style: PageStyle): LateSheet {
  late ??= Object.fromEntries(
    Object.entries<string>(lateSheets(full, CRITICAL_SHEETS, UNDRAWN_PREFLIGHT)).map(([type, css]) => [
      type,
      { css, href: `/_astro/late-${type}.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css` },
    ]),
  ) as Record<PageStyle, LateSheet>;
  return late[style];
}
