/** Listing pages (category grids): page size, sorts, the "Showing" line and the `listing.json` index. Build and browser. */
import { sortMenu } from './sorts.ts';

/** Cards per listing page: small enough for one round trip of HTML and a light DOM on a phone. */
export const LISTING_PAGE_SIZE = 24;

/** The sorts a listing offers, in menu order. */
const LISTING_SORT_IDS = ['relevance', 'price-asc', 'price-desc', 'discount'] as const;

export type ListingSort = (typeof LISTING_SORT_IDS)[number];

export const LISTING_SORTS = /* @__PURE__ */ sortMenu(LISTING_SORT_IDS);

/** A sort from untrusted text (the URL): a known value or relevance. */
export function parseListingSort(value: string | null | undefined): ListingSort {
  // Not sorts.ts's parseSort: the listing script would then load the sort labels too (category JS is tight).
  return LISTING_SORT_IDS.find((sort) => sort === value) ?? 'relevance';
}

// Made on first use, as in format.ts: creating it starts ICU (41-93 ms in Chromium on a new page), which the listing
// script would otherwise pay as it loads, though the line only changes on "Show more", search or sort.
let count: Intl.NumberFormat | undefined;

/** "Showing 1-24 of 1,474" (1-based, inclusive). */
export function showingLine(start: number, end: number, total: number): string {
  count ??= new Intl.NumberFormat('en-IN');
  return total === 0 || end < start
    ? `Showing 0 of ${count.format(total)}`
    : `Showing ${count.format(start)}-${count.format(end)} of ${count.format(total)}`;
}

/** One product of a listing's index (original price 0: none). */
export type ListingRow = [name: string, pricePaise: number, originalPaise: number, inStock: 0 | 1];

/** What `/…/listing.json` holds: the page size the pages were cut with, and every row in listing order. */
export interface ListingIndex {
  pageSize: number;
  rows: ListingRow[];
}
