/**
 * Arriving with a query, the "before typing" view stays hidden (src/pages/search.astro) until the search's own view
 * replaces it: it never flashes, nor loads its pictures, on the way to the results.
 */
import { useEffect } from 'react';
import type { SearchState } from '../../lib/search/query.ts';
import type { SearchView } from '../../lib/search/view.ts';

export function useArrivalReveal(ready: boolean, view: SearchView, state: SearchState): void {
  const arriving = ready && view.status === 'idle' && (state.q.trim() !== '' || state.cat !== 'all');
  useEffect(() => {
    if (ready && !arriving) delete document.documentElement.dataset['searchPending'];
  }, [ready, arriving]);
}
