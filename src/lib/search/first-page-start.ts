/**
 * The search page's first page, started: inlined first in the page's head (first-page-script.build.ts), it fetches the file for the
 * URL's query (README.md, "First pages") and the script that shows it (first-page-fill.ts), side by side, before anything else the
 * page asks for; with no file for the query, the Pagefind search starts at once instead. Kept tiny: every page view parses it.
 */
import { firstPageKey, firstPageUrl } from './first-page.ts';

/**
 * The first page's place in the page (SearchFirstPage.tsx), and the attribute on `<html>` that shows it: empty while a first page
 * is expected or shown, `none` once no file answers (its skeleton then stays until the island's own takes its place).
 */
export const FIRST_PAGE_ROOT_ID = 'search-first';
export const FIRST_PAGE_ATTRIBUTE = 'data-search-first';

/** Whether a first page is on screen or on its way: Pagefind then waits for the shopper (it would take a slow phone's main thread). */
export const firstPageExpected = (): boolean => document.documentElement.getAttribute(FIRST_PAGE_ATTRIBUTE) === '';

/** From the head to the first page's script and the island: the query, its file (null: none), and its text once in. */
export interface FirstPageHandoff {
  key: string;
  q: string;
  file: Promise<unknown>;
  loaded?: { data: unknown };
  /** Set by the page's next script: starts the Pagefind search at once, for a query no file answers. */
  fallback?: () => void;
}

declare global {
  interface Window {
    thelaFirstPage?: FirstPageHandoff;
  }
}

/**
 * The URL's query when a first page may answer it: `q`, and none of the other parameters of the page's state (query.ts), which
 * would search differently. The island checks again with the whole state (first-page-fill.ts `takeFirstPage`).
 */
function firstPageQuery(search: string): string | null {
  const params = new URLSearchParams(search);
  return OTHER_PARAMETERS.some((name) => params.has(name)) ? null : params.get('q');
}

const OTHER_PARAMETERS = ['cat', 'sort', 'exact', 'stock'];

/** Run once, first in the head: `renderer` is the first page's script (first-page-fill.ts `showFirstPage`). */
export function startFirstPage(renderer: string): void {
  const q = firstPageQuery(location.search);
  const key = q === null ? null : firstPageKey(q);
  if (q === null || key === null) return;
  const html = document.documentElement;
  html.setAttribute(FIRST_PAGE_ATTRIBUTE, '');
  const file = fetch(firstPageUrl(key), { priority: 'high', credentials: 'same-origin' })
    .then((response): Promise<unknown> | null => (response.ok ? response.json() : null))
    .catch(() => null);
  const handoff: FirstPageHandoff = { key, q, file };
  window.thelaFirstPage = handoff;
  void file.then((data) => {
    handoff.loaded = { data };
    if (data !== null) return;
    // No first page for this query: the page searches as without one.
    html.setAttribute(FIRST_PAGE_ATTRIBUTE, 'none');
    handoff.fallback?.();
  });
  const script = Object.assign(document.createElement('script'), { type: 'module', src: renderer, fetchPriority: 'high' });
  document.head.append(script);
}
