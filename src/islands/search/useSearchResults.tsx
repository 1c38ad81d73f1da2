/** Runs the search each state change asks for and holds the view: only the latest answer shows, earlier ones dimmed meanwhile. */
import { useEffect, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { PagefindApi } from '../../lib/search/pagefind-client.ts';
import { keyOf, requestFor } from '../../lib/search/answer.ts';
import { afterFirstPage, searchWithCards, takeArrivalSearch } from '../../lib/search/arrival.ts';
import type { FirstPage } from '../../lib/search/first-page.ts';
import { firstInteraction, takeFirstPage } from '../../lib/search/first-page-fill.ts';
import type { SearchState } from '../../lib/search/query.ts';
import { answeredView, debounceFor, firstPageView, loadingView, withSkeleton, type SearchView } from '../../lib/search/view.ts';
import { searchAvailability } from '../../lib/pwa/search.ts';

/** How long the previous results stay (dimmed) before a slow search swaps them for the skeleton. */
const SKELETON_DELAY_MS = 120;

/** Thrown into a search that a newer one has overtaken. */
const OVERTAKEN = new Error('overtaken by a newer search');

export function useSearchResults(
  state: SearchState,
  inputAtRef: RefObject<number | null>,
): [SearchView, Dispatch<SetStateAction<SearchView>>, () => void] {
  const [view, setView] = useState<SearchView>({ status: 'idle' });
  // Asks for the rest of a first page's answer now (its "more" sentinel in view on a tall screen); else the first interaction does.
  const restWantedRef = useRef<() => void>(() => {});
  const seqRef = useRef(0);
  const shownRef = useRef<SearchView>(view);
  // eslint-disable-next-line react-hooks/refs -- the latest rendered view, read by the search effect without re-running it on every view change
  shownRef.current = view;

  // Every change of query, category or sort runs one search; answers of older searches are dropped.
  useEffect(() => {
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
    /** A first page on screen; the rest of the answer from Pagefind once the shopper does something (first-page-fill.ts). */
    const showFirstPage = (page: FirstPage) => {
      setView(firstPageView(key, query, inputAt, page));
      const wanted = new Promise<void>((resolve) => {
        restWantedRef.current = resolve;
        void firstInteraction().then(resolve);
      });
      void wanted
        .then(() => (stale() ? null : afterFirstPage(page, request)))
        .then(
          (whole) => {
            if (whole && !stale()) setView(answeredView(key, query, inputAt, whole));
          },
          // The first page stays: the next search (or the "more" sentinel's) says what failed.
          (error: unknown) => console.error('Search after the first page failed', error),
        );
    };
    // The head fetched this search's first page (src/lib/search/README.md, "First pages"): shown as it is, no skeleton between.
    const firstPage = takeFirstPage(state);
    if (firstPage && !(firstPage instanceof Promise)) {
      showFirstPage(firstPage);
      return;
    }
    setView((current) => loadingView(current, key, query, inputAt));
    const skeletonTimer = setTimeout(() => {
      if (!stale()) setView((current) => withSkeleton(current, key));
    }, SKELETON_DELAY_MS);

    // The page's first search may have started before this island loaded (src/lib/search/arrival.ts).
    const arrived = takeArrivalSearch(key);
    void (async () => {
      try {
        const page = firstPage instanceof Promise ? await firstPage : null;
        if (stale()) return;
        if (page) {
          clearTimeout(skeletonTimer);
          showFirstPage(page);
          return;
        }
        // No first page: the head's search started once the file's absence was known (arrival.ts), or none did.
        let found = arrived ?? takeArrivalSearch(key);
        if (!found) {
          const delay = debounceFor(request.text);
          if (delay > 0) {
            await new Promise((resolve) => setTimeout(resolve, delay));
            if (stale()) return;
          }
          // Every step of a search that has been overtaken stops at its next search call.
          const stopWhenStale = (api: PagefindApi): PagefindApi => ({
            ...api,
            search: (term, options) => (stale() ? Promise.reject(OVERTAKEN) : api.search(term, options)),
          });
          found = searchWithCards(request, stopWhenStale);
        }
        const answer = await found;
        if (stale()) return;
        clearTimeout(skeletonTimer);
        setView(answeredView(key, query, inputAt, answer));
        if (!answer.rest) return;
        // The first bundle's answer is on screen: the rest of the index loads after that paint.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        if (stale()) return;
        const whole = await answer.rest().catch((error: unknown) => {
          // The first bundle's results stay, without a count that would understate the catalogue's.
          if (error !== OVERTAKEN) console.error('Search of the other bundles failed', error);
          return null;
        });
        if (whole && !stale()) setView(answeredView(key, query, inputAt, whole));
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
  }, [state, inputAtRef]);

  return [view, setView, () => restWantedRef.current()];
}
