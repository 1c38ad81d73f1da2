import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { loadCards, loadPagefind, preload, type Correction, type PagefindApi, type PagefindResult } from '../lib/search/pagefind-client.ts';
import { FIRST_BATCH, keyOf, requestFor, searchWithCards, takeArrivalSearch } from '../lib/search/arrival.ts';
import { correctedText, loadVocabulary } from '../lib/search/correction.ts';
import SearchCorrection from '../components/SearchCorrection.tsx';
import {
  CATEGORY_CHIPS,
  DEFAULT_STATE,
  POPULAR_CATEGORIES,
  MAX_INPUT_LENGTH,
  RESULT_LIMIT,
  SORTS,
  parseSearchState,
  sameState,
  serializeSearchState,
  type CategoryChip,
  type PopularTile,
  type SearchState,
} from '../lib/search/query.ts';
import { searchAvailability } from '../lib/pwa/search.ts';
import ProductList from '../components/ProductList.tsx';
import type { CardProduct } from '../lib/fields.ts';
import '../browser/cart-control.ts';
import SearchFilters from '../components/SearchFilters.tsx';
import SearchIdle from '../components/SearchIdle.tsx';
import SearchSkeleton from '../components/SearchSkeleton.tsx';

/** Cards loaded each time the shopper scrolls near the end of the list (up to the 50 a search shows). */
const NEXT_BATCH = 12;
/** How long the previous results stay (dimmed) before a slow search swaps them for the skeleton. */
const SKELETON_DELAY_MS = 120;
/**
 * How long a query waits for the next keystroke before it runs, by length. One letter matches thousands of
 * products and costs the most, so a fast typist never pays for "m" on the way to "milk"; three letters and more
 * run at once.
 */
const debounceFor = (text: string): number => {
  const letters = text.replace(/\s/g, '').length;
  return letters === 0 ? 0 : letters === 1 ? 250 : letters === 2 ? 80 : 0;
};
/** What the page says when every match is out of stock (and the screen reader hears after the count). */
const ALL_OUT_OF_STOCK = 'All results are out of stock';
/** After this much idle time, the next keystroke starts a new history entry (so Back returns to this query). */
const HISTORY_SETTLE_MS = 1000;

type View =
  | { status: 'idle' }
  | { status: 'loading'; key: string; query: string; inputAt: number; showSkeleton: boolean; previous: Settled | null }
  | Settled;

type Settled =
  | {
      status: 'results';
      key: string;
      query: string;
      inputAt: number;
      total: number;
      products: CardProduct[];
      pending: PagefindResult[];
      /** Set when the results are for a corrected query ("mlik" searched as "milk"). */
      correction?: Correction | undefined;
      /** How many matches are out of stock (listed last, or hidden by "In stock only"). */
      outOfStock: number;
      /** Every match is out of stock: the page says so and offers `suggestions`. */
      allOutOfStock: boolean;
      /** Products in stock from the same categories, when every match is out of stock. */
      suggestions: CardProduct[];
    }
  | { status: 'empty'; key: string; query: string; inputAt: number }
  | { status: 'error'; key: string; query: string; inputAt: number; offline: boolean };

/**
 * What each settled answer leaves in the Performance timeline for scripts/bench-search.ts: a measure from the
 * input event (keystroke, paste, click or history step) to the answer on screen, its `detail` naming the query.
 * The first answer of the page also gets FIRST_RESULTS_MEASURE.
 */
export const RESULTS_MEASURE = 'search:results';
export const FIRST_RESULTS_MEASURE = 'search:first-results';

/** Thrown into a search that a newer one has overtaken. */
const OVERTAKEN = new Error('overtaken by a newer search');

/**
 * The /search island: the box (autofocused, clear button, filter button), category chips that filter, trending
 * searches and popular categories before typing, then the skeleton and up to 50 product tiles with ADD buttons,
 * or the empty state. The state lives in the URL; only the latest query's answer is ever rendered. The chips and tiles
 * are the catalogue's (the page passes them: src/lib/catalogue/storefront.ts); the spec's by default.
 */
export default function SearchPage({
  chips = CATEGORY_CHIPS,
  tiles = POPULAR_CATEGORIES,
}: {
  chips?: readonly CategoryChip[];
  tiles?: readonly PopularTile[];
}) {
  const [state, setState] = useState<SearchState>(DEFAULT_STATE);
  const [view, setView] = useState<View>({ status: 'idle' });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [ready, setReady] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const filterButtonRef = useRef<HTMLButtonElement>(null);
  const apiRef = useRef<PagefindApi | null>(null);
  const seqRef = useRef(0);
  const inputAtRef = useRef<number | null>(null);
  const typingEntryRef = useRef(false);
  const historyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(false);
  /** The view last rendered (read by the search effect without re-running on every view change). */
  const shownRef = useRef<View>(view);
  // eslint-disable-next-line react-hooks/refs -- the latest rendered view, read by the search effect without re-running it on every view change
  shownRef.current = view;

  /**
   * Loads and initialises Pagefind ahead of the first search (on focus), and beside it the typo-correction
   * vocabulary (about 4 KB gzipped at 10,000 products), so a misspelt first query waits for neither. Failures
   * surface (or are retried) when a search runs.
   */
  const warm = useCallback(() => {
    loadPagefind().then(
      (api) => {
        apiRef.current = api;
      },
      () => {},
    );
    loadVocabulary().catch(() => {});
  }, []);
  const firstMeasured = useRef(false);

  /** Writes a state to the URL: typing pushes one entry, then replaces it until typing pauses; other changes push. */
  const writeUrl = useCallback(
    (next: SearchState, mode: 'typing' | 'push') => {
      const url = `${location.pathname}${serializeSearchState(next)}`;
      if (mode === 'typing') {
        if (typingEntryRef.current) history.replaceState(null, '', url);
        else if (!sameState(parseSearchState(location.search, chips), next)) history.pushState(null, '', url);
        typingEntryRef.current = true;
        clearTimeout(historyTimer.current);
        historyTimer.current = setTimeout(() => {
          typingEntryRef.current = false;
        }, HISTORY_SETTLE_MS);
        return;
      }
      typingEntryRef.current = false;
      clearTimeout(historyTimer.current);
      if (!sameState(parseSearchState(location.search, chips), next)) history.pushState(null, '', url);
    },
    [chips],
  );

  // The URL is the source of truth on arrival and when the shopper walks history.
  useEffect(() => {
    const fromUrl = () => {
      typingEntryRef.current = false;
      inputAtRef.current = performance.now();
      setState(parseSearchState(location.search, chips));
    };
    // Letters typed into the pre-rendered box before this island woke up are kept, not lost.
    const early = inputRef.current?.value.slice(0, MAX_INPUT_LENGTH) ?? '';
    const arrived = parseSearchState(location.search, chips);
    mounted.current = true;
    if (early && early !== arrived.q) {
      const next = { ...arrived, q: early };
      inputAtRef.current = performance.now();
      setState(next);
      writeUrl(next, 'typing');
    } else {
      fromUrl();
    }
    setReady(true);
    // The box is autofocused: the search is about to be used, so Pagefind starts loading now.
    warm();
    window.addEventListener('popstate', fromUrl);
    return () => {
      window.removeEventListener('popstate', fromUrl);
      clearTimeout(historyTimer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once on mount: reads the URL and starts warming Pagefind; warm and writeUrl are stable in effect
  }, []);

  // Arriving with a query, the "before typing" view stays hidden (search.astro) until the search's own view replaces
  // it: it never flashes, nor loads its pictures, on the way to the results.
  const arriving = ready && view.status === 'idle' && (state.q.trim() !== '' || state.cat !== 'all');
  useEffect(() => {
    if (ready && !arriving) delete document.documentElement.dataset['searchPending'];
  }, [ready, arriving]);

  // Every change of query, category or sort runs one search; answers of older searches are dropped.
  useEffect(() => {
    if (!mounted.current) return;
    const request = requestFor(state);
    const key = keyOf(request);
    const query = state.q;
    // When the keystroke (or click, or history step) behind this search happened: for the benchmark's timings.
    const inputAt = inputAtRef.current ?? performance.now();
    inputAtRef.current = null;
    const seq = ++seqRef.current;
    const stale = () => seq !== seqRef.current;

    if (!state.q.trim() && !request.category) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the search effect settles the view for a new query synchronously when there is nothing to search
      setView({ status: 'idle' });
      return;
    }
    if (!request.text && !request.category) {
      // Only punctuation, emoji we do not know, markup...: nothing to search for.
      setView({ status: 'empty', key, query, inputAt });
      return;
    }
    const shown = shownRef.current;
    if ((shown.status === 'results' || shown.status === 'empty') && shown.key === key) {
      // Same search in other words ("milk" -> "milk "): keep the answer on screen.
      setView({ ...shown, query });
      return;
    }
    setView((current) => ({
      status: 'loading',
      key,
      query,
      inputAt,
      // Straight to the skeleton from an empty page; over earlier results only when the answer is slow.
      showSkeleton: current.status === 'loading' ? current.showSkeleton : current.status !== 'results',
      previous: current.status === 'results' ? current : current.status === 'loading' ? current.previous : null,
    }));
    const skeletonTimer = setTimeout(() => {
      if (!stale())
        setView((current) => (current.status === 'loading' && current.key === key ? { ...current, showSkeleton: true } : current));
    }, SKELETON_DELAY_MS);

    // The page's first search may have started before this island loaded (src/lib/search/arrival.ts).
    const arrived = takeArrivalSearch(key);
    void (async () => {
      try {
        let found = arrived;
        if (!found) {
          const delay = debounceFor(request.text);
          if (delay > 0) {
            await new Promise((resolve) => setTimeout(resolve, delay));
            if (stale()) return;
          }
          const loaded = apiRef.current ?? (await loadPagefind());
          apiRef.current = loaded;
          // Every step of a search that has been overtaken stops at its next search call.
          const api: PagefindApi = {
            ...loaded,
            search: (term, options) => (stale() ? Promise.reject(OVERTAKEN) : loaded.search(term, options)),
          };
          if (stale()) return;
          found = searchWithCards(api, request);
        }
        const { answer, first, suggestions } = await found;
        if (stale()) return;
        clearTimeout(skeletonTimer);
        const outOfStock = answer.outOfStock ?? 0;
        // Every match out of stock (and perhaps hidden by "In stock only"): said so, with products in stock instead.
        const allOutOfStock = answer.suggestions !== undefined;
        if (first.length === 0 && !allOutOfStock) {
          setView({ status: 'empty', key, query, inputAt });
          return;
        }
        // The rest (up to 50) load when the shopper scrolls towards them: typing never pays for unseen cards.
        setView({
          status: 'results',
          key,
          query,
          inputAt,
          total: answer.total,
          products: first,
          pending: answer.results.slice(FIRST_BATCH),
          correction: answer.correction,
          outOfStock,
          allOutOfStock,
          suggestions,
        });
      } catch (error) {
        if (stale()) return;
        clearTimeout(skeletonTimer);
        console.error('Search failed', error);
        // Offline without a saved index (the service worker keeps it once search has been used online).
        const offline = (await searchAvailability().catch(() => 'online')) === 'needs-connection';
        if (stale()) return;
        setView({ status: 'error', key, query, inputAt, offline });
      }
    })();
    return () => clearTimeout(skeletonTimer);
  }, [state]);

  // The remaining cards of the current answer, once the end of the list comes near.
  const sentinelRef = useRef<HTMLDivElement>(null);
  const pendingKey = view.status === 'results' && view.pending.length > 0 ? `${view.key}#${view.pending.length}` : null;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (pendingKey === null || !sentinel || view.status !== 'results') return;
    const { key, pending } = view;
    let done = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (done || !entries.some((e) => e.isIntersecting)) return;
        done = true;
        observer.disconnect();
        const batch = pending.slice(0, NEXT_BATCH);
        loadCards(batch).then(
          (more) =>
            setView((current) =>
              current.status === 'results' && current.key === key && current.pending === pending
                ? { ...current, products: [...current.products, ...more], pending: pending.slice(batch.length) }
                : current,
            ),
          () => {},
        );
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
    // Runs once per batch still to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- announces when the settled view's key changes, not on every view object
  }, [pendingKey]);

  // Measure (for the benchmark) and announce (for screen readers) each settled answer.
  const settledKey = view.status === 'results' || view.status === 'empty' || view.status === 'error' ? view.key : null;
  useEffect(() => {
    if (view.status !== 'results' && view.status !== 'empty' && view.status !== 'error') return;
    const total = view.status === 'results' ? view.total : 0;
    const correction = view.status === 'results' && view.correction ? correctedText(view.query, view.correction.changes) : null;
    try {
      const detail = { query: view.query, status: view.status, total, corrected: correction };
      performance.measure(RESULTS_MEASURE, { start: view.inputAt, detail });
      if (!firstMeasured.current) performance.measure(FIRST_RESULTS_MEASURE, { start: view.inputAt, detail });
      firstMeasured.current = true;
    } catch {
      // A browser without User Timing level 3: nothing to measure with.
    }
    // Every match out of stock: how many there are, hidden or not, then the same words as on the page.
    const found = view.status === 'results' && view.allOutOfStock ? view.outOfStock : total;
    const outOfStockNote = view.status === 'results' && view.allOutOfStock ? `. ${ALL_OUT_OF_STOCK}` : '';
    const timer = setTimeout(() => {
      setAnnouncement(
        view.status === 'results'
          ? `${correction ? `Showing results for ${correction}. ` : ''}${found} ${found === 1 ? 'product' : 'products'} found${outOfStockNote}`
          : view.status === 'empty'
            ? 'No products found'
            : 'Search is unavailable',
      );
    }, 500);
    return () => clearTimeout(timer);
    // Only when a new answer settles, not when its remaining cards arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- records the timing once per settled answer (its key), not on every view object
  }, [settledKey, view.status]);

  const update = (patch: Partial<SearchState>, mode: 'typing' | 'push') => {
    const next = { ...state, ...patch };
    // New words are corrected again; only the "Search instead for" link asks for the exact words.
    if (patch.exact === undefined && patch.q !== undefined && patch.q !== state.q) next.exact = false;
    inputAtRef.current = performance.now();
    setState(next);
    writeUrl(next, mode);
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const q = event.target.value.slice(0, MAX_INPUT_LENGTH);
    if (apiRef.current) preload(apiRef.current, requestFor({ ...state, q }));
    update({ q }, 'typing');
  };

  const pickTrending = (q: string) => {
    update({ q }, 'push');
    inputRef.current?.focus();
  };

  const clear = () => {
    update({ q: '' }, 'push');
    inputRef.current?.focus();
  };

  const closeFilters = () => {
    setFiltersOpen(false);
    filterButtonRef.current?.focus();
  };

  const sortLabel = SORTS.find((s) => s.id === state.sort)?.label ?? '';
  const settled: Settled | null =
    view.status === 'loading' ? (view.showSkeleton ? null : view.previous) : view.status === 'idle' ? null : view;
  const busy = view.status === 'loading';
  const chipLabel = chips.find((c) => c.id === state.cat)?.label ?? 'All';
  const dataState = view.status === 'loading' ? 'loading' : view.status;
  // Whether what is shown answers the search asked for now. A chip, sort or text change renders once with the new
  // ask before its search starts (the effect above): in that render the last answer is still shown, not yet current.
  const current = view.status === 'idle' || (view.status !== 'loading' && view.key === keyOf(requestFor(state)));

  return (
    <div className="pt-4" data-search-ready={ready || undefined}>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          writeUrl(state, 'push');
          inputRef.current?.blur();
        }}
        className="flex items-center gap-2"
      >
        <div className="relative min-w-0 flex-1">
          <label htmlFor="search-input" className="sr-only">
            Search products
          </label>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 fill-none stroke-gray-500 stroke-2 dark:stroke-gray-400"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <input
            ref={inputRef}
            id="search-input"
            type="search"
            // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the spec's search screen has an autofocused box: the shopper came here to type
            autoFocus
            value={state.q}
            onChange={onInput}
            onFocus={warm}
            onPointerDown={warm}
            placeholder='Search "milk"'
            maxLength={MAX_INPUT_LENGTH}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            aria-controls="search-results"
            className="w-full rounded-xl border border-gray-300 bg-gray-50 py-3 pr-11 pl-10 text-base text-gray-900 placeholder:text-gray-600 focus:border-brand-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {state.q && (
            <button
              type="button"
              onClick={clear}
              aria-label="Clear search"
              className="absolute top-1/2 right-1.5 grid size-9 -translate-y-1/2 place-items-center rounded-full text-gray-600 hover:bg-gray-200 dark:text-gray-300 dark:hover:bg-gray-800"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          )}
        </div>
        <button
          ref={filterButtonRef}
          type="button"
          aria-expanded={filtersOpen}
          aria-controls="search-filters"
          onClick={() => setFiltersOpen((open) => !open)}
          className="relative grid size-12 shrink-0 place-items-center rounded-xl border border-gray-300 text-gray-700 hover:border-brand-600 aria-expanded:border-brand-600 aria-expanded:text-brand-700 dark:border-gray-700 dark:text-gray-200 dark:aria-expanded:text-brand-100"
        >
          <span className="sr-only">
            Sort and filter{state.sort !== 'relevance' ? `, sorted by ${sortLabel}` : ''}
            {state.inStock ? ', in stock only' : ''}
          </span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
            <path d="M4 6h16M7 12h10M10 18h4" />
          </svg>
          {(state.sort !== 'relevance' || state.inStock) && (
            <span aria-hidden="true" className="absolute top-2 right-2 size-2 rounded-full bg-brand-600" />
          )}
        </button>
      </form>

      {filtersOpen && (
        <SearchFilters
          id="search-filters"
          sort={state.sort}
          onSort={(sort) => update({ sort }, 'push')}
          inStock={state.inStock}
          onInStock={(inStock) => update({ inStock }, 'push')}
          onClose={closeFilters}
        />
      )}

      <div role="group" aria-label="Category" className="-mx-4 mt-3 scrollbar-none flex gap-1.5 overflow-x-auto px-4 pb-1">
        {chips.map((chip) => {
          const selected = state.cat === chip.id;
          return (
            <button
              key={chip.id}
              type="button"
              aria-pressed={selected}
              onClick={() => update({ cat: chip.id }, 'push')}
              className={`shrink-0 rounded-full border px-3 py-1.5 text-sm font-semibold ${
                selected
                  ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-100'
                  : 'border-gray-300 text-gray-800 hover:border-brand-600 dark:border-gray-700 dark:text-gray-100'
              }`}
            >
              {chip.label}
            </button>
          );
        })}
      </div>

      <div
        id="search-results"
        className="mt-4"
        data-search-state={dataState}
        data-search-query={view.status === 'idle' ? '' : view.query}
        data-search-complete={view.status === 'results' ? String(view.pending.length === 0) : undefined}
        data-search-out-of-stock={view.status === 'results' && view.allOutOfStock ? 'all' : undefined}
        data-search-current={String(current)}
        aria-busy={busy || undefined}
      >
        {view.status === 'idle' && <SearchIdle onPick={pickTrending} tiles={tiles} />}
        {view.status === 'loading' && view.showSkeleton && (
          <>
            <p className="sr-only">Searching…</p>
            <SearchSkeleton />
          </>
        )}
        {settled?.status === 'results' && (
          <section aria-labelledby="results-heading" className={busy ? 'opacity-60 transition-opacity' : undefined}>
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3">
              <h2 id="results-heading" className="text-base font-bold">
                {settled.correction ? (
                  <>
                    Showing results for <q className="break-all">{correctedText(settled.query, settled.correction.changes)}</q>
                    {state.cat !== 'all' && <> in {chipLabel}</>}
                  </>
                ) : state.q.trim() ? (
                  <>
                    Results for <q className="break-all">{state.q.trim()}</q>
                    {state.cat !== 'all' && <> in {chipLabel}</>}
                  </>
                ) : (
                  chipLabel
                )}
              </h2>
              <p className="text-sm text-gray-600 dark:text-gray-300">
                {settled.total > RESULT_LIMIT
                  ? `Showing ${RESULT_LIMIT} of ${settled.total} products`
                  : `${settled.total} ${settled.total === 1 ? 'product' : 'products'}`}
                {state.sort !== 'relevance' && ` · ${sortLabel}`}
                {state.inStock && ' · In stock only'}
              </p>
            </div>
            {settled.correction && (
              <SearchCorrection
                original={settled.query.trim()}
                href={`/search${serializeSearchState({ ...state, q: settled.query, exact: true })}`}
                onExact={() => {
                  update({ q: settled.query, exact: true }, 'push');
                }}
              />
            )}
            {settled.allOutOfStock && (
              <p className="mb-3 rounded-lg bg-gray-100 px-3 py-2 text-sm font-semibold dark:bg-gray-800" data-search-all-out-of-stock>
                {ALL_OUT_OF_STOCK}
                {state.inStock && (
                  <span className="block font-normal text-gray-700 dark:text-gray-200">
                    {settled.outOfStock} {settled.outOfStock === 1 ? 'product is' : 'products are'} hidden by “In stock only”.
                  </span>
                )}
              </p>
            )}
            <div data-search-results>
              <ProductList products={settled.products} eager={4} firstHigh />
            </div>
            {settled.pending.length > 0 && <div ref={sentinelRef} data-search-more className="h-px" />}
            {settled.suggestions.length > 0 && (
              <section aria-labelledby="suggestions-heading" className="mt-6" data-search-suggestions>
                <h3 id="suggestions-heading" className="mb-3 text-base font-bold">
                  In stock in the same category
                </h3>
                <ProductList products={settled.suggestions} headingLevel={4} eager={0} />
              </section>
            )}
          </section>
        )}
        {settled?.status === 'empty' && (
          <div className="rounded-xl border border-dashed border-gray-300 px-4 py-10 text-center dark:border-gray-700">
            <p className="font-semibold">No products found</p>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">Try searching with different keywords</p>
          </div>
        )}
        {settled?.status === 'error' && (
          <div className="rounded-xl border border-red-200 bg-red-50 px-4 py-8 text-center dark:border-red-900 dark:bg-red-950">
            {settled.offline ? (
              <>
                <p className="font-semibold text-red-800 dark:text-red-100">Search needs a connection</p>
                <p className="mt-1 text-sm text-red-800 dark:text-red-200">
                  You are offline. Categories and products you have visited still open.
                </p>
              </>
            ) : (
              <>
                <p className="font-semibold text-red-800 dark:text-red-100">Search is unavailable right now</p>
                <p className="mt-1 text-sm text-red-800 dark:text-red-200">Please check your connection and try again.</p>
              </>
            )}
            <button
              type="button"
              onClick={() => {
                inputAtRef.current = performance.now();
                setState((s) => ({ ...s }));
              }}
              className="mt-3 rounded-lg border border-red-700 px-4 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-100 dark:border-red-300 dark:text-red-100 dark:hover:bg-red-900"
            >
              Try again
            </button>
          </div>
        )}
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
