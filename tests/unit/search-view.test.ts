import { describe, expect, test } from 'vitest';
import { FIRST_BATCH, keyOf, requestFor, type AnswerWithCards } from '../../src/lib/search/answer.ts';
import { keepShown } from '../../src/lib/search/arrival.ts';
import type { PagefindResult } from '../../src/lib/search/pagefind-client.ts';
import { DEFAULT_STATE } from '../../src/lib/search/query.ts';
import {
  ALL_OUT_OF_STOCK,
  announcementFor,
  answeredView,
  answersNow,
  correctedQuery,
  debounceFor,
  firstPageView,
  isSettled,
  loadingView,
  shownAnswer,
  withMoreCards,
  withSkeleton,
  type SearchView,
  type SettledView,
} from '../../src/lib/search/view.ts';
import type { CardProduct } from '../../src/lib/fields.ts';
import { CARD_FILTERS, OUT_OF_STOCK, STOCK_FILTER } from '../../src/lib/search/record.ts';

const card = (id: string, is_available = true): CardProduct => ({
  id,
  name: id,
  price_paise: 2800,
  image_url: null,
  quantity_unit: '500 ml',
  original_price_paise: null,
  is_available,
});

const result = (id: string): PagefindResult => ({ id, data: () => Promise.resolve({ url: `/product/${id}/` }) });

const results = (count: number): PagefindResult[] => Array.from({ length: count }, (_, i) => result(`p${String(i)}`));

const answered = (total: number, extra: Partial<AnswerWithCards['answer']> = {}): AnswerWithCards => {
  const all = results(total);
  return {
    answer: { total, results: all, effectiveText: 'milk', ...extra },
    first: all.slice(0, FIRST_BATCH).map((r) => card(r.id)),
    suggestions: [],
  };
};

const resultsView = (
  overrides: Partial<Extract<SettledView, { status: 'results' }>> = {},
): Extract<SettledView, { status: 'results' }> => ({
  status: 'results',
  key: 'k',
  query: 'milk',
  inputAt: 1,
  total: 3,
  complete: true,
  products: [card('a'), card('b'), card('c')],
  pending: [],
  outOfStock: 0,
  allOutOfStock: false,
  suggestions: [],
  ...overrides,
});

describe('debounceFor', () => {
  test('waits longest for one letter, a little for two, not at all for more or none', () => {
    expect(debounceFor('')).toBe(0);
    expect(debounceFor('  ')).toBe(0);
    expect(debounceFor('m')).toBe(250);
    expect(debounceFor(' m ')).toBe(250);
    expect(debounceFor('mi')).toBe(80);
    expect(debounceFor('m i')).toBe(80);
    expect(debounceFor('mil')).toBe(0);
    expect(debounceFor('milk bread')).toBe(0);
  });
});

describe('loadingView', () => {
  test('goes straight to the skeleton from an idle, empty or failed page', () => {
    for (const current of [
      { status: 'idle' },
      { status: 'empty', key: 'k', query: 'x', inputAt: 0 },
      { status: 'error', key: 'k', query: 'x', inputAt: 0, offline: false },
    ] satisfies SearchView[]) {
      expect(loadingView(current, 'n', 'milk', 5)).toEqual({
        status: 'loading',
        key: 'n',
        query: 'milk',
        inputAt: 5,
        showSkeleton: true,
        previous: null,
      });
    }
  });

  test('keeps earlier results on screen, without the skeleton', () => {
    const shown = resultsView();
    expect(loadingView(shown, 'n', 'milk b', 5)).toMatchObject({ status: 'loading', key: 'n', showSkeleton: false, previous: shown });
  });

  test('over a search still running, keeps its skeleton and the results under it', () => {
    const shown = resultsView();
    const first = loadingView(shown, 'n1', 'mi', 1);
    const second = loadingView(first, 'n2', 'mil', 2);
    expect(second).toMatchObject({ key: 'n2', query: 'mil', inputAt: 2, showSkeleton: false, previous: shown });
    const overSkeleton = loadingView(withSkeleton(first, 'n1'), 'n3', 'milk', 3);
    expect(overSkeleton).toMatchObject({ key: 'n3', showSkeleton: true, previous: shown });
  });
});

describe('withSkeleton', () => {
  test('shows the skeleton for the search still running, and leaves any other view alone', () => {
    const loading = loadingView(resultsView(), 'n', 'milk', 1);
    expect(withSkeleton(loading, 'n')).toMatchObject({ status: 'loading', showSkeleton: true });
    expect(withSkeleton(loading, 'other')).toBe(loading);
    const settled = resultsView();
    expect(withSkeleton(settled, 'k')).toBe(settled);
  });
});

describe('answeredView', () => {
  test('returns the first cards, and the rest of the results pending', () => {
    const view = answeredView('k', 'milk', 7, answered(20, { outOfStock: 2 }));
    expect(view).toMatchObject({
      status: 'results',
      key: 'k',
      query: 'milk',
      inputAt: 7,
      total: 20,
      outOfStock: 2,
      allOutOfStock: false,
      complete: true,
    });
    if (view.status !== 'results') throw new Error('expected results');
    expect(view.products).toHaveLength(FIRST_BATCH);
    expect(view.pending.map((r) => r.id)).toEqual(
      results(20)
        .slice(FIRST_BATCH)
        .map((r) => r.id),
    );
  });

  test('is incomplete while the other bundles are still to answer', () => {
    const first = answered(5);
    const view = answeredView('k', 'milk', 0, { ...first, rest: () => Promise.resolve(first) });
    expect(view).toMatchObject({ status: 'results', complete: false, total: 5 });
  });

  test('counts no out-of-stock matches as none, and carries the correction', () => {
    const view = answeredView('k', 'mlik', 0, answered(3, { correction: { changes: [['mlik', 'milk']] } }));
    expect(view).toMatchObject({ status: 'results', outOfStock: 0, correction: { changes: [['mlik', 'milk']] }, pending: [] });
  });

  test('returns empty when nothing matched', () => {
    expect(answeredView('k', 'zzz', 3, answered(0))).toEqual({ status: 'empty', key: 'k', query: 'zzz', inputAt: 3 });
  });

  test('returns results with suggestions when every match is out of stock, even with all of them hidden', () => {
    const hidden: AnswerWithCards = {
      answer: { total: 0, results: [], effectiveText: 'mushroom', outOfStock: 1, suggestions: [result('s1')] },
      first: [],
      suggestions: [card('s1')],
    };
    expect(answeredView('k', 'mushroom', 0, hidden)).toMatchObject({
      status: 'results',
      total: 0,
      products: [],
      outOfStock: 1,
      allOutOfStock: true,
      suggestions: [card('s1')],
    });
  });
});

describe('withMoreCards', () => {
  test('appends the batch to the answer it was loaded for', () => {
    const pending = results(15);
    const view = resultsView({ pending });
    const batch = pending.slice(0, 12);
    const next = withMoreCards(view, 'k', pending, batch, [card('d'), card('e')]);
    expect(next).toMatchObject({ products: [card('a'), card('b'), card('c'), card('d'), card('e')] });
    expect(next.status === 'results' && next.pending).toEqual(pending.slice(12));
  });

  test('drops a batch for another answer, or for one whose cards have moved on', () => {
    const pending = results(15);
    const view = resultsView({ pending });
    expect(withMoreCards(view, 'other', pending, pending.slice(0, 12), [card('d')])).toBe(view);
    expect(withMoreCards(view, 'k', results(15), pending.slice(0, 12), [card('d')])).toBe(view);
    const loading = loadingView(view, 'n', 'milk b', 1);
    expect(withMoreCards(loading, 'k', pending, pending.slice(0, 12), [card('d')])).toBe(loading);
  });
});

describe('shownAnswer', () => {
  test('shows the settled answer, the earlier results while a search runs, and nothing under the skeleton', () => {
    const shown = resultsView();
    expect(shownAnswer({ status: 'idle' })).toBeNull();
    expect(shownAnswer(shown)).toBe(shown);
    const loading = loadingView(shown, 'n', 'milk b', 1);
    expect(shownAnswer(loading)).toBe(shown);
    expect(shownAnswer(withSkeleton(loading, 'n'))).toBeNull();
  });
});

describe('answersNow', () => {
  const state = { ...DEFAULT_STATE, q: 'milk' };
  const key = keyOf(requestFor(state));

  test('is true for the answer to the state asked for, and before any search', () => {
    expect(answersNow(resultsView({ key }), state)).toBe(true);
    expect(answersNow({ status: 'idle' }, state)).toBe(true);
  });

  test('is false while a search runs and for an earlier answer', () => {
    expect(answersNow(loadingView(resultsView({ key }), key, 'milk', 0), state)).toBe(false);
    expect(answersNow(resultsView({ key }), { ...state, cat: 'dairy' })).toBe(false);
  });
});

describe('announcementFor', () => {
  test('says how many products were found', () => {
    expect(announcementFor(resultsView({ total: 1 }))).toBe('1 product found');
    expect(announcementFor(resultsView({ total: 50 }))).toBe('50 products found');
  });

  test('names the corrected words', () => {
    const view = resultsView({ query: 'Mlik', total: 4, correction: { changes: [['mlik', 'milk']] } });
    expect(correctedQuery(view)).toBe('milk');
    expect(announcementFor(view)).toBe('Showing results for milk. 4 products found');
  });

  test('counts the matches out of stock when all are, hidden or not, and says so', () => {
    expect(announcementFor(resultsView({ total: 0, outOfStock: 1, allOutOfStock: true }))).toBe(`1 product found. ${ALL_OUT_OF_STOCK}`);
    expect(announcementFor(resultsView({ total: 3, outOfStock: 3, allOutOfStock: true }))).toBe(`3 products found. ${ALL_OUT_OF_STOCK}`);
  });

  test('says when nothing was found or search failed', () => {
    expect(announcementFor({ status: 'empty', key: 'k', query: 'zzz', inputAt: 0 })).toBe('No products found');
    expect(announcementFor({ status: 'error', key: 'k', query: 'milk', inputAt: 0, offline: true })).toBe('Search is unavailable');
  });
});

describe('isSettled', () => {
  test('is true for results, empty and error, false while idle or loading', () => {
    expect(isSettled(resultsView())).toBe(true);
    expect(isSettled({ status: 'empty', key: 'k', query: 'zzz', inputAt: 0 })).toBe(true);
    expect(isSettled({ status: 'error', key: 'k', query: 'milk', inputAt: 0, offline: false })).toBe(true);
    expect(isSettled({ status: 'idle' })).toBe(false);
    expect(isSettled(loadingView(resultsView(), 'n', 'milk', 0))).toBe(false);
  });
});

describe('keepShown', () => {
  /** Results whose data is a product page, so loadCards reads them. */
  const pageResult = (id: string, score: number, available = true): PagefindResult => ({
    id,
    score,
    data: () =>
      Promise.resolve({
        url: `/product/${id}/`,
        meta: { title: id, unit: '500 ml' },
        filters: { [CARD_FILTERS.pricePaise]: ['2800'], ...(available ? {} : { [STOCK_FILTER]: [OUT_OF_STOCK] }) },
      }),
  });
  const answerOf = (list: PagefindResult[], cards: CardProduct[]): AnswerWithCards => ({
    answer: { total: list.length, results: list, effectiveText: 'milk' },
    first: cards,
    suggestions: [],
  });

  test('keeps the cards in stock already shown on top, in their places, then the whole index without them', async () => {
    const a = pageResult('a', 9);
    const b = pageResult('b', 5);
    const out = pageResult('out', 8, false);
    const partial = answerOf([a, b, out], [card('a'), card('b'), card('out', false)]);
    const whole = answerOf([pageResult('x', 10), a, out, pageResult('y', 6), b], []);
    const kept = await keepShown(partial, whole);
    expect(kept.answer.results.map((r) => r.id)).toEqual(['a', 'b', 'x', 'out', 'y']);
    expect(kept.answer.total).toBe(5);
    expect(kept.first.slice(0, 2)).toEqual([card('a'), card('b')]);
    expect(kept.first.map((c) => c.id)).toEqual(['a', 'b', 'x', 'out', 'y']);
    expect(kept.rest).toBeUndefined();
  });

  test('keeps at most the results limit', async () => {
    const many = Array.from({ length: 60 }, (_, i) => pageResult(`w${String(i)}`, 60 - i));
    const partial = answerOf([pageResult('p', 1)], [card('p')]);
    const kept = await keepShown(partial, answerOf(many, []));
    expect(kept.answer.results).toHaveLength(50);
    expect(kept.answer.results[0]?.id).toBe('p');
  });
});

describe('firstPageView', () => {
  const page = {
    v: 1 as const,
    key: 'mlik',
    total: 18,
    outOfStock: 1,
    correction: { changes: [['mlik', 'milk']] as [string, string][] },
    cards: [card('a'), card('b')],
  };

  test("shows the file's cards and the whole count, and waits for Pagefind for the rest", () => {
    const view = firstPageView('k', 'mlik', 5, page);
    expect(view).toMatchObject({ status: 'results', total: 18, complete: true, awaitingPagefind: true, pending: [], outOfStock: 1 });
    expect(view.status === 'results' && view.products.map((p) => p.id)).toEqual(['a', 'b']);
    expect(correctedQuery(view)).toBe('milk');
    expect(announcementFor(view)).toBe('Showing results for milk. 18 products found');
  });

  test('has nothing to wait for when its cards are the whole answer, or the page limit', () => {
    expect(firstPageView('k', 'mlik', 5, { ...page, total: 2 })).toMatchObject({ awaitingPagefind: false });
    const fifty = { ...page, total: 400, cards: Array.from({ length: 50 }, (_, i) => card(`c${i}`)) };
    expect(firstPageView('k', 'mlik', 5, fifty)).toMatchObject({ awaitingPagefind: false });
  });
});
