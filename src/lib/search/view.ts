/** What the search page shows, as data, and the steps between views that the island's hooks (src/islands/search/) take. No React. */
import { FIRST_BATCH, keyOf, requestFor, type AnswerWithCards } from './answer.ts';
import { correctedText } from './correction.ts';
import type { PagefindResult, SearchAnswer } from './pagefind-client.ts';
import { RESULT_LIMIT, type SearchState } from './query.ts';
import type { CardProduct } from '../fields.ts';
import type { FirstPage } from './first-page.ts';

export type SearchView =
  | { status: 'idle' }
  | { status: 'loading'; key: string; query: string; inputAt: number; showSkeleton: boolean; previous: SettledView | null }
  | SettledView;

/** A search's answer, for the request `key` (`keyOf`) and the words in the box, `query`. */
export type SettledView =
  | {
      status: 'results';
      key: string;
      query: string;
      inputAt: number;
      total: number;
      /** False while only the first of several bundles has answered (arrival.ts): `total` counts only its matches. */
      complete: boolean;
      /** A first page on screen (first-page.ts) with more results than its cards: Pagefind brings them once asked. */
      awaitingPagefind?: boolean;
      products: CardProduct[];
      pending: PagefindResult[];
      correction?: SearchAnswer['correction'];
      outOfStock: number;
      /** Every match is out of stock: the page says so and offers `suggestions`, in stock from the same categories. */
      allOutOfStock: boolean;
      suggestions: CardProduct[];
    }
  | { status: 'empty'; key: string; query: string; inputAt: number }
  | { status: 'error'; key: string; query: string; inputAt: number; offline: boolean };

/** Said on the page, and heard after the count. */
export const ALL_OUT_OF_STOCK = 'All results are out of stock';

/** How long a query waits for the next keystroke: one letter matches thousands of products, so "m" on the way to "milk" waits. */
export const debounceFor = (text: string): number => {
  const letters = text.replace(/\s/g, '').length;
  return letters === 0 ? 0 : letters === 1 ? 250 : letters === 2 ? 80 : 0;
};

export const loadingView = (current: SearchView, key: string, query: string, inputAt: number): SearchView => ({
  status: 'loading',
  key,
  query,
  inputAt,
  // Straight to the skeleton from an empty page; over earlier results only when the answer is slow.
  showSkeleton: current.status === 'loading' ? current.showSkeleton : current.status !== 'results',
  previous: current.status === 'results' ? current : current.status === 'loading' ? current.previous : null,
});

/** Once the search for `key` has taken too long to keep the earlier results on screen. */
export const withSkeleton = (current: SearchView, key: string): SearchView =>
  current.status === 'loading' && current.key === key ? { ...current, showSkeleton: true } : current;

/** Results, or empty when nothing matched (none even out of stock). */
export function answeredView(
  key: string,
  query: string,
  inputAt: number,
  { answer, first, suggestions, shown = FIRST_BATCH, rest }: AnswerWithCards,
): SettledView {
  const allOutOfStock = answer.suggestions !== undefined;
  if (first.length === 0 && !allOutOfStock) return { status: 'empty', key, query, inputAt };
  // The rest (up to 50) load when the shopper scrolls towards them: typing never pays for unseen cards.
  return {
    status: 'results',
    key,
    query,
    inputAt,
    total: answer.total,
    complete: !rest,
    products: first,
    pending: answer.results.slice(shown),
    correction: answer.correction,
    outOfStock: answer.outOfStock ?? 0,
    allOutOfStock,
    suggestions,
  };
}

/** A first page (first-page.ts) on screen: the whole answer's count and first cards, the rest to come from Pagefind. */
export const firstPageView = (key: string, query: string, inputAt: number, page: FirstPage): SettledView => ({
  status: 'results',
  key,
  query,
  inputAt,
  total: page.total,
  complete: true,
  awaitingPagefind: Math.min(page.total, RESULT_LIMIT) > page.cards.length,
  products: page.cards,
  pending: [],
  ...(page.correction ? { correction: page.correction } : {}),
  outOfStock: page.outOfStock,
  allOutOfStock: false,
  suggestions: [],
});

/** Once `more`, the cards of `batch` (the next of `pending`), have loaded for the answer to `key`. */
export const withMoreCards = (
  current: SearchView,
  key: string,
  pending: PagefindResult[],
  batch: PagefindResult[],
  more: CardProduct[],
): SearchView =>
  current.status === 'results' && current.key === key && current.pending === pending
    ? { ...current, products: [...current.products, ...more], pending: pending.slice(batch.length) }
    : current;

export const isSettled = (view: SearchView): view is SettledView => view.status !== 'idle' && view.status !== 'loading';

/** The answer on screen: the settled one, or while a search runs the earlier results (until the skeleton replaces them). */
export const shownAnswer = (view: SearchView): SettledView | null =>
  view.status === 'loading' ? (view.showSkeleton ? null : view.previous) : view.status === 'idle' ? null : view;

/** Whether what is shown answers the search asked for now: not in the render between a chip, sort or text change and its search. */
export const answersNow = (view: SearchView, state: SearchState): boolean =>
  view.status === 'idle' || (view.status !== 'loading' && view.key === keyOf(requestFor(state)));

/** The words the results are for when the query was corrected ("milk" for "mlik"), else null. */
export const correctedQuery = (view: SettledView): string | null =>
  view.status === 'results' && view.correction ? correctedText(view.query, view.correction.changes) : null;

export function announcementFor(view: SettledView): string {
  if (view.status === 'empty') return 'No products found';
  if (view.status === 'error') return 'Search is unavailable';
  const correction = correctedQuery(view);
  // Every match out of stock: how many there are, hidden or not.
  const found = view.allOutOfStock ? view.outOfStock : view.total;
  const outOfStockNote = view.allOutOfStock ? `. ${ALL_OUT_OF_STOCK}` : '';
  return `${correction ? `Showing results for ${correction}. ` : ''}${found} ${found === 1 ? 'product' : 'products'} found${outOfStockNote}`;
}
