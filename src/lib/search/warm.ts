/** Pagefind and the typo vocabulary, loaded ahead of the island's first search (on mount, focus and touch). No React. */
import { requestFor } from './answer.ts';
import { loadVocabulary } from './correction.ts';
import { loadedPagefind, loadedWholePagefind, loadPagefind, preload } from './pagefind-client.ts';
import type { SearchState } from './query.ts';

/** Failures surface (or are retried) when a search runs. */
export function warmSearch(): void {
  loadPagefind().catch(() => {});
  loadVocabulary().catch(() => {});
}

/** Starts fetching the index chunks the search for `state` will need, once Pagefind is in. */
export function preloadSearch(state: SearchState): void {
  const api = loadedWholePagefind() ?? loadedPagefind();
  if (api) preload(api, requestFor(state));
}
