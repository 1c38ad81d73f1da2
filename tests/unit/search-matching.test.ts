import { describe, expect, test } from 'vitest';
import {
  extendedTerms,
  looselyMatchedTerms,
  unknownTerms,
  unmatchedTerms,
  withoutTerms,
  wordMatchesTerm,
} from '../../src/lib/search/matching.ts';

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

  test('a number is only itself: "1" (kg) is not the "10" of a 10 kg pack', () => {
    expect(wordMatchesTerm('1', '1')).toBe(true);
    expect(wordMatchesTerm('10', '1')).toBe(false);
    expect(wordMatchesTerm('500', '50')).toBe(false);
    expect(unmatchedTerms('1 kg atta', 'Aashirvaad Atta 10 kg')).toEqual(['1']);
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

describe('extendedTerms', () => {
  test('only words the index text has as they stand (or extended), never a shared stem', () => {
    expect(extendedTerms('lady finger', 'Bhindi (Lady Finger)')).toEqual(['lady', 'finger']);
    expect(extendedTerms('mustrd oil', 'Fortune Kachi Ghani Mustard Oil 1 L')).toEqual(['oil']);
    expect(extendedTerms('1 l', 'Oil 10 L')).toEqual(['l']);
  });
});

describe('unknownTerms', () => {
  const vocabulary = {
    byLength: new Map([
      [4, { words: ['milk', 'amul'] }],
      [6, { words: ['tomato'] }],
    ]),
  };
  test('words no vocabulary or pack-size word can match fairly', () => {
    expect(unknownTerms('amul mlik', vocabulary, [])).toEqual(['mlik']);
    // Prefixes, stems and plurals match; numbers and short words are never listed.
    expect(unknownTerms('mil tomatoes milkshake 500 ml ab', vocabulary, [])).toEqual([]);
    expect(unknownTerms('packet', vocabulary, [])).toEqual(['packet']);
    expect(unknownTerms('packet', vocabulary, ['pack'])).toEqual([]);
  });
});
