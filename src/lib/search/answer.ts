/** A search request from the page's state, its key, and its answer with the first cards loaded: the island's, the build's and the tests'. No DOM. */
import { loadCards, searchProducts, type PagefindApi, type SearchAnswer, type SearchHelp, type SearchRequest } from './pagefind-client.ts';
import { RESULT_LIMIT, type SearchState } from './query.ts';
import { expandQuery } from './synonyms.ts';
import type { CardProduct } from '../fields.ts';

/** Cards loaded before the first render of results: a phone's first screen (two columns) and a bit more. */
export const FIRST_BATCH = 8;

export const requestFor = (state: SearchState): SearchRequest => ({
  text: expandQuery(state.q),
  category: state.cat === 'all' ? null : state.cat,
  sort: state.sort,
  exact: state.exact,
  inStock: state.inStock,
});

/** Two requests with the same key have the same answer. */
export const keyOf = (request: SearchRequest): string =>
  JSON.stringify([request.text, request.category, request.sort, request.exact, request.inStock]);

/** A search's answer with the cards rendered first; `rest`, when set, gives the answer of the whole index (`searchWithCards`). */
export interface AnswerWithCards {
  answer: SearchAnswer;
  first: CardProduct[];
  suggestions: CardProduct[];
  /** How many of the results `first` stands for (default FIRST_BATCH): the rest load as the shopper scrolls. */
  shown?: number;
  rest?: () => Promise<AnswerWithCards>;
}

/** Runs a search (up to RESULT_LIMIT results) and loads the cards rendered first: the first `cards` results' and the suggestions'. */
export async function answerWithCards(
  api: PagefindApi,
  request: SearchRequest,
  help: SearchHelp,
  cards = FIRST_BATCH,
): Promise<AnswerWithCards> {
  const answer = await searchProducts(api, request, RESULT_LIMIT, help);
  const [first, suggestions] = await Promise.all([
    loadCards(answer.results.slice(0, cards)),
    answer.suggestions ? loadCards(answer.suggestions) : [],
  ]);
  return { answer, first, suggestions, ...(cards === FIRST_BATCH ? {} : { shown: cards }) };
}
