/** What a listing shows when a shopper searches or sorts it (loaded on first use by src/browser/listing.ts). */
import type { ListingIndex, ListingRow, ListingSort } from './listing.ts';
import { matchesQuery } from './name-match.ts';

/** Reads a listing index fetched over the network; null when it is not one. */
export function readListingIndex(value: unknown): ListingIndex | null {
  if (typeof value !== 'object' || value === null) return null;
  const { pageSize, rows } = value as Record<string, unknown>;
  if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1 || !Array.isArray(rows)) return null;
  const ok = rows.every(
    (row): row is ListingRow =>
      Array.isArray(row) &&
      typeof row[0] === 'string' &&
      Number.isFinite(row[1]) &&
      Number.isFinite(row[2]) &&
      (row[3] === 0 || row[3] === 1),
  );
  return ok ? { pageSize, rows } : null;
}

const discount = ([, price, original]: ListingRow) => (original > price ? (original - price) / original : 0);

/** The positions a shopper sees for a name query and a sort: in stock first, each group by the sort, ties in listing order. */
export function orderListing(rows: readonly ListingRow[], query: string, sort: ListingSort): number[] {
  const positions = rows.flatMap((row, i) => (matchesQuery(row[0], query) ? [i] : []));
  const by: Record<ListingSort, (a: ListingRow, b: ListingRow) => number> = {
    relevance: () => 0,
    'price-asc': (a, b) => a[1] - b[1],
    'price-desc': (a, b) => b[1] - a[1],
    discount: (a, b) => discount(b) - discount(a),
  };
  const compare = by[sort];
  return positions.sort((i, j) => {
    const a = rows[i] as ListingRow;
    const b = rows[j] as ListingRow;
    return b[3] - a[3] || compare(a, b) || i - j;
  });
}
