import { describe, expect, test } from 'vitest';
import {
  byUnitPrice,
  cardFromResult,
  loadCards,
  mostlyMatched,
  searchProducts,
  type PagefindApi,
  type PagefindResultData,
  type PagefindSearchOptions,
} from '../../src/lib/search/pagefind-client.ts';
import { displayImage, PLACEHOLDER_IMAGE } from '../../src/lib/images.ts';
import { vocabularyFrom } from '../../src/lib/search/correction.ts';
import { UNCLEAR_UNIT_PRICE, unitPriceKey } from '../../src/lib/search/record.ts';

const data = (extra: Partial<PagefindResultData> = {}): PagefindResultData => ({
  url: '/product/amul-taaza-toned-milk-500-ml/',
  content: 'Amul Taaza Toned Milk. doodh dudh.',
  meta: { title: 'Amul Taaza Toned Milk', unit: '500 ml' },
  filters: {
    category: ['dairy'],
    card_id: ['amul-taaza-toned-milk-500-ml'],
    card_price_paise: ['2800'],
    card_original_price_paise: ['3000'],
    card_image: ['/images/catalogue/milk.svg'],
  },
  ...extra,
});

describe('cardFromResult', () => {
  test('builds a tile product from the record', () => {
    expect(cardFromResult(data())).toEqual({
      id: 'amul-taaza-toned-milk-500-ml',
      name: 'Amul Taaza Toned Milk',
      price_paise: 2800,
      original_price_paise: 3000,
      image_url: '/images/catalogue/milk.svg',
      quantity_unit: '500 ml',
      category_id: 'dairy',
      is_available: true,
    });
  });

  test('marks a record of the stock filter "out of stock", so the card shows it so and has no ADD', () => {
    expect(cardFromResult(data({ filters: { ...data().filters, stock: ['out'] } }))?.is_available).toBe(false);
    expect(cardFromResult(data())?.is_available).toBe(true);
  });

  test('falls back to the URL for the id', () => {
    expect(cardFromResult(data({ filters: { card_price_paise: ['500'] } }))?.id).toBe('amul-taaza-toned-milk-500-ml');
  });

  test('rejects unusable records and drops unsafe fields', () => {
    expect(cardFromResult(data({ meta: { title: '  ' } }))).toBeNull();
    expect(cardFromResult(data({ filters: { card_id: ['x'], card_price_paise: ['NaN'] } }))).toBeNull();
    expect(cardFromResult(data({ filters: { card_id: ['x'], card_price_paise: ['-100'] } }))).toBeNull();
    expect(cardFromResult(data({ url: '/product/%E0%A4/', filters: { card_price_paise: ['100'] } }))).toBeNull();
    const card = cardFromResult(
      data({
        filters: { card_id: ['x'], card_price_paise: ['1000'], card_original_price_paise: ['500'], card_image: ['//evil.example/x.png'] },
      }),
    );
    expect(card?.image_url).toBeNull();
    expect(card?.original_price_paise).toBeNull();
    expect(
      displayImage(
        cardFromResult(data({ filters: { card_id: ['x'], card_price_paise: ['1000'], card_image: ['https://evil.example/x.png'] } }))
          ?.image_url,
        null,
      ),
    ).toBe(PLACEHOLDER_IMAGE);
  });
});

/** A stand-in for Pagefind over a few records: every query word must prefix-match (or fall back to a prefix of) a word. */
function fakePagefind(records: PagefindResultData[]): PagefindApi & { searches: string[] } {
  const wordsOf = (d: PagefindResultData) =>
    `${d.content} ${d.meta?.['unit'] ?? ''}`
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  const all = records.map((d) => wordsOf(d));
  const searches: string[] = [];
  return {
    searches,
    options: async () => {},
    init: async () => {},
    preload: async () => {},
    search: async (term, options) => {
      searches.push(term ?? '');
      const passes = (d: PagefindResultData) =>
        Object.entries(options?.filters ?? {}).every(([key, want]) => {
          const have = d.filters?.[key]?.[0] ?? '';
          if (typeof want === 'string') return have === want;
          if (Array.isArray(want)) return want.includes(have);
          if (want.any) return want.any.includes(have);
          return !(want.none ?? []).includes(have);
        });
      const hits = records.filter((d, i) => {
        if (!passes(d)) return false;
        if (term === null) return true;
        const words = all[i] ?? [];
        return term.split(' ').every((t) => {
          const anyExtension = all.flat().some((w) => w.startsWith(t));
          if (anyExtension) return words.some((w) => w.startsWith(t));
          // Pagefind's fallback: the longest indexed word that is a prefix of the term.
          const prefix = all
            .flat()
            .filter((w) => t.startsWith(w))
            .sort((a, b) => b.length - a.length)[0];
          return prefix === undefined ? true : words.includes(prefix);
        });
      });
      const counts: Record<string, Record<string, number>> = {};
      for (const key of Object.keys(options?.filters ?? {})) {
        counts[key] = {};
        for (const d of hits) {
          const value = d.filters?.[key]?.[0] ?? '';
          counts[key][value] = (counts[key][value] ?? 0) + 1;
        }
      }
      // Pagefind's ids are its pages' and the same in every search.
      return { results: hits.map((d) => ({ id: String(records.indexOf(d)), data: async () => d })), filters: counts };
    },
  };
}

const milk = data();
const parle = data({
  url: '/product/parle-g/',
  content: 'Parle-G Original Glucose Biscuits. biskut.',
  meta: { title: 'Parle-G Original Glucose Biscuits', unit: '100 g' },
  filters: { category: ['snacks'], card_price_paise: ['1000'] },
});

describe('searchProducts', () => {
  test('answers a plain query', async () => {
    const answer = await searchProducts(fakePagefind([milk, parle]), { text: 'milk', category: null, sort: 'relevance' });
    expect(answer.total).toBe(1);
  });

  test('drops a word that only matched through a short prefix ("gurgaon" -> "g") and finds nothing', async () => {
    const api = fakePagefind([milk, parle]);
    const answer = await searchProducts(api, { text: 'gurgaon', category: null, sort: 'relevance' });
    expect(answer.total).toBe(0);
  });

  test('ignores an unknown word beside a known one', async () => {
    const answer = await searchProducts(fakePagefind([milk, parle]), { text: 'gurgaon milk', category: null, sort: 'relevance' });
    expect(answer.total).toBe(1);
    expect(answer.effectiveText).toBe('milk');
  });

  test('joins two words the catalogue writes as one ("tooth paste")', async () => {
    const paste = data({
      url: '/product/paste/',
      content: 'Dabur Red Toothpaste. manjan.',
      meta: { title: 'Dabur Red Toothpaste', unit: '100 g' },
      filters: { card_price_paise: ['5000'] },
    });
    const butter = data({
      url: '/product/butter/',
      content: 'Amul Pasteurised Butter.',
      meta: { title: 'Amul Pasteurised Butter', unit: '100 g' },
      filters: { card_price_paise: ['6000'] },
    });
    const answer = await searchProducts(fakePagefind([paste, butter, milk]), { text: 'tooth paste', category: null, sort: 'relevance' });
    expect(answer.effectiveText).toBe('toothpaste');
    expect(answer.total).toBe(1);
  });

  test('lists a category without a query, and nothing without either', async () => {
    expect((await searchProducts(fakePagefind([milk, parle]), { text: '', category: 'snacks', sort: 'relevance' })).total).toBe(1);
    expect((await searchProducts(fakePagefind([milk, parle]), { text: '', category: null, sort: 'relevance' })).total).toBe(0);
  });
});

describe('searchProducts with firstCards', () => {
  /** The fake Pagefind with a log of its searches (by filter) and of the results whose data was asked for. */
  function logged(records: PagefindResultData[]) {
    const api = fakePagefind(records);
    const log: string[] = [];
    return {
      log,
      api: {
        ...api,
        search: async (term: string | null, options?: PagefindSearchOptions) => {
          log.push(`search ${Object.keys(options?.filters ?? {}).join(',')}`);
          const found = await api.search(term, options);
          return found && { ...found, results: found.results.map((r) => ({ ...r, data: () => (log.push(`data ${r.id}`), r.data()) })) };
        },
      },
    };
  }
  const milks = [1, 2, 3, 4].map((n) =>
    data({ url: `/product/milk-${n}/`, filters: { card_id: [`milk-${n}`], card_price_paise: ['100'] } }),
  );

  test("asks for the first cards' data as soon as the results are known, in relevance order only", async () => {
    const { api, log } = logged(milks);
    await searchProducts(api, { text: 'milk', category: null, sort: 'relevance' }, 50, { firstCards: 3 });
    for (const id of ['0', '1', '2']) expect(log).toContain(`data ${id}`);
    expect(log).not.toContain('data 3');

    const without = logged(milks);
    await searchProducts(without.api, { text: 'milk', category: null, sort: 'relevance' }, 50);
    expect(without.log).not.toContain('data 2');

    const sorted = logged(milks);
    await searchProducts(sorted.api, { text: 'milk', category: null, sort: 'price-asc' }, 50, { firstCards: 3 });
    expect(sorted.log).not.toContain('data 2');
  });

  test('starts the stock search beside the search by relevance, and searches again for a query changed on the way', async () => {
    const { api, log } = logged(milks);
    const answer = await searchProducts(api, { text: 'milk', category: null, sort: 'relevance' }, 50);
    expect(answer.total).toBe(4);
    expect(log.filter((line) => line.startsWith('search'))).toEqual(['search stock', 'search ']);

    // "milk xyzzy" is searched as "milk": the stock search is run again for the words kept.
    const changed = logged(milks);
    const stray = await searchProducts(changed.api, { text: 'milk xyzzy', category: null, sort: 'relevance' }, 50);
    expect(stray.effectiveText).toBe('milk');
    expect(changed.log.filter((line) => line === 'search stock')).toHaveLength(2);
  });
});

describe('searchProducts with products out of stock', () => {
  const item = (id: string, name: string, price: string, extra: Record<string, string[]> = {}) =>
    data({
      url: `/product/${id}/`,
      content: `${name}.`,
      meta: { title: name, unit: '200 g' },
      filters: { category: ['vegetables'], subcategory: ['exotic-vegetables'], card_id: [id], card_price_paise: [price], ...extra },
    });
  const out = { stock: ['out'] };
  // Out of stock first in the index, as Pagefind may rank it.
  const button = item('button-mushroom', 'Button Mushroom', '5000', out);
  const oyster = item('oyster-mushroom', 'Oyster Mushroom', '9000');
  const broccoli = item('broccoli', 'Broccoli', '6000');
  const zucchini = item('zucchini', 'Zucchini', '4000', { subcategory: ['exotic-vegetables'], stock: ['out'] });
  const names = async (results: Parameters<typeof loadCards>[0]) =>
    (await loadCards(results)).map((c) => `${c.name}${c.is_available ? '' : ' (out)'}`);

  test('finds them, marked, after those in stock of the same relevance; "In stock only" leaves them out', async () => {
    const api = fakePagefind([button, oyster, broccoli]);
    const answer = await searchProducts(api, { text: 'mushroom', category: null, sort: 'relevance' });
    expect(await names(answer.results)).toEqual(['Oyster Mushroom', 'Button Mushroom (out)']);
    expect(answer.total).toBe(2);
    expect(answer.outOfStock).toBe(1);
    expect(answer.suggestions).toBeUndefined();
    const inStock = await searchProducts(api, { text: 'mushroom', category: null, sort: 'relevance', inStock: true });
    expect(await names(inStock.results)).toEqual(['Oyster Mushroom']);
    expect(inStock.total).toBe(1);
  });

  test('in price order too, still after those in stock, however cheap', async () => {
    const api = fakePagefind([button, oyster, broccoli]);
    const answer = await searchProducts(api, { text: '', category: 'vegetables', sort: 'price-asc' }, 2);
    expect(await names(answer.results)).toEqual(['Broccoli', 'Oyster Mushroom']);
    const all = await searchProducts(api, { text: '', category: 'vegetables', sort: 'price-asc' });
    expect(await names(all.results)).toEqual(['Broccoli', 'Oyster Mushroom', 'Button Mushroom (out)']);
  });

  test('when every result is out of stock, suggests products in stock of the same subcategory', async () => {
    const api = fakePagefind([button, zucchini, oyster, broccoli, milk]);
    const answer = await searchProducts(api, { text: 'button', category: null, sort: 'relevance' });
    expect(await names(answer.results)).toEqual(['Button Mushroom (out)']);
    expect(answer.outOfStock).toBe(1);
    expect(await names(answer.suggestions ?? [])).toEqual(['Oyster Mushroom', 'Broccoli']);
    // With "In stock only": nothing listed, the same suggestions.
    const hidden = await searchProducts(api, { text: 'button', category: null, sort: 'relevance', inStock: true });
    expect(hidden.total).toBe(0);
    expect(hidden.results).toEqual([]);
    expect(await names(hidden.suggestions ?? [])).toEqual(['Oyster Mushroom', 'Broccoli']);
  });
});

describe('searchProducts with typo correction', () => {
  const vocabulary = vocabularyFrom([
    ['amul', 2],
    ['taaza', 1],
    ['toned', 1],
    ['milk', 1],
    ['doodh', 1],
    ['dudh', 1],
    ['parle', 1],
    ['original', 1],
    ['glucose', 1],
    ['biscuits', 1],
    ['biskut', 1],
  ]);
  const help = () => {
    const loads = { count: 0 };
    return { loads, vocabulary: async () => ((loads.count += 1), vocabulary) };
  };

  test('a word that matches nothing is corrected and searched again', async () => {
    const h = help();
    const answer = await searchProducts(fakePagefind([milk, parle]), { text: 'mlik', category: null, sort: 'relevance' }, 50, h);
    expect(answer.total).toBe(1);
    expect(answer.effectiveText).toBe('milk');
    expect(answer.correction).toEqual({ changes: [['mlik', 'milk']] });
  });

  test('beside a known word, and in price order', async () => {
    const answer = await searchProducts(fakePagefind([milk, parle]), { text: 'amul mlik', category: null, sort: 'price-asc' }, 50, help());
    expect(answer.total).toBe(1);
    expect(answer.correction?.changes).toEqual([['mlik', 'milk']]);
  });

  test('with the vocabulary already loaded, a word no indexed word can match is corrected before searching it', async () => {
    const api = fakePagefind([milk, parle]);
    const answer = await searchProducts(api, { text: 'amul mlik', category: null, sort: 'relevance' }, 50, {
      ...help(),
      loadedVocabulary: () => vocabulary,
    });
    expect(answer.correction?.changes).toEqual([['mlik', 'milk']]);
    // The typo itself never went to Pagefind (the second search asks which results are out of stock).
    expect(api.searches).toEqual(['amul milk', 'amul milk']);
    // Known words, prefixes and plurals go to Pagefind as typed.
    const plain = fakePagefind([milk, parle]);
    const asTyped = await searchProducts(plain, { text: 'mil biscuit', category: null, sort: 'relevance' }, 50, {
      ...help(),
      loadedVocabulary: () => vocabulary,
    });
    expect(asTyped.correction).toBeUndefined();
    expect(plain.searches[0]).toBe('mil biscuit');
  });

  test('a word that matches is never corrected, and the vocabulary is not even loaded', async () => {
    const h = help();
    const answer = await searchProducts(fakePagefind([milk, parle]), { text: 'amul milk', category: null, sort: 'relevance' }, 50, h);
    expect(answer.correction).toBeUndefined();
    expect(h.loads.count).toBe(0);
  });

  test('exact search, nonsense, a missing vocabulary: no correction', async () => {
    const exact = await searchProducts(
      fakePagefind([milk, parle]),
      { text: 'mlik', category: null, sort: 'relevance', exact: true },
      50,
      help(),
    );
    expect(exact.total).toBe(0);
    const nonsense = await searchProducts(fakePagefind([milk, parle]), { text: 'qzxv', category: null, sort: 'relevance' }, 50, help());
    expect(nonsense.total).toBe(0);
    expect(nonsense.correction).toBeUndefined();
    const offline = await searchProducts(fakePagefind([milk, parle]), { text: 'mlik', category: null, sort: 'relevance' }, 50, {
      vocabulary: () => Promise.reject(new Error('offline')),
    });
    expect(offline.total).toBe(0);
  });

  test('a word found only through a much shorter one ("haldiraam" -> "haldi") is corrected when that finds more', async () => {
    const turmeric = data({
      url: '/product/haldi/',
      content: 'Tata Turmeric Powder (Haldi).',
      meta: { title: 'Tata Turmeric Powder (Haldi)', unit: '200 g' },
      filters: { card_price_paise: ['4000'] },
    });
    const bhujia = data({
      url: '/product/bhujia/',
      content: 'Haldirams Aloo Bhujia. namkeen.',
      meta: { title: 'Haldirams Aloo Bhujia', unit: '200 g' },
      filters: { card_price_paise: ['5000'] },
    });
    const v = vocabularyFrom([
      ['haldi', 1],
      ['haldirams', 1],
      ['turmeric', 1],
      ['bhujia', 1],
    ]);
    const request = { text: 'haldiraam', category: null, sort: 'relevance' } as const;
    const answer = await searchProducts(fakePagefind([turmeric, bhujia]), request, 50, { vocabulary: async () => v });
    expect(answer.correction?.changes).toEqual([['haldiraam', 'haldirams']]);
    expect((await loadCards(answer.results)).map((c) => c.name)).toEqual(['Haldirams Aloo Bhujia']);
    // Asked for the exact words, the fallback stands.
    const plain = await searchProducts(fakePagefind([turmeric, bhujia]), { ...request, exact: true }, 50, { vocabulary: async () => v });
    expect(plain.correction).toBeUndefined();
    expect(plain.total).toBe(1);
  });

  test('a word the top result lacks but one of the next few has is a real word, not dropped ("lady")', async () => {
    const ladi = data({
      url: '/product/ladi-pav/',
      content: 'Ladi Pav.',
      meta: { title: 'Ladi Pav', unit: '6 pcs' },
      filters: { card_price_paise: ['3000'] },
    });
    const bhindi = data({
      url: '/product/bhindi/',
      content: 'Bhindi (Lady Finger).',
      meta: { title: 'Bhindi (Lady Finger)', unit: '250 g' },
      filters: { card_price_paise: ['2000'] },
    });
    // A stand-in for stemming: "lady" finds both, Ladi Pav first.
    const api = fakePagefind([ladi, bhindi]);
    const search = api.search;
    api.search = async (term, options) => {
      if (term !== 'lady' || options?.filters) return search(term, options);
      return { results: [ladi, bhindi].map((d, i) => ({ id: String(i), data: async () => d })) };
    };
    const answer = await searchProducts(api, { text: 'lady', category: null, sort: 'relevance' }, 50, help());
    expect(answer.total).toBe(2);
    expect(answer.effectiveText).toBe('lady');
    expect(answer.correction).toBeUndefined();
  });

  test('of equally close corrections, the one whose products carry the other words wins; none drops a known word', async () => {
    const mutton = data({
      url: '/product/mutton/',
      content: 'Mutton Curry Cut.',
      meta: { title: 'Mutton Curry Cut', unit: '500 g' },
      filters: { card_price_paise: ['30000'] },
    });
    const button = data({
      url: '/product/button/',
      content: 'Button Mushroom.',
      meta: { title: 'Button Mushroom', unit: '200 g' },
      filters: { card_price_paise: ['5000'] },
    });
    const v = vocabularyFrom([
      ['mutton', 5],
      ['button', 1],
      ['mushroom', 1],
      ['curry', 1],
    ]);
    // "bntton" is one edit from "button" and one from "mutton": mutton is the commoner, but only button has mushroom.
    const api = fakePagefind([mutton, button]);
    const answer = await searchProducts(api, { text: 'mushroom gutton', category: null, sort: 'relevance' }, 50, {
      vocabulary: async () => v,
    });
    expect(answer.correction?.changes).toEqual([['gutton', 'button']]);
    expect(await loadCards(answer.results).then((c) => c.map((p) => p.name))).toEqual(['Button Mushroom']);
    // Alone, the commoner wins.
    const alone = await searchProducts(api, { text: 'gutton', category: null, sort: 'relevance' }, 50, { vocabulary: async () => v });
    expect(alone.correction?.changes).toEqual([['gutton', 'mutton']]);
    // A correction that finds something only by dropping a word the catalogue knows is not made.
    const onlyMutton = fakePagefind([mutton]);
    const dropped = await searchProducts(onlyMutton, { text: 'mushroom gutton', category: null, sort: 'relevance' }, 50, {
      vocabulary: async () => v,
    });
    expect(dropped.correction).toBeUndefined();
  });

  test('a run-together name the catalogue writes as two words is searched as them, not shown as a correction', async () => {
    const chocolate = data({
      url: '/product/dairy-milk/',
      content: 'Cadbury Dairy Milk Chocolate.',
      meta: { title: 'Cadbury Dairy Milk Chocolate', unit: '52 g' },
      filters: { card_price_paise: ['4000'] },
    });
    const v = vocabularyFrom([
      ['cadbury', 1],
      ['dairy', 1],
      ['milk', 2],
      ['chocolate', 1],
      ['amul', 1],
      ['toned', 1],
    ]);
    const api = fakePagefind([chocolate, milk]);
    const answer = await searchProducts(api, { text: 'dairymilk', category: null, sort: 'relevance' }, 50, { vocabulary: async () => v });
    expect(answer.correction).toBeUndefined();
    expect(answer.effectiveText).toBe('dairy milk');
    expect(answer.total).toBe(1);
    // Two words no product has side by side are a correction the page shows.
    const shown = await searchProducts(api, { text: 'amulmilk', category: null, sort: 'relevance' }, 50, { vocabulary: async () => v });
    expect(shown.correction?.changes).toEqual([['amulmilk', 'amul milk']]);
  });

  test('a correction that finds nothing in the chosen category is not offered', async () => {
    const answer = await searchProducts(fakePagefind([milk, parle]), { text: 'mlik', category: 'snacks', sort: 'relevance' }, 50, help());
    expect(answer.total).toBe(0);
    expect(answer.correction).toBeUndefined();
  });
});

describe('searchProducts by price', () => {
  const priced = (name: string, price: string) =>
    data({
      url: `/product/${name}/`,
      content: `${name} milk.`,
      meta: { title: name, unit: '1 L' },
      filters: { category: ['dairy'], card_id: [name], card_price_paise: [price] },
    });
  const records = [priced('b', '3000'), priced('a', '1250'), priced('c', '10000'), priced('d', '3000'), priced('e', '700')];
  const names = async (answer: Awaited<ReturnType<typeof searchProducts>>) => (await loadCards(answer.results)).map((c) => c.name);

  test('orders low to high and high to low, ties kept together', async () => {
    const api = fakePagefind(records);
    const up = await searchProducts(api, { text: 'milk', category: null, sort: 'price-asc' }, 50);
    expect(up.total).toBe(5);
    expect(await names(up)).toEqual(['e', 'a', 'b', 'd', 'c']);
    const down = await searchProducts(api, { text: 'milk', category: null, sort: 'price-desc' }, 50);
    expect(await names(down)).toEqual(['c', 'b', 'd', 'a', 'e']);
  });

  test('fetches only the prices it needs for the limit', async () => {
    const api = fakePagefind(records);
    const up = await searchProducts(api, { text: 'milk', category: null, sort: 'price-asc' }, 2);
    expect(await names(up)).toEqual(['e', 'a']);
    expect(up.total).toBe(5);
    // relevance search, the out-of-stock search, the counting search, then one search per needed price (7 and 12.5).
    expect(api.searches).toHaveLength(5);
  });

  test('sorts a category listing without words', async () => {
    const api = fakePagefind([...records, parle]);
    const up = await searchProducts(api, { text: '', category: 'dairy', sort: 'price-desc' }, 50);
    expect(await names(up)).toEqual(['c', 'b', 'd', 'a', 'e']);
  });
});

describe('searchProducts by unit price', () => {
  const item = (name: string, price: number, unit: string) =>
    data({
      url: `/product/${name}/`,
      content: `${name} amul.`,
      meta: { title: name, unit },
      filters: { card_id: [name], card_price_paise: [String(price * 100)], card_unit_price: [unitPriceKey(price * 100, unit)] },
    });
  const records = [
    item('butter', 60, '100 g'), // 600/kg
    item('milk-1l', 68, '1 L'), // 68/L
    item('ghee', 650, '1 L'), // 650/L
    item('paneer-loose', 90, '1 pc (approx. 200-250 g)'), // unclear
    item('milk-half', 28, '500 ml'), // 56/L
    item('cheese', 150, '10 pcs'), // 15/pc
    item('curd', 35, '400 g'), // 87.50/kg
    item('lassi', 25, '250 ml'), // 100/L
  ];
  const names = async (answer: Awaited<ReturnType<typeof searchProducts>>) => (await loadCards(answer.results)).map((c) => c.name);

  test('best value first within each unit (the commonest unit first), unclear unit prices last', async () => {
    const answer = await searchProducts(fakePagefind(records), { text: 'amul', category: null, sort: 'unit-price' }, 50);
    expect(answer.total).toBe(8);
    expect(await names(answer)).toEqual(['milk-half', 'milk-1l', 'lassi', 'ghee', 'curd', 'butter', 'cheese', 'paneer-loose']);
  });

  test('stops at the limit, before the unclear ones', async () => {
    const api = fakePagefind(records);
    const answer = await searchProducts(api, { text: 'amul', category: null, sort: 'unit-price' }, 3);
    expect(await names(answer)).toEqual(['milk-half', 'milk-1l', 'lassi']);
    // relevance search, the out-of-stock search, the counting search, then one search per needed unit price.
    expect(api.searches).toHaveLength(6);
  });

  test('ignores malformed sort keys instead of placing them', () => {
    expect(
      byUnitPrice([
        { value: 'pc:850', count: 1 },
        { value: 'kg:<b>', count: 5 },
        { value: UNCLEAR_UNIT_PRICE, count: 2 },
        { value: 'kg:100', count: 1 },
        { value: 'kg:50', count: 1 },
      ]).map((v) => v.value),
    ).toEqual(['kg:50', 'kg:100', 'pc:850', UNCLEAR_UNIT_PRICE]);
  });
});

describe('mostlyMatched', () => {
  test('keeps queries whose known words outnumber the unknown ones', () => {
    expect(mostlyMatched('milk', ['gurgaon'])).toBe(true);
    expect(mostlyMatched('amul milk', ['xyz'])).toBe(true);
    expect(mostlyMatched('1', ['script', 'alert', 'script'])).toBe(false);
    expect(mostlyMatched('500', ['xyz'])).toBe(false);
    expect(mostlyMatched('', ['xyz'])).toBe(false);
  });
});

describe('loadCards', () => {
  test('keeps order and skips failed or malformed results', async () => {
    const cards = await loadCards([
      { id: '1', data: async () => milk },
      { id: '2', data: async () => Promise.reject(new Error('offline')) },
      { id: '3', data: async () => data({ meta: {} }) },
      { id: '4', data: async () => parle },
    ]);
    expect(cards.map((c) => c.name)).toEqual(['Amul Taaza Toned Milk', 'Parle-G Original Glucose Biscuits']);
  });
});
