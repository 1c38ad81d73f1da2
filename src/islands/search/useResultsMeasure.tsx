/** Each settled answer as a Performance measure from its input event, for scripts/bench/search-speed.ts (the first twice). */
import { useEffect, useRef } from 'react';
import { correctedQuery, isSettled, type SearchView } from '../../lib/search/view.ts';

export const RESULTS_MEASURE = 'search:results';
export const FIRST_RESULTS_MEASURE = 'search:first-results';

export function useResultsMeasure(view: SearchView): void {
  const firstMeasured = useRef(false);
  const settledKey = isSettled(view) ? view.key : null;
  useEffect(() => {
    if (!isSettled(view)) return;
    try {
      const total = view.status === 'results' ? view.total : 0;
      const detail = { query: view.query, status: view.status, total, corrected: correctedQuery(view) };
      performance.measure(RESULTS_MEASURE, { start: view.inputAt, detail });
      if (!firstMeasured.current) performance.measure(FIRST_RESULTS_MEASURE, { start: view.inputAt, detail });
      firstMeasured.current = true;
    } catch {
      // A browser without User Timing level 3: nothing to measure with.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- records the timing once per settled answer (its key), not on every view object
  }, [settledKey, view.status]);
}
