import { describe, expect, test } from 'vitest';
import { FIRST_PAGE_DIR, SKELETON_CARDS, firstPageKey, firstPageUrl, readFirstPage } from '../../src/lib/search/first-page.ts';
import { firstPageJson, firstPageQueries } from '../../scripts/lib/search-first-pages.ts';
import { TRENDING_SEARCHES } from '../../src/lib/search/query.ts';
import { expandQuery } from '../../src/lib/search/synonyms.ts';

const card = (id: string) => ({
  id,
  name: `Name ${id}`,
  price_paise: 2800,
  image_url: null,
  quantity_unit: '500 ml',
  original_price_paise: null,
  is_available: true,
});

describe('firstPageKey', () => {
  test('is the words as the search normalises them', () => {
    expect(firstPageKey('Milk')).toBe('milk');
    expect(firstPageKey('  amul   GOLD!! ')).toBe('amul gold');
    expect(firstPageKey('milk 500ml')).toBe('milk 500ml');
  });

  test('is null where a file cannot answer: blank, too long, or a character expandQuery may rewrite', () => {
    expect(firstPageKey('')).toBeNull();
    expect(firstPageKey(' ?! ')).toBeNull();
    expect(firstPageKey('a'.repeat(61))).toBeNull();
    // An emoji and Devanagari are rewritten into words before the search: two queries of one key would differ.
    expect(expandQuery('🥛')).toBe('milk');
    expect(firstPageKey('🥛')).toBeNull();
    expect(firstPageKey('दूध')).toBeNull();
    expect(firstPageKey('café')).toBeNull();
  });

  test('names a file under the index, a hyphen for each space', () => {
    expect(firstPageUrl('amul gold')).toBe(`${FIRST_PAGE_DIR}amul-gold.json`);
    expect(FIRST_PAGE_DIR).toBe('/pagefind/first/');
  });
});

describe('readFirstPage', () => {
  const good = { v: 1, key: 'mlik', total: 18, outOfStock: 0, correction: { changes: [['mlik', 'milk']] }, cards: [card('a'), card('b')] };

  test('reads the file the build writes', () => {
    expect(readFirstPage(good, 'mlik')).toEqual(good);
    const { correction: _, ...plain } = good;
    expect(readFirstPage({ ...plain, key: 'milk' }, 'milk')).toEqual({ ...plain, key: 'milk' });
  });

  test.each([
    ['another key', { ...good, key: 'milk' }],
    ['another version', { ...good, v: 2 }],
    ['no cards', { ...good, cards: [] }],
    ['more cards than the skeleton', { ...good, total: 20, cards: Array.from({ length: SKELETON_CARDS + 1 }, (_, i) => card(`c${i}`)) }],
    ['a total below the cards', { ...good, total: 1 }],
    ['a card without a price', { ...good, cards: [{ ...card('a'), price_paise: undefined }] }],
    ['a correction of markup', { ...good, correction: { changes: [['mlik', '<b>milk</b>']] } }],
    ['an empty correction', { ...good, correction: { changes: [] } }],
    ['not an object', 'milk'],
  ])('refuses %s', (_, data) => {
    expect(readFirstPage(data, 'mlik')).toBeNull();
  });
});

describe('firstPageQueries', () => {
  const catalogue = {
    categories: [{ id: 'dairy', name: 'Dairy & Eggs', parent_id: null }],
    products: [{ brand: 'Amul' }, { brand: 'Amul' }, { brand: null }],
  } as unknown as Parameters<typeof firstPageQueries>[0];
  const counts = new Map([
    ['paneer', 5],
    ['ghee', 9],
    ['rare', 1],
    ['500', 40],
    ['ml', 30],
  ]);

  test('puts the trending searches first, then names, brands, slips and the frequent words', () => {
    const queries = firstPageQueries(catalogue, counts);
    expect(queries.slice(0, TRENDING_SEARCHES.length)).toEqual([...TRENDING_SEARCHES]);
    expect(queries).toContain('dairy eggs');
    expect(queries.filter((q) => q === 'amul')).toHaveLength(1);
    expect(queries).toContain('mlik');
    expect(queries.indexOf('ghee')).toBeLessThan(queries.indexOf('paneer'));
    // A word of one product, a number, a word too short to correct: not queries worth a file.
    expect(queries).not.toContain('rare');
    expect(queries).not.toContain('500');
    expect(queries).not.toContain('ml');
  });

  test('stops at the cap', () => {
    expect(firstPageQueries(catalogue, counts, 5)).toEqual([...TRENDING_SEARCHES].slice(0, 5));
  });
});

describe('firstPageJson', () => {
  const answer = (extra: object, first = [card('a'), card('b')]) => ({
    answer: { total: 18, results: [], effectiveText: 'milk', outOfStock: 1, ...extra },
    first,
    suggestions: [],
  });

  test('writes what readFirstPage reads back: cards, total, out-of-stock count, correction only when there is one', () => {
    const plain = firstPageJson('milk', answer({}));
    expect(readFirstPage(JSON.parse(plain ?? 'null'), 'milk')).toEqual({
      v: 1,
      key: 'milk',
      total: 18,
      outOfStock: 1,
      cards: [card('a'), card('b')],
    });
    const corrected = firstPageJson('mlik', answer({ correction: { changes: [['mlik', 'milk']] } }));
    expect(readFirstPage(JSON.parse(corrected ?? 'null'), 'mlik')?.correction).toEqual({ changes: [['mlik', 'milk']] });
  });

  test('writes nothing when nothing was found, or every match is out of stock (the page then offers suggestions)', () => {
    expect(firstPageJson('zzz', answer({ total: 0 }, []))).toBeNull();
    expect(firstPageJson('salt', answer({ suggestions: [] }))).toBeNull();
  });
});
