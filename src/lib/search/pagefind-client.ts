/**
 * Pagefind in the browser, search page only: `/pagefind/pagefind.js` imported at run time (installed after the Astro build, so not
 * bundled), loaded once. Results are still input: every field is checked.
 */
import { readCardProduct, type CardProduct } from '../fields.ts';
import {
  CARD_FILTERS,
  CATEGORY_FILTER,
  OUT_OF_STOCK,
  STOCK_FILTER,
  SUBCATEGORY_FILTER,
  UNCLEAR_UNIT_PRICE,
  parseUnitPriceKey,
} from './record.ts';
import { extendedTerms, looselyMatchedTerms, unknownTerms, unmatchedTerms, withoutTerms } from './matching.ts';
import { correctQueries, PACK_UNITS, type Vocabulary } from './correction.ts';
import { expandQuery } from './synonyms.ts';
import { normalizeWords } from './normalize.ts';
import { onceUntilFailure } from '../once.ts';
import { BUNDLES_FILE, SEARCH_INDEX_DIR, readBundlesFile } from './bundles.ts';
import type { SortId } from './query.ts';

/** The parts of Pagefind's browser API this site uses. */
export interface PagefindResultData {
  url: string;
  content?: string;
  meta?: Record<string, string | undefined>;
  filters?: Record<string, string[] | undefined>;
}
export interface PagefindResult {
  id: string;
  score?: number;
  data: () => Promise<PagefindResultData>;
}
export type PagefindFilterValue = string | string[] | { any?: string[]; all?: string[]; none?: string[]; not?: string };
export interface PagefindSearchOptions {
  filters?: Record<string, PagefindFilterValue>;
}
export interface PagefindSearchResponse {
  results: PagefindResult[];
  /** Remaining results per value of each filter that the search used. */
  filters?: Record<string, Record<string, number>>;
}
export interface PagefindApi {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  preload: (term: string, options?: PagefindSearchOptions) => Promise<void>;
  search: (term: string | null, options?: PagefindSearchOptions) => Promise<PagefindSearchResponse | null>;
}

const PAGEFIND_DIR = `/${SEARCH_INDEX_DIR}/`;

export const PAGEFIND_URL = `${PAGEFIND_DIR}pagefind.js`;

/** English only (SEARCH_INDEX_CONFIG); preloaded by a page opened with a query. */
export const PAGEFIND_WASM_URL = `${PAGEFIND_DIR}wasm.en.pagefind`;

/** The file naming the index's metadata file, which Pagefind fetches first (`?ts=<tag>`, a new tag each time). */
export const PAGEFIND_ENTRY_URL = `${PAGEFIND_DIR}pagefind-entry.json`;

/** Set by search.astro once it has preloaded `PAGEFIND_ENTRY_URL?ts=<tag>`, so the first instance fetches that very URL. */
const ENTRY_TAG_ATTRIBUTE = 'data-pagefind-entry-tag';

/** The preloaded entry's tag, once: later instances (a retry) fetch the entry afresh. */
function takeEntryTag(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const root = document.documentElement;
  const tag = root.getAttribute(ENTRY_TAG_ATTRIBUTE);
  root.removeAttribute(ENTRY_TAG_ATTRIBUTE);
  return tag || undefined;
}

export interface PagefindModule {
  createInstance: (options: Record<string, unknown>) => PagefindApi & {
    destroy: () => Promise<void>;
    mergeIndex: (path: string, options?: Record<string, unknown>) => Promise<void>;
  };
}

let moduleFailures = 0;
let loaded: PagefindApi | null = null;
let whole: PagefindApi | null = null;

const importPagefind = onceUntilFailure(() =>
  (
    import(/* @vite-ignore */ moduleFailures === 0 ? PAGEFIND_URL : `${PAGEFIND_URL}?retry=${moduleFailures}`) as Promise<PagefindModule>
  ).catch((error: unknown) => {
    moduleFailures += 1;
    throw error;
  }),
);

/** The search instance if it has loaded, else null: never waits. */
export const loadedPagefind = (): PagefindApi | null => loaded;

/**
 * Imports Pagefind and starts one search instance, of bundle 0 (bundles.ts). A failure (offline, no index in `astro dev`) is retried
 * on the next call, with a fresh module URL when the script itself failed (a failed module stays failed for the document).
 */
export const loadPagefind = onceUntilFailure(async (): Promise<PagefindApi> => {
  void otherBundles();
  const pagefind = await importPagefind();
  const tag = takeEntryTag();
  try {
    return (loaded = await startInstance(pagefind, tag ? { metaCacheTag: tag } : {}));
  } catch {
    // A failed WebAssembly preload (offline at arrival) is handed to the first instance: one more fetches it afresh.
    return (loaded = await startInstance(pagefind));
  }
});

const loadBundlesFile = onceUntilFailure(async (): Promise<string[]> => {
  const response = await fetch(`${PAGEFIND_DIR}${BUNDLES_FILE}`);
  if (!response.ok) throw new Error(`${BUNDLES_FILE}: HTTP ${String(response.status)}`);
  return readBundlesFile(await response.json()).map((dir) => `${PAGEFIND_DIR}${dir}`);
});

/** The index's other bundles (none for a catalogue of up to 20,000 products), fetched beside Pagefind; none when unreadable. */
export const otherBundles = (): Promise<string[]> => loadBundlesFile().catch(() => []);

/** The instance of every bundle if it has loaded, else null: never waits. */
export const loadedWholePagefind = (): PagefindApi | null => whole;

/** Every bundle in one instance (Pagefind's `mergeIndex`), loaded only when asked; the first instance when there is one bundle. */
export const loadWholePagefind = onceUntilFailure(async (): Promise<PagefindApi> => {
  const [first, others] = await Promise.all([loadPagefind(), otherBundles()]);
  return (whole = others.length === 0 ? first : await startInstance(await importPagefind(), {}, others));
});

const RANKING = { termSimilarity: 4 };

/**
 * A search instance once its WebAssembly and metadata are loaded, with the bundles at `merge` merged in. Exported for the quality
 * tests (Node, over a built index).
 */
export async function startInstance(
  pagefind: PagefindModule,
  extra: Record<string, unknown> = {},
  merge: string[] = [],
): Promise<PagefindApi> {
  // Main thread: saves pagefind-worker.js; a worker was measured (README.md, "Measured lead, not taken").
  const instance = pagefind.createInstance({ noWorker: true, ...extra });
  try {
    // termSimilarity above the default 1: "milk" ranks Milk above Milky Mist (prefix extensions rank lower).
    await instance.options({ ranking: RANKING });
    await Promise.all([instance.preload(''), ...merge.map((path) => instance.mergeIndex(path, { ranking: RANKING }))]);
    return instance;
  } catch (error) {
    void instance.destroy().catch(() => {});
    throw error;
  }
}

export interface SearchRequest {
  /** The prepared query (`expandQuery`); "" lists the category (or nothing when no category is chosen). */
  text: string;
  /** Top-level category id, or null for all. */
  category: string | null;
  sort: SortId;
  /** Never corrected (the "Search instead for ..." link). */
  exact?: boolean;
  /** Leave out products out of stock ("In stock only"); else they come last. */
  inStock?: boolean;
}

export interface SearchHelp {
  /** The typo-correction vocabulary, loaded only when a word matched nothing. */
  vocabulary?: () => Promise<Vocabulary>;
  /** The vocabulary if already loaded, else null; never waits. */
  loadedVocabulary?: () => Vocabulary | null;
  /** How many of the first results' data to fetch as soon as they are known. */
  firstCards?: number;
}

/** How many products matched and the matches, best first, as unloaded results. */
export interface SearchAnswer {
  total: number;
  results: PagefindResult[];
  /** The query actually run, after dropping words that matched nothing fairly (matching.ts). */
  effectiveText: string;
  /** For a corrected query ("mlik" searched as "milk"): each changed word (normalized) and what it became. */
  correction?: { changes: [from: string, to: string][] };
  /** How many matches are out of stock: listed last, or left out (`inStock`). */
  outOfStock?: number;
  /** Only when every match is out of stock: products in stock from their categories, best first. */
  suggestions?: PagefindResult[];
}

/** Most suggestions shown when every result is out of stock. */
const SUGGESTIONS = 8;

/** How many of the out-of-stock results' categories the suggestions come from. */
const SUGGESTION_SOURCES = 3;

function optionsFor(request: SearchRequest): PagefindSearchOptions {
  return request.category ? { filters: { [CATEGORY_FILTER]: request.category } } : {};
}

const withFilter = (options: PagefindSearchOptions, key: string, value: PagefindFilterValue): PagefindSearchOptions => ({
  filters: { ...options.filters, [key]: value },
});

/** A card filter's value and how many of a search's results carry it. */
interface ValueCount {
  value: string;
  count: number;
}

/**
 * The first `limit` results in the order `order` gives a card filter's values (ties by relevance): one search counts the results per
 * value, then one per value until `limit` are in hand. Why not Pagefind's sort: README.md, "Why no Pagefind sort".
 */
async function byFilterOrder(
  api: PagefindApi,
  term: string | null,
  options: PagefindSearchOptions,
  key: string,
  order: (values: ValueCount[]) => ValueCount[],
  limit: number,
): Promise<PagefindResult[]> {
  // A value no product has: keeps every result and makes Pagefind count the results per value.
  const counted = await api.search(term, withFilter(options, key, { none: ['-'] }));
  const counts = order(
    Object.entries(counted?.filters?.[key] ?? {})
      .map(([value, count]) => ({ value, count }))
      .filter((v) => v.count > 0),
  );
  const needed: ValueCount[] = [];
  let gathered = 0;
  for (const value of counts) {
    if (gathered >= limit) break;
    needed.push(value);
    gathered += value.count;
  }
  const groups = await Promise.all(needed.map((v) => api.search(term, withFilter(options, key, v.value))));
  return groups.flatMap((g) => g?.results ?? []).slice(0, limit);
}

const byPrice =
  (direction: 'asc' | 'desc') =>
  (values: ValueCount[]): ValueCount[] =>
    values
      .map((v) => ({ ...v, price: Number(v.value) }))
      .filter((v) => Number.isFinite(v.price))
      .sort((a, b) => (direction === 'asc' ? a.price - b.price : b.price - a.price));

/** Unit-price order: one run per unit (most results' unit first, ties kg, L, pc), cheapest first within it; unclear last. */
export function byUnitPrice(values: readonly ValueCount[]): ValueCount[] {
  const clear = values.flatMap((v) => {
    const key = parseUnitPriceKey(v.value);
    return key ? [{ ...v, ...key }] : [];
  });
  const perUnit = new Map<string, number>();
  for (const v of clear) perUnit.set(v.per, (perUnit.get(v.per) ?? 0) + v.count);
  const units = ['kg', 'L', 'pc'];
  const rank = (per: string) => -(perUnit.get(per) ?? 0) * 10 + units.indexOf(per);
  clear.sort((a, b) => rank(a.per) - rank(b.per) || a.paise - b.paise);
  const unclear = values.filter((v) => v.value === UNCLEAR_UNIT_PRICE);
  return [...clear.map(({ value, count }) => ({ value, count })), ...unclear];
}

/** Starts fetching the index chunks a query will need (harmless to call on every keystroke). */
export function preload(api: PagefindApi, request: SearchRequest): void {
  if (request.text) void api.preload(request.text, optionsFor(request)).catch(() => {});
}

/** How many of the first results are read to decide whether a query word matched fairly. */
const RESULTS_CHECKED = 5;

/** Longest query whose words are checked one by one when it finds nothing as a whole. */
const MAX_WORDS_CHECKED = 8;

const EMPTY: SearchAnswer = { total: 0, results: [], effectiveText: '' };

/**
 * Up to `limit` results, by relevance or price, in stock before out of stock (which `inStock` leaves out), with unfair words
 * corrected or dropped (`relevant`) and, when every match is out of stock, suggestions in stock.
 */
export async function searchProducts(
  api: PagefindApi,
  request: SearchRequest,
  limit = Number.POSITIVE_INFINITY,
  help: SearchHelp = {},
): Promise<SearchAnswer> {
  const options = optionsFor(request);
  // The stock filter's search starts beside the search by relevance, for the query as given; a query changed on the way is
  // searched again below. A word known to be a typo never goes to Pagefind (`relevant` corrects it first).
  const asGiven = request.text || null;
  const outAsGiven = unknownWords(request, help).length === 0 ? outOfStockIds(api, asGiven, options) : null;
  outAsGiven?.catch(() => {});
  const answer = await relevant(api, request, help);
  if (answer.total === 0) return { ...answer, results: [], outOfStock: 0 };
  const term = request.text ? answer.effectiveText : null;
  // The first cards' data loads beside the stock search (Pagefind keeps each result's data once loaded).
  if (request.sort === 'relevance') for (const r of answer.results.slice(0, help.firstCards ?? 0)) void r.data().catch(() => {});
  const out = await (term === asGiven && outAsGiven ? outAsGiven : outOfStockIds(api, term, options));
  const outCount = answer.results.filter((r) => out.has(r.id)).length;
  const available = answer.total - outCount;
  let ordered = answer.results;
  if (request.sort !== 'relevance') {
    const [key, order] =
      request.sort === 'unit-price'
        ? [CARD_FILTERS.unitPrice, byUnitPrice]
        : [CARD_FILTERS.pricePaise, byPrice(request.sort === 'price-asc' ? 'asc' : 'desc')];
    // Enough in price order that `limit` of them are in stock, where there are that many.
    const wanted = Number.isFinite(limit) ? limit + outCount : answer.total;
    ordered = await byFilterOrder(api, term, options, key, order, wanted);
  }
  const inStock = ordered.filter((r) => !out.has(r.id));
  const listed = request.inStock ? inStock : [...inStock, ...ordered.filter((r) => out.has(r.id))];
  const result: SearchAnswer = {
    total: request.inStock ? available : answer.total,
    results: listed.slice(0, limit),
    effectiveText: answer.effectiveText,
    outOfStock: outCount,
  };
  if (answer.correction) result.correction = answer.correction;
  if (available === 0 && outCount > 0) {
    result.suggestions = await inStockSuggestions(
      api,
      answer.results.filter((r) => out.has(r.id)),
      options,
    );
  }
  return result;
}

/** The ids of a search's results that are out of stock. */
async function outOfStockIds(api: PagefindApi, term: string | null, options: PagefindSearchOptions): Promise<Set<string>> {
  const found = await api.search(term, withFilter(options, STOCK_FILTER, OUT_OF_STOCK));
  return new Set((found?.results ?? []).map((r) => r.id));
}

/** Products in stock from the own categories of the first out-of-stock results; the subcategory filter's file loads only here. */
async function inStockSuggestions(
  api: PagefindApi,
  outOfStock: readonly PagefindResult[],
  options: PagefindSearchOptions,
): Promise<PagefindResult[]> {
  const data = await Promise.all(outOfStock.slice(0, SUGGESTION_SOURCES).map((r) => r.data().catch(() => null)));
  const subcategories = [...new Set(data.flatMap((d) => d?.filters?.[SUBCATEGORY_FILTER] ?? []))];
  if (subcategories.length === 0) return [];
  const inSubcategories = withFilter(options, SUBCATEGORY_FILTER, { any: subcategories });
  const [all, out] = await Promise.all([api.search(null, inSubcategories), outOfStockIds(api, null, inSubcategories)]);
  return (all?.results ?? []).filter((r) => !out.has(r.id)).slice(0, SUGGESTIONS);
}

/**
 * The search with `unmatched` corrected (correction.ts), or null when nothing corrects, there is no vocabulary, or no correction
 * finds something keeping every word the catalogue knows. Rules: README.md, "Typo correction".
 */
async function corrected(
  api: PagefindApi,
  request: SearchRequest,
  text: string,
  unmatched: readonly string[],
  help: SearchHelp,
): Promise<SearchAnswer | null> {
  if (request.exact || !help.vocabulary || unmatched.length === 0) return null;
  const vocabulary = await help.vocabulary().catch(() => null);
  if (!vocabulary) return null;
  for (const fix of correctQueries(text, unmatched, vocabulary)) {
    const run = expandQuery(fix.text);
    const answer = await relevant(api, { ...request, text: run, exact: true }, help);
    if (answer.total === 0) continue;
    const kept = answer.effectiveText.split(' ');
    const keeps = (word: string) => kept.some((k) => k === word || k.includes(word));
    // Never across goods: every word the catalogue knows must still be searched.
    if (!run.split(' ').every((word) => !vocabulary.has(word) || keeps(word))) continue;
    // All words kept: every change counts (even one a phrase rewrite absorbed, "wheat flor" -> atta).
    const changes =
      answer.effectiveText === run ? fix.changes : fix.changes.filter(([, to]) => to.split(' ').every((word) => kept.includes(word)));
    if (changes.length === 0) continue;
    const splits = changes.filter(([, to]) => to.includes(' '));
    const texts = splits.length
      ? await Promise.all(answer.results.slice(0, RESULTS_CHECKED).map((r) => r.data().then(indexTextOf, () => '')))
      : [];
    const sideBySide = (to: string) => texts.some((t) => ` ${normalizeWords(t)} `.includes(` ${to} `));
    const shown = changes.filter(([, to]) => !(to.includes(' ') && sideBySide(to)));
    return shown.length ? { ...answer, correction: { changes: shown } } : answer;
  }
  return null;
}

/** The query's words that no indexed word can match, by the vocabulary if already loaded (else none). */
function unknownWords(request: SearchRequest, help: SearchHelp): string[] {
  const vocabulary = request.exact || !request.text ? null : (help.loadedVocabulary?.() ?? null);
  return vocabulary ? unknownTerms(request.text, vocabulary, PACK_UNITS) : [];
}

/** The search by relevance, with the query's unfair words corrected or dropped. */
async function relevant(api: PagefindApi, request: SearchRequest, help: SearchHelp): Promise<SearchAnswer> {
  const options = optionsFor(request);
  if (!request.text) {
    if (!request.category) return EMPTY;
    const all = await api.search(null, options);
    return { total: all?.results.length ?? 0, results: all?.results ?? [], effectiveText: '' };
  }
  let text = request.text;
  // Corrected before searching the typo, which Pagefind answers through a short prefix ("ml" finds every 500 ml pack).
  const unknown = unknownWords(request, help);
  if (unknown.length > 0) {
    const fixed = await corrected(api, request, text, unknown, help);
    if (fixed) return fixed;
  }
  for (let attempt = 0; attempt < 3 && text; attempt += 1) {
    const found = await api.search(text, options);
    const results = found?.results ?? [];
    const top = results[0];
    let drop: string[];
    if (top) {
      const indexText = indexTextOf(await top.data());
      // Stemming can rank a near word first ("lady": Ladi Pav above Lady Finger): a word one of the next results has as
      // it stands (not merely a shared stem: "mustrd" is not "mustard") is real.
      let next: Promise<string[]> | undefined;
      const notInNext = async (terms: string[]): Promise<string[]> => {
        if (terms.length === 0 || results.length < 2) return terms;
        const others = await (next ??= Promise.all(results.slice(1, RESULTS_CHECKED).map((r) => r.data().then(indexTextOf, () => ''))));
        return terms.filter((term) => others.every((other) => extendedTerms(term, other).length === 0));
      };
      drop = await notInNext(unmatchedTerms(text, indexText));
      if (drop.length === 0) {
        // Found, but a word only through a much shorter one ("haldiraam" -> "haldi"): a typo, if one corrects it.
        const loose = await notInNext(attempt === 0 && help.vocabulary && !request.exact ? looselyMatchedTerms(text, indexText) : []);
        return (
          (loose.length > 0 && (await corrected(api, request, text, loose, help))) || {
            total: results.length,
            results,
            effectiveText: text,
          }
        );
      }
    } else {
      // No product has every word: find the words that match nothing fairly on their own ("gurgaon milk").
      const words = [...new Set(text.split(' '))];
      if (words.length > MAX_WORDS_CHECKED) return { ...EMPTY, effectiveText: text };
      // One word that finds nothing: a typo, perhaps ("mlik").
      if (words.length < 2)
        return (attempt === 0 && (await corrected(api, request, text, words, help))) || { ...EMPTY, effectiveText: text };
      drop = [];
      for (const word of words) {
        const alone = (await api.search(word, options))?.results[0];
        if (!alone || unmatchedTerms(word, indexTextOf(await alone.data())).length > 0) drop.push(word);
      }
      if (drop.length === 0) {
        // Every word is known, just not together: maybe the catalogue writes two of them as one ("tooth paste").
        for (let i = 0; i + 1 < words.length; i += 1) {
          const joined = [...words.slice(0, i), `${words[i]}${words[i + 1]}`, ...words.slice(i + 2)].join(' ');
          const found = await api.search(joined, options);
          const first = found?.results[0];
          if (first && unmatchedTerms(joined, indexTextOf(await first.data())).length === 0) {
            return { total: found.results.length, results: found.results, effectiveText: joined };
          }
        }
        return { ...EMPTY, effectiveText: text };
      }
    }
    // A typo, perhaps: corrected before dropped.
    if (attempt === 0) {
      const fixed = await corrected(api, request, text, drop, help);
      if (fixed) return fixed;
    }
    const kept = withoutTerms(text, drop);
    // Forgiving, not reckless: an unknown word beside known ones is ignored ("amul milk xyz"), but a query that
    // is mostly unknown words, or known only by a stray number ("<script>alert(1)</script>"), finds nothing.
    if (!mostlyMatched(kept, drop)) return { ...EMPTY, effectiveText: kept };
    text = kept;
  }
  return { ...EMPTY, effectiveText: text };
}

/** True when the words kept outnumber those dropped and are not just numbers standing in for dropped words. */
export function mostlyMatched(kept: string, dropped: readonly string[]): boolean {
  const words = kept.split(' ').filter(Boolean);
  if (words.length === 0 || words.length < dropped.length) return false;
  const numeric = (w: string) => /^\d/.test(w);
  return !(words.every(numeric) && dropped.some((w) => !numeric(w)));
}

/** A result's indexed content and searchable meta. */
const indexTextOf = (data: PagefindResultData): string =>
  `${data.content ?? ''} ${data.meta?.['title'] ?? ''} ${data.meta?.['unit'] ?? ''}`;

const first = (values: string[] | undefined): string | undefined => (Array.isArray(values) ? values[0] : undefined);

/** A result's card, or null when the data is unusable (a malformed record is skipped, never shown broken). */
export function cardFromResult(data: PagefindResultData): CardProduct | null {
  const filters = data.filters ?? {};
  const name = data.meta?.['title'];
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- Pagefind's answer is input: a malformed record may lack its url
  const idFromUrl = /\/product\/([^/]+)\/?$/.exec(data.url ?? '')?.[1];
  let id = first(filters[CARD_FILTERS.id]) ?? '';
  if (!id && idFromUrl) {
    try {
      id = decodeURIComponent(idFromUrl);
    } catch {
      id = '';
    }
  }
  // Results are input: the same field rules as the cart and the build.
  return readCardProduct({
    id,
    name,
    price_paise: first(filters[CARD_FILTERS.pricePaise]),
    original_price_paise: first(filters[CARD_FILTERS.originalPricePaise]) ?? null,
    image_url: first(filters[CARD_FILTERS.image]) ?? null,
    quantity_unit: data.meta?.['unit'] ?? null,
    category_id: first(filters[CATEGORY_FILTER]) ?? null,
    // A record without the stock filter is in stock.
    is_available: !(filters[STOCK_FILTER] ?? []).includes(OUT_OF_STOCK),
  });
}

/** The results' cards in order, skipping unusable ones. */
export async function loadCards(results: readonly PagefindResult[]): Promise<CardProduct[]> {
  const data = await Promise.all(results.map((r) => r.data().catch(() => null)));
  return data.flatMap((d) => {
    const card = d ? cardFromResult(d) : null;
    return card ? [card] : [];
  });
}
