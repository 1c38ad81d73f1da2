/**
 * The first search of a page opened with a query, started from the page's head before React and handed to the island as it mounts
 * (README.md, "Speed"); and what both share (request, key, first cards). No React.
 */
import { loadCards, loadPagefind, searchProducts, type PagefindApi, type SearchHelp, type SearchRequest } from './pagefind-client.ts';
import { loadedVocabulary, loadVocabulary } from './correction.ts';
import { parseSearchState, RESULT_LIMIT, type SearchState } from './query.ts';
import { expandQuery } from './synonyms.ts';
import type { CardProduct } from '../fields.ts';
import { imageAttributes } from '../images.ts';
import { imageCdn } from '../image-cdn.ts';

/** Cards loaded before the first render of results: a phone's first screen (two columns) and a bit more. */
export const FIRST_BATCH = 8;

/** The first cards' data loads with a few spare: results out of stock move to the end. */
const searchHelp: SearchHelp = { vocabulary: loadVocabulary, loadedVocabulary, firstCards: FIRST_BATCH + 4 };

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

export type AnswerWithCards = Awaited<ReturnType<typeof searchWithCards>>;

/** Runs a search (up to RESULT_LIMIT results) and loads the cards rendered first: the first FIRST_BATCH results' and the suggestions'. */
export async function searchWithCards(api: PagefindApi, request: SearchRequest) {
  const answer = await searchProducts(api, request, RESULT_LIMIT, searchHelp);
  const [first, suggestions] = await Promise.all([
    loadCards(answer.results.slice(0, FIRST_BATCH)),
    answer.suggestions ? loadCards(answer.suggestions) : [],
  ]);
  return { answer, first, suggestions };
}

/** The first cards' images preloaded before the island renders them (a phone's first row). */
const IMAGES_FIRST = 2;

/** The island renders the same `srcset` and `sizes` (CatalogueImage), so the browser uses these downloads. */
function preloadImages(cards: readonly CardProduct[]): void {
  for (const [i, card] of cards.slice(0, IMAGES_FIRST).entries()) {
    const { src, srcSet, sizes } = imageAttributes(card.image_url, 'card', imageCdn);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = src;
    if (srcSet) link.setAttribute('imagesrcset', srcSet);
    if (sizes) link.setAttribute('imagesizes', sizes);
    if (i === 0) link.fetchPriority = 'high';
    document.head.append(link);
  }
}

let arrival: { key: string; answer: Promise<AnswerWithCards> } | undefined;

/**
 * Starts the search the URL asks for, once per page. Its category is taken as given: a chip this catalogue lacks gives a key the
 * island's request never has, so the island then searches itself.
 */
export function startArrivalSearch(): void {
  if (arrival) return;
  const cat = new URLSearchParams(location.search).get('cat');
  const state = parseSearchState(location.search, cat ? [{ id: cat, label: cat }] : []);
  const request = requestFor(state);
  if (!request.text && !request.category) return;
  // A misspelt query is corrected before it is searched once this is in.
  loadVocabulary().catch(() => {});
  const answer = loadPagefind().then((api) => searchWithCards(api, request));
  answer.then(
    ({ first, suggestions }) => preloadImages(first.length ? first : suggestions),
    () => {},
  );
  arrival = { key: keyOf(request), answer };
}

/** The first search's answer if it was started for `key`, once; else undefined, and the island searches itself. */
export function takeArrivalSearch(key: string): Promise<AnswerWithCards> | undefined {
  if (arrival?.key !== key) return undefined;
  const { answer } = arrival;
  arrival = { key: '', answer };
  return answer;
}
