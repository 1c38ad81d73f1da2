import { describe, expect, test } from 'vitest';
import { ALIASES, EMOJI_WORDS, QUERY_PHRASES, QUERY_TYPOS, SYNONYMS, expandQuery, indexTermsFor } from '../../src/lib/search/synonyms.ts';
import { normalizeWords } from '../../src/lib/search/normalize.ts';
import sampleCatalogue from '../../src/data/sample-catalogue.json' with { type: 'json' };

describe('SYNONYMS', () => {
  test('covers the terms the issue names', () => {
    const hindi = new Set(SYNONYMS.flatMap((e) => e.hindi));
    for (const word of [
      'doodh',
      'dahi',
      'atta',
      'anda',
      'chawal',
      'cheeni',
      'chini',
      'aloo',
      'pyaaz',
      'pyaz',
      'tamatar',
      'paneer',
      'ghee',
      'namak',
      'haldi',
      'kela',
      'seb',
      'mirchi',
      'adrak',
      'lehsun',
      'dhaniya',
      'palak',
      'bhindi',
      'gobi',
      'matar',
      'dal',
      'tel',
      'chai',
      'makhan',
      'sabun',
      'biskut',
      'namkeen',
      'chana',
      'rajma',
      'sooji',
      'rava',
      'besan',
      'jeera',
    ]) {
      expect(hindi, word).toContain(word);
    }
    expect(SYNONYMS.length).toBeGreaterThanOrEqual(33);
  });

  test('is well formed: lowercase ASCII words, no word claimed twice, no exceptions on multi-word targets', () => {
    const seen = new Map<string, string>();
    for (const entry of SYNONYMS) {
      expect(entry.hindi.length).toBeGreaterThan(0);
      expect(entry.english.length).toBeGreaterThan(0);
      for (const word of [...entry.hindi, ...entry.english, ...(entry.except ?? [])]) {
        expect(word, word).toMatch(/^[a-z]+( [a-z]+)*$/);
      }
      for (const word of entry.hindi) {
        expect(seen.has(word), `${word} is in two entries`).toBe(false);
        seen.set(word, entry.english[0] ?? '');
      }
      // expandQuery rewrites multi-word targets to the Hindi word every product containing them was indexed
      // with; an exception would leave such a product out of the rewritten search.
      if (entry.english.some((e) => e.includes(' '))) expect(entry.except ?? []).toEqual([]);
    }
  });

  test('emoji and misspellings map to plain lowercase words', () => {
    for (const word of [...Object.values(EMOJI_WORDS), ...Object.values(QUERY_TYPOS)]) expect(word).toMatch(/^[a-z]+$/);
    for (const [typo, word] of Object.entries(QUERY_TYPOS)) expect(typo).not.toBe(word);
  });
});

describe('indexTermsFor', () => {
  test('gives milk products the Hindi words for milk', () => {
    expect(indexTermsFor('Amul Taaza Toned Milk')).toEqual(expect.arrayContaining(['doodh', 'dudh']));
  });

  test('matches plurals of the English word', () => {
    expect(indexTermsFor('Farm Fresh Eggs')).toEqual(expect.arrayContaining(['anda', 'ande']));
    expect(indexTermsFor('Tomato Hybrid')).toContain('tamatar');
    expect(indexTermsFor('Baby Potatoes')).toContain('aloo');
    expect(indexTermsFor('Green Chillies')).toContain('mirchi');
  });

  test('matches whole words only', () => {
    expect(indexTermsFor('Pineapple Queen')).not.toContain('seb');
    expect(indexTermsFor('Black Forest Cake (Eggless)')).not.toContain('anda');
    expect(indexTermsFor('Chickpeas')).not.toContain('matar');
    expect(indexTermsFor('Popcorn Butter')).not.toContain('bhutta');
  });

  test('respects exceptions', () => {
    expect(indexTermsFor('Custard Apple (Sitaphal)')).not.toContain('seb');
    expect(indexTermsFor('Sweet Potato (Shakarkandi)')).not.toContain('aloo');
    expect(indexTermsFor('Fortune Rice Bran Health Oil')).not.toContain('chawal');
    expect(indexTermsFor('Fortune Rice Bran Health Oil')).toContain('tel');
  });

  test('a Hindi word in the name brings its single-word English meaning', () => {
    expect(indexTermsFor('Mother Dairy Mishti Doi (Sweet Curd)')).toContain('dahi');
    expect(indexTermsFor('Amul Masti Dahi')).toEqual(expect.arrayContaining(['curd', 'yogurt']));
    expect(indexTermsFor('Organic Jaggery (Gur)')).toContain('gud');
  });

  test('never adds a multi-word English target to a product (so "cheese" does not find paneer)', () => {
    const terms = indexTermsFor('Amul Malai Paneer');
    expect(terms).not.toContain('cheese');
    expect(terms).not.toContain('cream');
    expect(indexTermsFor('Amul Pure Ghee')).not.toContain('butter');
  });

  test('a multi-word English target in the name brings the Hindi word', () => {
    expect(indexTermsFor('Whole Wheat Flour')).toContain('atta');
    expect(indexTermsFor('Okra Lady Finger')).toContain('bhindi');
    expect(indexTermsFor('Cottage Cheese Cubes')).toContain('paneer');
  });

  test('leaves out words already in the name, and sorts without duplicates', () => {
    const terms = indexTermsFor('Country Eggs (Desi Anda)');
    expect(terms).not.toContain('anda');
    expect(terms).toEqual([...new Set(terms)].sort());
  });

  test('a name without any known word gets nothing', () => {
    expect(indexTermsFor('Scotch-Brite Scrub Pad')).toEqual([]);
    expect(indexTermsFor('')).toEqual([]);
  });
});

describe('expandQuery', () => {
  test('keeps ordinary queries, lowercased and trimmed', () => {
    expect(expandQuery('  Milk  ')).toBe('milk');
    expect(expandQuery('Amul   Toned MILK')).toBe('amul toned milk');
  });

  test('rewrites multi-word English phrases to their Hindi word', () => {
    expect(expandQuery('wheat flour')).toBe('atta');
    expect(expandQuery('cottage cheese')).toBe('paneer');
    expect(expandQuery('fresh lady finger')).toBe('fresh bhindi');
    expect(expandQuery('kidney beans')).toBe('rajma');
  });

  test('turns emoji and Devanagari into words', () => {
    expect(expandQuery('🥛')).toBe('milk');
    expect(expandQuery('दूध')).toBe('doodh');
    expect(expandQuery('पत्ता गोभी')).toBe('patta gobhi');
    expect(expandQuery('🍌 chips')).toBe('banana chips');
  });

  test('fixes common misspellings and pack sizes', () => {
    expect(expandQuery('bananna')).toBe('banana');
    expect(expandQuery('panner')).toBe('paneer');
    expect(expandQuery('amul milk 1 litre')).toBe('amul milk 1 l');
    expect(expandQuery('500ml')).toBe('500 ml');
    expect(expandQuery('atta 5kg')).toBe('atta 5 kg');
    // Unit words are rewritten only after a number: "gram flour" is besan, not "g flour".
    expect(expandQuery('gram flour')).toBe('besan');
  });

  test('reduces hostile input to plain words or nothing, never throws', () => {
    expect(expandQuery('')).toBe('');
    expect(expandQuery('     ')).toBe('');
    expect(expandQuery('.*+?^${}()|[]\\')).toBe('');
    expect(expandQuery('"\'`')).toBe('');
    expect(expandQuery('<script>alert(1)</script>')).toBe('script alert 1 script');
    expect(expandQuery('🙂🎉')).toBe('');
    expect(expandQuery('a'.repeat(1000))).toBe('a'.repeat(100));
    expect(expandQuery('milk '.repeat(500)).length).toBeLessThanOrEqual(100);
    expect(expandQuery(undefined)).toBe('');
    expect(expandQuery(42)).toBe('');
    expect(expandQuery('\u0000milk\u200b')).toBe('milk');
  });
});

describe('normalizeWords', () => {
  test('drops accents and punctuation', () => {
    expect(normalizeWords('Café Crème, 100% Pure!')).toBe('cafe creme 100 pure');
  });
});

describe('ALIASES and QUERY_PHRASES (everyday English and brand shorthands)', () => {
  const names = (sampleCatalogue as { products: { name: string; brand: string | null }[] }).products;

  test('"biscuit" and "cookie" find each other, both ways; "crisps" and "chips" too', () => {
    expect(indexTermsFor('Britannia Marie Gold Biscuits')).toContain('cookie');
    expect(indexTermsFor('Unibic Butter Cookies')).toContain('biscuit');
    expect(indexTermsFor('Pringles Original Potato Crisps')).toContain('chips');
    expect(indexTermsFor("Lay's Classic Salted Potato Chips")).toContain('crisps');
    expect(indexTermsFor('Parle Hide & Seek Chocolate Chip Cookies')).not.toContain('crisps');
  });

  test('brand shorthands shoppers type', () => {
    expect(indexTermsFor('Coca-Cola Original Taste Soft Drink')).toEqual(expect.arrayContaining(['coke', 'cocacola']));
    expect(indexTermsFor('Thums Up Soft Drink')).toContain('thumsup');
    expect(indexTermsFor('Parle-G Original Glucose Biscuits')).toContain('parleg');
    expect(indexTermsFor('Head & Shoulders Anti-Dandruff Shampoo')).toContain('hns');
    expect(indexTermsFor('Oral-B Pro-Health Soft Toothbrush')).toContain('oralb');
    expect(indexTermsFor('Red Bull Energy Drink')).toContain('redbull');
    expect(indexTermsFor('Yippee Magic Masala Noodles')).toContain('maggi');
    // A shorthand is one-way: a product named with it gets nothing back.
    expect(indexTermsFor('Maggi 2-Minute Noodles Masala')).not.toContain('noodles');
  });

  test('brands written with an apostrophe are found without it', () => {
    expect(indexTermsFor("Lay's Classic Salted Potato Chips")).toContain('lays');
    expect(indexTermsFor("Haldiram's Aloo Bhujia")).toContain('haldirams');
    expect(indexTermsFor("McVitie's Digestive Biscuits")).toContain('mcvities');
  });

  test('"cold drink" is a soft drink; aliases do not rewrite the catalogue\'s own phrases', () => {
    expect(expandQuery('Cold Drinks')).toBe('soft drink');
    expect(expandQuery('cold drink 750 ml')).toBe('soft drink 750 ml');
    expect(expandQuery('kit kat')).toBe('kitkat');
    expect(expandQuery('surf excel')).toBe('surf excel');
    expect(expandQuery('instant noodles')).toBe('instant noodles');
    expect(expandQuery('coca cola')).toBe('coca cola');
  });

  test('every alias and phrase target names goods the sample catalogue has', () => {
    const text = names.map((p) => normalizeWords(`${p.name} ${p.brand ?? ''}`)).join(' | ');
    for (const entry of ALIASES) {
      expect(
        entry.english.some((e) => text.includes(normalizeWords(e))),
        entry.english.join('/'),
      ).toBe(true);
      for (const word of entry.hindi) expect(word).toMatch(/^[a-z]+$/);
    }
    for (const to of Object.values(QUERY_PHRASES)) expect(text.includes(to), to).toBe(true);
  });
});
