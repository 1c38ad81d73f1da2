import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import SearchCorrection from '../components/SearchCorrection.tsx';
import { correctedText } from '../lib/search/correction.ts';
import {
  CATEGORY_CHIPS,
  POPULAR_CATEGORIES,
  MAX_INPUT_LENGTH,
  SORTS,
  resultCount,
  serializeSearchState,
  type CategoryChip,
  type PopularTile,
} from '../lib/search/query.ts';
import { ALL_OUT_OF_STOCK, answersNow, shownAnswer } from '../lib/search/view.ts';
import { preloadSearch, warmSearch } from '../lib/search/warm.ts';
import { FIRST_PAGE_ROOT_ID, firstPageExpected } from '../lib/search/first-page-start.ts';
import ProductList from '../components/ProductList.tsx';
import '../browser/cart-control.ts';
import SearchFilters from '../components/SearchFilters.tsx';
import SearchIdle from '../components/SearchIdle.tsx';
import SearchResults from '../components/SearchResults.tsx';
import SearchSkeleton from '../components/SearchSkeleton.tsx';
import { useAnnouncement } from './search/useAnnouncement.tsx';
import { useMoreResults } from './search/useMoreResults.tsx';
import { useResultsMeasure } from './search/useResultsMeasure.tsx';
import { useSearchQuery } from './search/useSearchQuery.tsx';
import { useSearchResults } from './search/useSearchResults.tsx';

/**
 * The /search island: box, category chips, the idle view, then skeleton and up to 50 cards or the empty state. The state
 * lives in the URL; only the latest query's answer is rendered. Chips and tiles are the catalogue's (storefront.ts).
 */
export default function SearchPage({
  chips = CATEGORY_CHIPS,
  tiles = POPULAR_CATEGORIES,
}: {
  chips?: readonly CategoryChip[];
  tiles?: readonly PopularTile[];
}) {
  const { state, ready, inputRef, inputAtRef, update, retry, submit } = useSearchQuery(chips);
  // The box is autofocused: the search is about to be used, so Pagefind starts loading now; unless a first page answers the URL's
  // query, when it waits for the shopper (lib/search/first-page-fill.ts).
  const warmUnlessFirstPage = () => {
    if (!firstPageExpected()) warmSearch();
  };
  useEffect(warmUnlessFirstPage, []);
  const [view, setView, wantRest] = useSearchResults(state, inputAtRef);
  // The head's first page (search.astro) gives way to the island's own view in the same frame.
  const searching = view.status !== 'idle';
  useLayoutEffect(() => {
    if (searching) document.getElementById(FIRST_PAGE_ROOT_ID)?.remove();
  }, [searching]);
  // Arriving with a query, the "before typing" view stays hidden (search.astro) until the search's own view replaces it.
  const arriving = ready && view.status === 'idle' && (state.q.trim() !== '' || state.cat !== 'all');
  useEffect(() => {
    if (ready && !arriving) delete document.documentElement.dataset['searchPending'];
  }, [ready, arriving]);
  const sentinelRef = useMoreResults(view, setView, wantRest);
  useResultsMeasure(view);
  const announcement = useAnnouncement(view);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterButtonRef = useRef<HTMLButtonElement>(null);
  const closeFilters = () => {
    setFiltersOpen(false);
    filterButtonRef.current?.focus();
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const q = event.target.value.slice(0, MAX_INPUT_LENGTH);
    preloadSearch({ ...state, q });
    update({ q }, 'typing');
  };

  /** A trending search picked, or the box cleared: a new history entry, and the box keeps focus. */
  const setQuery = (q: string) => {
    update({ q }, 'push');
    inputRef.current?.focus();
  };

  const sortLabel = SORTS.find((s) => s.id === state.sort)?.label ?? '';
  const settled = shownAnswer(view);
  const busy = view.status === 'loading';
  const chipLabel = chips.find((c) => c.id === state.cat)?.label ?? 'All';

  return (
    <div className="pt-4" data-search-ready={ready || undefined}>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
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
            onFocus={warmUnlessFirstPage}
            onPointerDown={warmSearch}
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
              onClick={() => setQuery('')}
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
        data-search-state={view.status}
        data-search-query={view.status === 'idle' ? '' : view.query}
        data-search-complete={
          view.status === 'results' ? String(view.complete && view.pending.length === 0 && !view.awaitingPagefind) : undefined
        }
        data-search-out-of-stock={view.status === 'results' && view.allOutOfStock ? 'all' : undefined}
        data-search-current={String(answersNow(view, state))}
        aria-busy={busy || undefined}
      >
        {view.status === 'idle' && <SearchIdle onPick={setQuery} tiles={tiles} />}
        {view.status === 'loading' && view.showSkeleton && (
          <>
            <p className="sr-only">Searching…</p>
            <SearchSkeleton />
          </>
        )}
        {settled?.status === 'results' && (
          <SearchResults
            heading={
              settled.correction || state.q.trim()
                ? {
                    lead: settled.correction ? 'Showing results for' : 'Results for',
                    words: settled.correction ? correctedText(settled.query, settled.correction.changes) : state.q.trim(),
                  }
                : null
            }
            scope={state.cat !== 'all' || !state.q.trim() ? chipLabel : null}
            count={resultCount(settled.total, state.sort !== 'relevance' ? sortLabel : null, state.inStock)}
            complete={settled.complete}
            busy={busy}
            products={settled.products}
            notes={
              <>
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
              </>
            }
          >
            {(settled.pending.length > 0 || settled.awaitingPagefind) && <div ref={sentinelRef} data-search-more className="h-px" />}
            {settled.suggestions.length > 0 && (
              <section aria-labelledby="suggestions-heading" className="mt-6" data-search-suggestions>
                <h3 id="suggestions-heading" className="mb-3 text-base font-bold">
                  In stock in the same category
                </h3>
                <ProductList products={settled.suggestions} headingLevel={4} eager={0} />
              </section>
            )}
          </SearchResults>
        )}
        {settled?.status === 'empty' && (
          <div className="rounded-xl border border-dashed border-gray-300 px-4 py-10 text-center dark:border-gray-700">
            <p className="font-semibold">No products found</p>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">Try searching with different keywords</p>
          </div>
        )}
        {settled?.status === 'error' && (
          <div className="rounded-xl border border-red-200 bg-red-50 px-4 py-8 text-center dark:border-red-900 dark:bg-red-950">
            <p className="font-semibold text-red-800 dark:text-red-100">
              {settled.offline ? 'Search needs a connection' : 'Search is unavailable right now'}
            </p>
            <p className="mt-1 text-sm text-red-800 dark:text-red-200">
              {settled.offline
                ? 'You are offline. Categories and products you have visited still open.'
                : 'Please check your connection and try again.'}
            </p>
            <button
              type="button"
              onClick={retry}
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
