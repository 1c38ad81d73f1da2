/** The spec's read limits (section 9) and the error a failed catalogue read throws, shared by the build and the browser. */

export const FEATURED_LIMIT = 8;
export const SHOP_PRODUCTS_LIMIT = 20;

/** A read that failed for a reason other than "no such row": unreachable backend, error answer, bad response. */
export class CatalogueReadError extends Error {
  override name = 'CatalogueReadError';
}
