import { describe, expect, test } from 'vitest';
import {
  CATEGORY_CHIPS,
  DEFAULT_STATE,
  MAX_INPUT_LENGTH,
  POPULAR_CATEGORIES,
  RESULT_LIMIT,
  TRENDING_SEARCHES,
  parseSearchState,
  resultCount,
  sameState,
  serializeSearchState,
} from '../../src/lib/search/query.ts';

describe('parseSearchState', () => {
  test('reads query, category and sort', () => {
    expect(parseSearchState('?q=milk&cat=dairy&sort=price-asc')).toEqual({
      q: 'milk',
      cat: 'dairy',
      sort: 'price-asc',
      exact: false,
      inStock: false,
    });
  });

  test('falls back to defaults for missing or unknown values', () => {
    expect(parseSearchState('')).toEqual(DEFAULT_STATE);
    expect(parseSearchState('?cat=meat&sort=cheapest')).toEqual(DEFAULT_STATE);
    expect(parseSearchState('?q=')).toEqual(DEFAULT_STATE);
  });

  test('keeps hostile text as text, cut to the maximum length', () => {
    expect(parseSearchState('?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E').q).toBe('<script>alert(1)</script>');
    expect(parseSearchState(`?q=${'a'.repeat(1000)}`).q).toHaveLength(MAX_INPUT_LENGTH);
    expect(parseSearchState('?q=%E0%A4').q).toBe('\uFFFD');
    expect(parseSearchState('?q=%F0%9F%A5%9B').q).toBe('🥛');
  });
});

describe('serializeSearchState', () => {
  test('omits defaults and blank queries', () => {
    expect(serializeSearchState(DEFAULT_STATE)).toBe('');
    expect(serializeSearchState({ q: '   ', cat: 'all', sort: 'relevance', exact: false, inStock: false })).toBe('');
    expect(serializeSearchState({ q: 'milk', cat: 'all', sort: 'relevance', exact: false, inStock: false })).toBe('?q=milk');
  });

  test('round-trips through parseSearchState', () => {
    for (const state of [
      { q: 'doodh & dahi?', cat: 'dairy', sort: 'price-desc', exact: false, inStock: false },
      { q: '"quotes" <b>', cat: 'snacks', sort: 'relevance', exact: false, inStock: false },
      { q: '', cat: 'fruits', sort: 'price-asc', exact: false, inStock: false },
    ] as const) {
      expect(parseSearchState(serializeSearchState(state))).toEqual(state);
    }
  });

  test('exact search ("Search instead for ...") rides in the URL as exact=1, only with a query', () => {
    expect(serializeSearchState({ q: 'mlik', cat: 'all', sort: 'relevance', exact: true, inStock: false })).toBe('?q=mlik&exact=1');
    expect(serializeSearchState({ q: '', cat: 'dairy', sort: 'relevance', exact: true, inStock: false })).toBe('?cat=dairy');
    expect(parseSearchState('?q=mlik&exact=1').exact).toBe(true);
    expect(parseSearchState('?q=mlik&exact=yes').exact).toBe(false);
    expect(sameState(parseSearchState('?q=mlik&exact=1'), parseSearchState('?q=mlik'))).toBe(false);
  });

  test('the "In stock only" filter rides in the URL as stock=in; off by default', () => {
    expect(DEFAULT_STATE.inStock).toBe(false);
    expect(serializeSearchState({ q: 'milk', cat: 'all', sort: 'relevance', exact: false, inStock: true })).toBe('?q=milk&stock=in');
    expect(parseSearchState('?q=milk&stock=in').inStock).toBe(true);
    expect(parseSearchState('?q=milk&stock=out').inStock).toBe(false);
    expect(sameState(parseSearchState('?q=milk&stock=in'), parseSearchState('?q=milk'))).toBe(false);
  });

  test('sameState compares what the URL shows', () => {
    expect(sameState({ q: 'milk', cat: 'all', sort: 'relevance', exact: false, inStock: false }, parseSearchState('?q=milk'))).toBe(true);
    expect(sameState({ q: 'milk', cat: 'dairy', sort: 'relevance', exact: false, inStock: false }, parseSearchState('?q=milk'))).toBe(
      false,
    );
  });
});

describe('page constants', () => {
  test('match the spec', () => {
    expect(CATEGORY_CHIPS.map((c) => c.label)).toEqual(['All', 'Vegetables', 'Fruits', 'Dairy', 'Snacks']);
    expect([...TRENDING_SEARCHES]).toEqual(['milk', 'bread', 'eggs', 'bananas', 'rice', 'oil', 'sugar', 'tea']);
    expect(POPULAR_CATEGORIES.map((c) => `${c.label} ${c.count}`)).toEqual([
      'Fruits & Vegetables 150+ items',
      'Dairy & Eggs 80+ items',
      'Snacks & Beverages 200+ items',
      'Personal Care 120+ items',
    ]);
  });
});

describe('resultCount', () => {
  test('says how many, up to the page limit, with the sort and the stock filter', () => {
    expect(resultCount(1, null, false)).toBe('1 product');
    expect(resultCount(18, null, false)).toBe('18 products');
    expect(resultCount(340, null, false)).toBe(`Showing ${RESULT_LIMIT} of 340 products`);
    expect(resultCount(12, 'Unit price', true)).toBe('12 products · Unit price · In stock only');
  });
});
