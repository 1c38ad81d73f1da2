/**
 * The first search of a page opened with a query, started from the page's head before React and handed to the island as it mounts
 * (README.md, "Speed"). No React.
 */
import {
  loadedWholePagefind,
  loadPagefind,
  loadWholePagefind,
  loadCards,
  otherBundles,
  type PagefindApi,
  type SearchHelp,
  type SearchRequest,
} from './pagefind-client.ts';
import { answerWithCards, FIRST_BATCH, keyOf, requestFor, type AnswerWithCards } from './answer.ts';
import { loadedVocabulary, loadVocabulary } from './correction.ts';
import { parseSearchState, RESULT_LIMIT } from './query.ts';
import type { CardProduct } from '../fields.ts';
import type { FirstPage } from './first-page.ts';
import { firstPageExpected } from './first-page-start.ts';
import { imageAttributes } from '../images.ts';
import { imageCdn } from '../image-cdn.ts';

/** The first cards' data loads with a few spare: results out of stock move to the end. */
const searchHelp: SearchHelp = { vocabulary: loadVocabulary, loadedVocabulary, firstCards: FIRST_BATCH + 4 };

/**
 * The search, over the whole index. Where the index is in several bundles (README.md, "Several bundles") and only the first has
 * loaded, that bundle's answer by relevance comes first when it stands alone (`standsAlone`), with `rest` for the whole index's;
 * else the whole index is loaded and searched. `wrap` lets the island stop a search a newer one overtook.
 */
export async function searchWithCards(
  request: SearchRequest,
  wrap: (api: PagefindApi) => PagefindApi = (api) => api,
): Promise<AnswerWithCards> {
  const loaded = loadedWholePagefind();
  if (loaded) return answerWithCards(wrap(loaded), request, searchHelp);
  const first = await loadPagefind();
  if ((await otherBundles()).length === 0) return answerWithCards(wrap(first), request, searchHelp);
  const fromWhole = async () => answerWithCards(wrap(await loadWholePagefind()), request, searchHelp);
  if (request.sort !== 'relevance') return fromWhole();
  const partial = await answerWithCards(wrap(first), request, searchHelp);
  if (!standsAlone(partial, request)) return fromWhole();
  return { ...partial, rest: async () => keepShown(partial, await fromWhole()) };
}

/**
 * Whether the first bundle's answer holds for the whole index: something found, not every match out of stock, and every word searched
 * as typed, or corrected only where the vocabulary (of every bundle) has no such word ("mlik"). A word only another bundle has
 * would otherwise be corrected or dropped.
 */
function standsAlone({ answer, first }: AnswerWithCards, request: SearchRequest): boolean {
  if (answer.total === 0 || first.length === 0 || answer.suggestions) return false;
  if (!answer.correction) return answer.effectiveText === request.text;
  const vocabulary = loadedVocabulary();
  return vocabulary !== null && answer.correction.changes.every(([from]) => !vocabulary.has(from));
}

/**
 * The whole index's answer with the cards already shown from the first bundle's kept on top, in their places, so nothing moves under
 * the shopper's finger; only cards in stock are kept (those out of stock still go after every card in stock).
 */
export async function keepShown(partial: AnswerWithCards, whole: AnswerWithCards): Promise<AnswerWithCards> {
  const inStock = partial.first.findIndex((card) => !card.is_available);
  const kept = partial.answer.results.slice(0, inStock === -1 ? partial.first.length : inStock);
  const ids = new Set(kept.map((result) => result.id));
  const results = [...kept, ...whole.answer.results.filter((result) => !ids.has(result.id))].slice(0, RESULT_LIMIT);
  const shown = Math.max(kept.length, FIRST_BATCH);
  const first = [...partial.first.slice(0, kept.length), ...(await loadCards(results.slice(kept.length, shown)))];
  return { ...whole, answer: { ...whole.answer, results }, first, shown };
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
  // A first page answers the query (first-page-start.ts): Pagefind waits for the shopper, or starts here once no file does.
  if (arrival || firstPageExpected()) return;
  const cat = new URLSearchParams(location.search).get('cat');
  const state = parseSearchState(location.search, cat ? [{ id: cat, label: cat }] : []);
  const request = requestFor(state);
  if (!request.text && !request.category) return;
  // A misspelt query is corrected before it is searched once this is in.
  loadVocabulary().catch(() => {});
  const answer = searchWithCards(request);
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

/**
 * The whole index's answer to the search a first page answered (first-page-fill.ts), its cards loaded as far as the page's: the same
 * cards in the same places (the build's test holds them equal), then the rest. A page of another release's index is replaced.
 */
export async function afterFirstPage(page: FirstPage, request: SearchRequest): Promise<AnswerWithCards> {
  const whole = await answerWithCards(await loadWholePagefind(), request, searchHelp, page.cards.length);
  const same = whole.first.length === page.cards.length && whole.first.every((card, i) => card.id === page.cards[i]?.id);
  return same ? { ...whole, first: page.cards } : whole;
}
