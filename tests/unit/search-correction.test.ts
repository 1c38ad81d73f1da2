import { sanitizeCatalogue } from '../../src/lib/catalogue/sanitize.ts';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import {
  correctQueries,
  correctionCandidates,
  correctedText,
  isProtected,
  maxDistanceFor,
  osaDistance,
  PACK_UNITS,
  parseVocabulary,
  splitWord,
  vocabularyFrom,
  type Vocabulary,
} from '../../src/lib/search/correction.ts';
import { countWords, recordText, vocabularyFile, vocabularyText, vocabularyWords } from '../../src/lib/search/vocabulary.ts';
import { spellingVariants } from '../../src/lib/search/spellings.ts';
import { placeOf, searchRecord } from '../../src/lib/search/record.ts';
import type { Catalogue } from '../../src/lib/catalogue/rows.ts';
import { normalizeWords } from '../../src/lib/search/normalize.ts';
import sample from '../../src/data/sample-catalogue.json' with { type: 'json' };

const vocab = (words: Record<string, number>): Vocabulary => vocabularyFrom(Object.entries(words));
/** The closest correction of a word, or null; the first way to correct a query, or null. */
const correctWord = (word: string, v: Vocabulary) => correctionCandidates(word, v, 1)[0] ?? null;
const correctQuery = (query: string, unmatched: readonly string[], v: Vocabulary) => correctQueries(query, unmatched, v)[0] ?? null;

describe('osaDistance', () => {
  test('counts insertions, deletions, substitutions and neighbour swaps as one edit each', () => {
    expect(osaDistance('milk', 'milk')).toBe(0);
    expect(osaDistance('mlik', 'milk')).toBe(1);
    expect(osaDistance('tomtao', 'tomato')).toBe(1);
    expect(osaDistance('toothpsate', 'toothpaste')).toBe(1);
    expect(osaDistance('bnana', 'banana')).toBe(1);
    expect(osaDistance('britania', 'britannia')).toBe(1);
    expect(osaDistance('colgte', 'colgate')).toBe(1);
    expect(osaDistance('dodh', 'doodh')).toBe(1);
    expect(osaDistance('kitten', 'sitting')).toBe(3);
    expect(osaDistance('', 'abc')).toBe(3);
    // Optimal string alignment, not full Damerau: a swapped pair is not edited again.
    expect(osaDistance('ca', 'abc')).toBe(3);
  });

  test('stops early past the maximum', () => {
    expect(osaDistance('milk', 'bread', 1)).toBe(2);
    expect(osaDistance('a', 'abcdef', 2)).toBe(3);
    expect(osaDistance('milk', 'silk', 1)).toBe(1);
  });
});

describe('correctWord', () => {
  const v = vocab({
    milk: 18,
    doodh: 14,
    dudh: 14,
    dood: 14,
    banana: 5,
    tomato: 6,
    toothpaste: 5,
    britannia: 7,
    colgate: 3,
    cake: 4,
    mild: 1,
    silk: 2,
  });

  test('corrects the issue examples', () => {
    expect(correctWord('mlik', v)).toBe('milk');
    expect(correctWord('tomtao', v)).toBe('tomato');
    expect(correctWord('bnana', v)).toBe('banana');
    expect(correctWord('toothpsate', v)).toBe('toothpaste');
    expect(correctWord('britania', v)).toBe('britannia');
    expect(correctWord('colgte', v)).toBe('colgate');
  });

  test('Hinglish: "dodh" is doodh (equally frequent "dudh" shares a shorter start)', () => {
    expect(correctWord('dodh', v)).toBe('doodh');
  });

  test('never changes a known word, and nonsense stays', () => {
    for (const word of ['milk', 'banana', 'doodh', 'dudh', 'silk']) expect(correctWord(word, v)).toBeNull();
    expect(correctWord('qzxv', v)).toBeNull();
    expect(correctWord('gurgaon', v)).toBeNull();
  });

  test('1 edit up to 4 letters, 2 for longer words', () => {
    expect(maxDistanceFor('milk')).toBe(1);
    expect(maxDistanceFor('bread')).toBe(2);
    expect(correctWord('mlk', v)).toBe('milk');
    // "mkl" is 2 edits from milk: too many for a 3-letter word.
    expect(correctWord('mkl', v)).toBeNull();
    expect(correctWord('tmtao', v)).toBe('tomato');
  });

  test('the smaller distance wins over frequency, then the more frequent word', () => {
    expect(correctWord('bananna', vocab({ banana: 1, bandana: 100 }))).toBe('banana');
    expect(correctWord('silx', vocab({ silk: 2, milk: 18 }))).toBe('silk');
    expect(correctWord('xilk', vocab({ silk: 2, milk: 18 }))).toBe('milk');
  });
});

describe('correctionCandidates', () => {
  test('lists the equally close words, best first, at most three; none for a known word', () => {
    const v = vocab({ mutton: 5, button: 1, butter: 3, milk: 9, bitten: 1, mitten: 1 });
    // "gutton": one edit from mutton and button, two from butter: only the nearest count.
    expect(correctionCandidates('gutton', v)).toEqual(['mutton', 'button']);
    expect(correctionCandidates('xitten', v)).toEqual(['bitten', 'mitten']);
    expect(correctionCandidates('button', v)).toEqual([]);
    expect(correctionCandidates('gutton', v, 1)).toEqual(['mutton']);
  });

  test('correctQueries: one query per candidate, in order; a split when none is near', () => {
    const v = vocab({ mutton: 5, button: 1, mushroom: 1, milk: 3, bread: 2 });
    expect(correctQueries('gutton mushroom', ['gutton'], v).map((f) => f.text)).toEqual(['mutton mushroom', 'button mushroom']);
    expect(correctQueries('milkbread', ['milkbread'], v)).toEqual([{ text: 'milk bread', changes: [['milkbread', 'milk bread']] }]);
    expect(correctQueries('button mushroom', ['button', 'mushroom'], v)).toEqual([]);
  });
});

describe('correctQuery', () => {
  const v = vocab({ milk: 18, amul: 19, bread: 9, ghee: 3 });

  test('splits two words run together when no word is near ("milkbread", "colddrink")', () => {
    expect(splitWord('milkbread', v)).toBe('milk bread');
    const drinks = vocab({ cold: 3, drink: 4, soft: 5, col: 1, ddrink: 1 });
    // The split whose rarer half is commoner wins: cold (3) + drink (4) over col (1) + ddrink (1).
    expect(splitWord('colddrink', drinks)).toBe('cold drink');
    expect(splitWord('milkqzx', v)).toBeNull();
    expect(correctQuery('amul milkbread', ['milkbread'], v)).toEqual({ text: 'amul milk bread', changes: [['milkbread', 'milk bread']] });
    // A near word wins over a split; a known word is never split.
    expect(correctQuery('breads', ['breads'], vocab({ bread: 9, bre: 1, ads: 1 }))?.changes).toEqual([['breads', 'bread']]);
    expect(correctQuery('milkbread', ['milkbread'], vocab({ milkbread: 1, milk: 5, bread: 5 }))).toBeNull();
  });

  test('corrects only the unmatched words', () => {
    expect(correctQuery('amul mlik', ['mlik'], v)).toEqual({ text: 'amul milk', changes: [['mlik', 'milk']] });
    expect(correctQuery('amul mlik', [], v)).toBeNull();
  });

  test('leaves numbers and pack sizes alone', () => {
    expect(isProtected('500', undefined)).toBe(true);
    expect(isProtected('ml', '500')).toBe(true);
    expect(isProtected('kg', '1')).toBe(true);
    expect(isProtected('2x', undefined)).toBe(true);
    expect(isProtected('ab', undefined)).toBe(true);
    expect(isProtected('mlik', '500')).toBe(false);
    expect(correctQuery('mlik 500 ml', ['mlik', '500', 'ml'], v)).toEqual({ text: 'milk 500 ml', changes: [['mlik', 'milk']] });
    expect(correctQuery('ghe 1 kgg', ['kgg'], vocab({ egg: 5 }))?.changes).toEqual([['kgg', 'egg']]);
    expect(correctQuery('1 kg', ['kg'], vocab({ keg: 5 }))).toBeNull();
  });

  test("the shown text keeps the shopper's other words", () => {
    expect(correctedText('Amul  MLIK!', [['mlik', 'milk']])).toBe('amul milk');
  });
});

describe('the vocabulary file', () => {
  test('round-trips counts; the reader ignores what is not a word and refuses other shapes', () => {
    const counts = countWords(['Amul Taaza Toned Milk. doodh dudh. 500 ml', 'Mother Dairy Milk 1 L', 'Bread & Butter 2 pcs']);
    expect(counts.get('milk')).toBe(2);
    expect(counts.has('ml')).toBe(false);
    expect(counts.has('pcs')).toBe(false);
    expect(counts.has('500')).toBe(false);
    const file = vocabularyFile(counts);
    expect(file.words[0]).toEqual([2, 'milk']);
    const parsed = parseVocabulary(JSON.parse(JSON.stringify(file)));
    expect(parsed?.size).toBe(counts.size);
    expect(parsed?.has('doodh')).toBe(true);
    expect(parseVocabulary({ v: 2, words: [] })).toBeNull();
    expect(parseVocabulary(null)).toBeNull();
    expect(parseVocabulary({ v: 1, words: [[3, 'okay <script> BAD fine'], ['x', 'y'], [1]] })?.size).toBe(2);
  });

  test('vocabulary words are letters only, 3 to 30 of them', () => {
    expect(vocabularyWords('Parle-G 800 g Biscuits, Crème')).toEqual(['parle', 'biscuits', 'creme']);
  });

  test("a record's searchable text: name, synonyms, emphasis and pack size, skipping the empty parts", () => {
    expect(recordText({ name: 'Amul Taaza Toned Milk', terms: 'doodh', emphasis: '', unit: '500 ml' })).toBe(
      'Amul Taaza Toned Milk doodh 500 ml',
    );
  });

  test("from the sample catalogue's records: the issue's typos correct to indexed words, known words never change", () => {
    const catalogue: Catalogue = sanitizeCatalogue(sample).catalogue;
    const categories = new Map(catalogue.categories.map((c) => [c.id, c]));
    const texts = catalogue.products.flatMap((p) => {
      const r = searchRecord(p, placeOf(p.category_id, categories), spellingVariants);
      return r ? [vocabularyText(r)] : [];
    });
    const counts = countWords(texts);
    const v = parseVocabulary(vocabularyFile(counts));
    expect(v).not.toBeNull();
    const examples: Record<string, string> = {
      mlik: 'milk',
      tomtao: 'tomato',
      bnana: 'banana',
      toothpsate: 'toothpaste',
      britania: 'britannia',
      colgte: 'colgate',
      dodh: 'doodh',
    };
    for (const [typo, word] of Object.entries(examples)) expect(correctWord(typo, v!), typo).toBe(word);
    expect(gzipSync(JSON.stringify(vocabularyFile(counts))).length).toBeLessThan(15 * 1024);
  });
});

describe('false corrections over the sample catalogue', () => {
  const catalogue: Catalogue = sanitizeCatalogue(sample).catalogue;
  const categories = new Map(catalogue.categories.map((c) => [c.id, c]));
  // The vocabulary as the build makes it (scripts/lib/search-index.ts): every product, in stock or not.
  const records = catalogue.products.flatMap((p) => {
    const r = searchRecord(p, placeOf(p.category_id, categories), spellingVariants);
    return r ? [r] : [];
  });
  const counts = countWords(records.map(vocabularyText));
  const v = parseVocabulary(vocabularyFile(counts)) as Vocabulary;

  test('knows every word of every product, in stock or not, its brand and category names', () => {
    const named = new Set<string>();
    for (const p of catalogue.products)
      normalizeWords(`${p.name} ${p.brand ?? ''}`)
        .split(' ')
        .forEach((w) => named.add(w));
    for (const c of catalogue.categories)
      normalizeWords(c.name)
        .split(' ')
        .forEach((w) => named.add(w));
    // Pack-size words ("pack") are left out of it, and known to the search as such (matching.ts `unknownTerms`).
    const missing = [...named].filter((w) => /^\p{Ll}{3,30}$/u.test(w) && !PACK_UNITS.has(w) && !v.has(w));
    expect(missing).toEqual([]);
    // The words: out of stock, or a shorthand for a brand that is.
    for (const word of ['mushroom', 'button', 'coke', 'cola', 'coca', 'cocacola', 'seafood', 'yoghurt'])
      expect(v.has(word), word).toBe(true);
    for (const query of ['coke', 'cola', 'coca cola', 'button mushroom', 'mushroom']) {
      expect(correctQuery(query, query.split(' '), v), query).toBeNull();
    }
  });

  test('no correctly spelt word of the catalogue is ever changed, even when treated as unmatched', () => {
    const words = [...counts.keys()];
    expect(words.length).toBeGreaterThan(500);
    // Each word alone, and each word beside the next one (a two-word query with both words flagged).
    const changed = words.filter((word) => correctQuery(word, [word], v) !== null);
    const pairs = words.slice(1).map((word, i) => `${words[i]} ${word}`);
    const changedPairs = pairs.filter((q) => correctQuery(q, q.split(' '), v) !== null);
    expect(changed).toEqual([]);
    expect(changedPairs).toEqual([]);
  });

  test('numbers and pack sizes are never corrected: every pack size of the sample, and some typed freehand', () => {
    const units = new Set(records.map((r) => normalizeWords(r.unit)).filter(Boolean));
    expect(units.size).toBeGreaterThan(20);
    const typed = [
      '1 kg',
      '5 kg',
      '500 g',
      '2 l',
      '1 ltr',
      '6 pcs',
      '12 pc',
      '250 gm',
      '4 x 75 g',
      '2x',
      '100',
      '1',
      '99999',
      '500ml',
      '1kg',
    ];
    for (const unit of [...units, ...typed]) {
      const words = normalizeWords(unit).split(' ');
      for (const query of [unit, `mlik ${normalizeWords(unit)}`]) {
        const q = normalizeWords(query);
        const fix = correctQuery(q, q.split(' '), v);
        const changedWords = (fix?.changes ?? []).map(([from]) => from);
        expect(
          changedWords.filter((w) => words.includes(w)),
          query,
        ).toEqual([]);
      }
    }
  });

  test('nonsense is not "corrected" into something', () => {
    for (const word of ['qzxv', 'zzzz', 'xqjw', 'qwrtzp', 'jjjjjjj', 'asdfghjkl', 'zxcvbnm']) {
      expect(correctWord(word, v), word).toBeNull();
    }
  });

  test("the shopper's misspellings of the quality set correct to the intended word", () => {
    const expected: Record<string, string> = {
      mlik: 'milk',
      tomtao: 'tomato',
      bnana: 'banana',
      toothpsate: 'toothpaste',
      britania: 'britannia',
      colgte: 'colgate',
      dodh: 'doodh',
      cholocate: 'chocolate',
      corainder: 'coriander',
      garlci: 'garlic',
      sugr: 'sugar',
      panner: 'paneer',
    };
    const wrong = Object.entries(expected).filter(([typo, word]) => correctWord(typo, v) !== word);
    expect(wrong).toEqual([]);
  });
});
