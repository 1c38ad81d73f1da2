/**
 * What the search page shows, as data (idle, searching over the last answer or the skeleton, results, nothing found, error), and the
 * steps between them that the island's hooks (src/islands/search/) take. No React.
 */
import { FIRST_BATCH, keyOf, requestFor, type AnswerWithCards } from './arrival.ts';
import { correctedText } from './correction.ts';
import type { PagefindResult, SearchAnswer } from './pagefind-client.ts';
import type { SearchState } from './query.ts';
import type { CardProduct } from '../fields.ts';

/** What the page shows: nothing yet, a search under way, or a settled answer. */
export type SearchView =
  | { status: 'idle' }
  | { status: 'loading'; key: string; query: string; inputAt: number; showSkeleton: boolean; previous: SettledView | null }
  | SettledView;

/** A search's answer, each for the request `key` (src/lib/search/arrival.ts) and the words in the box, `query`. */
export type SettledView =
  | {
      status: 'results';
      key: string;
      query: string;
      inputAt: number;
      total: number;
      products: CardProduct[];
      pending: PagefindResult[];
      correction?: SearchAnswer['correction'];
      /** How many matches are out of stock (listed last, or hidden by "In stock only"). */
      outOfStock: number;
      /** Every match is out of stock: the page says so and offers `suggestions`. */
      allOutOfStock: boolean;
      /** Products in stock from the same categories, when every match is out of stock. */
      suggestions: CardProduct[];
    }
  | { status: 'empty'; key: string; query: string; inputAt: number }
  | { status: 'error'; key: string; query: string; inputAt: number; offline: boolean };

/** What the page says when every match is out of stock (and the screen reader hears after the count). */
export const ALL_OUT_OF_STOCK = 'All results are out of stock';

/**
 * How long a query waits for the next keystroke before it runs, by length. One letter matches thousands of
 * products and costs the most, so a fast typist never pays for "m" on the way to "milk"; three letters and more
 * run at once.
 */
export const debounceFor = (text: string): number => {
  const letters = text.replace(/\s/g, '').length;
  return letters === 0 ? 0 : letters === 1 ? 250 : letters === 2 ? 80 : 0;
};

/** The view as a new search starts, from the `current` one. */
export const loadingView = (current: SearchView, key: string, query: string, inputAt: number): SearchView => ({
  status: 'loading',
  key,
  query,
  inputAt,
  // Straight to the skeleton from an empty page; over earlier results only when the answer is slow.
  showSkeleton: current.status === 'loading' ? current.showSkeleton : current.status !== 'results',
  previous: current.status === 'results' ? current : current.status === 'loading' ? current.previous : null,
});

/** The view once the search for `key` has taken too long to keep the earlier results on screen. */
export const withSkeleton = (current: SearchView, key: string): SearchView =>
  current.status === 'loading' && current.key === key ? { ...current, showSkeleton: true } : current;

/** The view a search's answer settles on: its results, or empty when nothing matched (none even out of stock). */
export function answeredView(key: string, query: string, inputAt: number, { answer, first, suggestions }: AnswerWithCards): SettledView {
  // Every match out of stock (and perhaps hidden by "In stock only"): said so, with products in stock instead.
  const allOutOfStock = answer.suggestions !== undefined;
  if (first.length === 0 && !allOutOfStock) return { status: 'empty', key, query, inputAt };
  // The rest (up to 50) load when the shopper scrolls towards them: typing never pays for unseen cards.
  return {
    status: 'results',
    key,
    query,
    inputAt,
    total: answer.total,
    products: first,
    pending: answer.results.slice(FIRST_BATCH),
    correction: answer.correction,
    outOfStock: answer.outOfStock ?? 0,
    allOutOfStock,
    suggestions,
  };
}

/** The view once `more` cards (those of `batch`, the next of `pending`) have loaded for the answer to `key`. */
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

/** Whether the view is a search's answer (results, empty or error), not idle nor still loading. */
export const isSettled = (view: SearchView): view is SettledView => view.status !== 'idle' && view.status !== 'loading';

/** The answer on screen: the settled one, or while a search runs the earlier results (until the skeleton replaces them). */
export const shownAnswer = (view: SearchView): SettledView | null =>
  view.status === 'loading' ? (view.showSkeleton ? null : view.previous) : view.status === 'idle' ? null : view;

/**
 * Whether what is shown answers the search asked for now. A chip, sort or text change renders once with the new
 * ask before its search starts: in that render the last answer is still shown, not yet current.
 */
export const answersNow = (view: SearchView, state: SearchState): boolean =>
  view.status === 'idle' || (view.status !== 'loading' && view.key === keyOf(requestFor(state)));

/** The words the results are for when the query was corrected ("milk" for "mlik"), else null. */
export const correctedQuery = (view: SettledView): string | null =>
  view.status === 'results' && view.correction ? correctedText(view.query, view.correction.changes) : null;

/** What a screen reader hears once a search has settled. */
export function announcementFor(view: SettledView): string {
  if (view.status === 'empty') return 'No products found';
  if (view.status === 'error') return 'Search is unavailable';
  const correction = correctedQuery(view);
  // Every match out of stock: how many there are, hidden or not, then the same words as on the page.
  const found = view.allOutOfStock ? view.outOfStock : view.total;
  const outOfStockNote = view.allOutOfStock ? `. ${ALL_OUT_OF_STOCK}` : '';
  return `${correction ? `Showing results for ${correction}. ` : ''}${found} ${found === 1 ? 'product' : 'products'} found${outOfStockNote}`;
}
