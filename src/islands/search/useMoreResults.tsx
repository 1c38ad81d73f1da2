/** The current answer's remaining cards (up to 50), a batch at a time as the element after the last card (the ref) nears. */
import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { loadCards } from '../../lib/search/pagefind-client.ts';
import { withMoreCards, type SearchView } from '../../lib/search/view.ts';

/** Cards loaded each time the shopper scrolls near the end of the list. */
const NEXT_BATCH = 12;

/** `wantRest`: a first page's sentinel came near, so its answer's rest is wanted now (useSearchResults). */
export function useMoreResults(view: SearchView, setView: Dispatch<SetStateAction<SearchView>>, wantRest: () => void) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const awaiting = view.status === 'results' && view.awaitingPagefind === true;
  const pendingKey =
    view.status === 'results' && (view.pending.length > 0 || awaiting) ? `${view.key}#${view.pending.length}#${String(awaiting)}` : null;
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
        if (awaiting) {
          wantRest();
          return;
        }
        const batch = pending.slice(0, NEXT_BATCH);
        loadCards(batch).then(
          (more) => setView((current) => withMoreCards(current, key, pending, batch, more)),
          () => {},
        );
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per batch still to load (pendingKey), not on every view object
  }, [pendingKey]);
  return sentinelRef;
}
