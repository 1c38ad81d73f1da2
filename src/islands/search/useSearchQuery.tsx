/** The search page's state in the URL: read on arrival and on Back/Forward, written as the shopper types, picks or submits. */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_STATE,
  MAX_INPUT_LENGTH,
  parseSearchState,
  sameState,
  serializeSearchState,
  type CategoryChip,
  type SearchState,
} from '../../lib/search/query.ts';

/** After this much idle time, the next keystroke starts a new history entry (so Back returns to this query). */
const HISTORY_SETTLE_MS = 1000;

/** How a change reaches history: typing pushes one entry, then replaces it until typing pauses; other changes push. */
export type UrlMode = 'typing' | 'push';

export function useSearchQuery(chips: readonly CategoryChip[]) {
  const [state, setState] = useState<SearchState>(DEFAULT_STATE);
  const [ready, setReady] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  /** When the keystroke, click or history step behind the latest change happened; taken by the search it starts. */
  const inputAtRef = useRef<number | null>(null);
  const typingEntryRef = useRef(false);
  const historyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Writes a state to the URL (see UrlMode). */
  const writeUrl = useCallback(
    (next: SearchState, mode: UrlMode) => {
      const url = `${location.pathname}${serializeSearchState(next)}`;
      clearTimeout(historyTimer.current);
      if (mode === 'typing' && typingEntryRef.current) history.replaceState(null, '', url);
      else if (!sameState(parseSearchState(location.search, chips), next)) history.pushState(null, '', url);
      typingEntryRef.current = mode === 'typing';
      if (mode === 'typing') historyTimer.current = setTimeout(() => (typingEntryRef.current = false), HISTORY_SETTLE_MS);
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
    if (early && early !== arrived.q) {
      const next = { ...arrived, q: early };
      inputAtRef.current = performance.now();
      setState(next);
      writeUrl(next, 'typing');
    } else {
      fromUrl();
    }
    setReady(true);
    window.addEventListener('popstate', fromUrl);
    return () => {
      window.removeEventListener('popstate', fromUrl);
      clearTimeout(historyTimer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once on mount: reads the URL; writeUrl is stable in effect
  }, []);

  /** Changes the state (and the URL): new words are corrected again; only "Search instead for" asks for the exact words. */
  const update = (patch: Partial<SearchState>, mode: UrlMode) => {
    const next = { ...state, ...patch };
    if (patch.exact === undefined && patch.q !== undefined && patch.q !== state.q) next.exact = false;
    inputAtRef.current = performance.now();
    setState(next);
    writeUrl(next, mode);
  };

  /** Asks for the same state again: its search runs again ("Try again"). */
  const retry = () => {
    inputAtRef.current = performance.now();
    setState((s) => ({ ...s }));
  };

  /** Gives the current state its own history entry (the box submitted). */
  const submit = () => writeUrl(state, 'push');

  return { state, ready, inputRef, inputAtRef, update, retry, submit };
}
