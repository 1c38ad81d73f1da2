import { describe, expect, test } from 'vitest';
import { looselyMatchedTerms, unmatchedTerms, withoutTerms, wordMatchesTerm } from '../../src/lib/search/matching.ts';

describe('wordMatchesTerm', () => {
  test('accepts extensions of what the shopper typed', () => {
    expect(wordMatchesTerm('milk', 'mi')).toBe(true);
    expect(wordMatchesTerm('milky', 'milk')).toBe(true);
    expect(wordMatchesTerm('toothpaste', 'tooth')).toBe(true);
  });

  test('accepts stems and plurals', () => {
    expect(wordMatchesTerm('tomato', 'tomatoes')).toBe(true);
    expect(wordMatchesTerm('battery', 'batteries')).toBe(true);
    expect(wordMatchesTerm('chipps', 'chips')).toBe(true);
    expect(wordMatchesTerm('milk', 'milkshake')).toBe(true);
  });

  test('rejects short prefixes that Pagefind falls back to', () => {
    expect(wordMatchesTerm('g', 'gurgaon')).toBe(false);
    expect(wordMatchesTerm('gur', 'gurgaon')).toBe(false);
    expect(wordMatchesTerm('del', 'delivery')).toBe(false);
    expect(wordMatchesTerm('ml', 'mlk')).toBe(false);
    expect(wordMatchesTerm('sec', 'sector')).toBe(false);
  });
});

describe('unmatchedTerms', () => {
  test('lists the query words no indexed word matches', () => {
    expect(unmatchedTerms('milk', 'Amul Taaza Toned Milk. doodh dudh. 500 ml')).toEqual([]);
    expect(unmatchedTerms('doodh', 'Amul Taaza Toned Milk. doodh dudh.')).toEqual([]);
    expect(unmatchedTerms('gurgaon', 'Parle-G Original Glucose Biscuits 100 g')).toEqual(['gurgaon']);
    expect(unmatchedTerms('amul xyz', 'Amul Malai Paneer 200 g')).toEqual(['xyz']);
  });
});

describe('withoutTerms', () => {
  test('drops the given words', () => {
    expect(withoutTerms('gurgaon milk', ['gurgaon'])).toBe('milk');
    expect(withoutTerms('a b a', ['a'])).toBe('b');
    expect(withoutTerms('milk', [])).toBe('milk');
  });
});

describe('looselyMatchedTerms', () => {
  test('a word found only through a much shorter indexed word is loose (worth a correction)', () => {
    expect(looselyMatchedTerms('haldiraam', 'Tata Sampann Turmeric Powder (Haldi) haldi')).toEqual(['haldiraam']);
    expect(looselyMatchedTerms('amul haldiraam', 'Amul Haldi Milk')).toEqual(['haldiraam']);
  });

  test('prefixes, plurals and an extra letter or two are not', () => {
    expect(looselyMatchedTerms('mil', 'Amul Taaza Toned Milk')).toEqual([]);
    expect(looselyMatchedTerms('apples', 'Apple Shimla')).toEqual([]);
    expect(looselyMatchedTerms('tomatoess', 'Tomato Hybrid tomatoes')).toEqual([]);
  });
});
