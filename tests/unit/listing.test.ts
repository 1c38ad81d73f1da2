import { describe, expect, test } from 'vitest';
import { listingIndex } from '../../src/lib/catalogue/category-pages.ts';
import type { Product } from '../../src/lib/catalogue/rows.ts';
import { LISTING_PAGE_SIZE, parseListingSort, showingLine, type ListingRow } from '../../src/lib/listing.ts';
import { orderListing, readListingIndex } from '../../src/lib/listing-order.ts';

describe('showingLine', () => {
  test('says which products of how many, with Indian digit grouping', () => {
    expect(showingLine(1, 24, 1474)).toBe('Showing 1-24 of 1,474');
    expect(showingLine(25, 48, 100000)).toBe('Showing 25-48 of 1,00,000');
    expect(showingLine(1, 0, 0)).toBe('Showing 0 of 0');
  });
});

describe('parseListingSort', () => {
  test('takes only a known sort, anything else is relevance', () => {
    expect(parseListingSort('price-asc')).toBe('price-asc');
    expect(parseListingSort('discount')).toBe('discount');
    for (const bad of [null, undefined, '', 'PRICE-ASC', '<script>', 'constructor']) expect(parseListingSort(bad)).toBe('relevance');
  });
});

const rows: ListingRow[] = [
  ['Onion', 3900, 4900, 1],
  ['Potato', 2900, 0, 1],
  ['Red Onion', 5900, 11800, 1],
  ['Spring Onion', 1900, 0, 0],
  ['Garlic', 9900, 10900, 1],
];

describe('orderListing', () => {
  test('relevance keeps listing order; a query keeps the spec name rule (case-insensitive substring)', () => {
    expect(orderListing(rows, '', 'relevance')).toEqual([0, 1, 2, 4, 3]);
    expect(orderListing(rows, 'oNIoN', 'relevance')).toEqual([0, 2, 3]);
    expect(orderListing(rows, 'zzz', 'price-asc')).toEqual([]);
  });

  test('sorts by price both ways and by discount, in stock always before out of stock', () => {
    expect(orderListing(rows, '', 'price-asc')).toEqual([1, 0, 2, 4, 3]);
    expect(orderListing(rows, '', 'price-desc')).toEqual([4, 2, 0, 1, 3]);
    expect(orderListing(rows, '', 'discount')).toEqual([2, 0, 4, 1, 3]);
  });
});

describe('readListingIndex', () => {
  test('accepts an index and refuses anything else', () => {
    expect(readListingIndex({ pageSize: 24, rows })).toEqual({ pageSize: 24, rows });
    for (const bad of [
      null,
      [],
      { pageSize: 0, rows },
      { pageSize: 24, rows: [['x', 'y', 0, 1]] },
      { pageSize: 24, rows: [['x', 1, 0, 2]] },
      { pageSize: 24 },
    ]) {
      expect(readListingIndex(bad)).toBeNull();
    }
  });
});

describe('listingIndex', () => {
  test('publishes every product of a listing in order, with paise prices and stock, cut with the page size', async () => {
    const product = (id: string, price: number, original: number | null, available: boolean): Product => ({
      id,
      name: id,
      price_paise: Math.round(price * 100),
      original_price_paise: original === null ? null : Math.round(original * 100),
      image_url: null,
      quantity_unit: null,
      description: null,
      category_id: 'c',
      is_available: available,
      brand: null,
    });
    const body = await listingIndex([product('a', 12.5, 15, true), product('b', 0.1, null, false)]).json();
    expect(body).toEqual({
      pageSize: LISTING_PAGE_SIZE,
      rows: [
        ['a', 1250, 1500, 1],
        ['b', 10, 0, 0],
      ],
    });
  });
});
