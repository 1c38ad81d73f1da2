/**
 * Pagefind for the search island, loaded ahead of its first search (on mount, focus and touch, retrying after a failure) with the typo
 * vocabulary, so the keystrokes' preloads use it without waiting. Ships to the browser; no React.
 */
import { requestFor } from './arrival.ts';
import { loadVocabulary } from './correction.ts';
import { loadedPagefind, loadPagefind, preload } from './pagefind-client.ts';
import type { SearchState } from './query.ts';

/**
 * Loads and initialises Pagefind, and beside it the vocabulary (about 4 KB gzipped at 10,000 products), so a misspelt
 * first query waits for neither. Failures surface (or are retried) when a search runs.
 */
export function warmSearch(): void {
  loadPagefind().catch(() => {});
  loadVocabulary().catch(() => {});
}

/** Starts fetching the index chunks the search for `state` will need, once Pagefind is in (as the shopper types). */
export function preloadSearch(state: SearchState): void {
  const api = loadedPagefind();
  if (api) preload(api, requestFor(state));
}
