import { describe, expect, test } from 'vitest';
import {
  CATEGORY_CHIPS,
  DEFAULT_STATE,
  MAX_INPUT_LENGTH,
  POPULAR_CATEGORIES,
  TRENDING_SEARCHES,
  parseSearchState,
  sameState,
  serializeSearchState,
} from '../../src/lib/search/query.ts';

describe('parseSearchState', () => {
  test('reads query, category and sort', () => {
    expect(parseSearchState('?q=milk&cat=dairy&sort=price-asc')).toEqual({ q: 'milk', cat: 'dairy', sort: 'price-asc' });
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
    expect(serializeSearchState({ q: '   ', cat: 'all', sort: 'relevance' })).toBe('');
    expect(serializeSearchState({ q: 'milk', cat: 'all', sort: 'relevance' })).toBe('?q=milk');
  });

  test('round-trips through parseSearchState', () => {
    for (const state of [
      { q: 'doodh & dahi?', cat: 'dairy', sort: 'price-desc' },
      { q: '"quotes" <b>', cat: 'snacks', sort: 'relevance' },
      { q: '', cat: 'fruits', sort: 'price-asc' },
    ] as const) {
      expect(parseSearchState(serializeSearchState(state))).toEqual(state);
    }
  });

  test('sameState compares what the URL shows', () => {
    expect(sameState({ q: 'milk', cat: 'all', sort: 'relevance' }, parseSearchState('?q=milk'))).toBe(true);
    expect(sameState({ q: 'milk', cat: 'dairy', sort: 'relevance' }, parseSearchState('?q=milk'))).toBe(false);
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
