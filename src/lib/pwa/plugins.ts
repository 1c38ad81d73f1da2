/** Small Workbox plugins the service worker composes with the stock ones. */
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { pageKey, supabaseCacheKey } from './routes.ts';

/** When a saved read came from the network (ms since the epoch). */
export const FETCHED_AT_HEADER = 'x-thela-fetched-at';

/** A plugin factory: responses are saved and found under `key(url, request)` instead of the request's URL. */
const keyPlugin = (key: (url: URL, request: Request) => string) => (): WorkboxPlugin => ({
  cacheKeyWillBeUsed: async ({ request }) => key(new URL(request.url), request),
});

/** Keys every page by `pageKey`, so /cart and /cart/ find the same saved copy. */
export const pageKeyPlugin = keyPlugin((url) => new URL(pageKey(url.pathname), url.origin).href);

/** Keys a file by its path alone: Pagefind asks for `pagefind-entry.json?ts=<now>`, which offline would never match. */
export const pathKeyPlugin = keyPlugin((url) => `${url.origin}${url.pathname}`);

export const supabaseKeyPlugin = keyPlugin((_url, request) => supabaseCacheKey(request.url, request.headers.get('accept')));

/**
 * Never uses a saved response older than `maxAgeSeconds`: ExpirationPlugin trusts the server's Date header and purges
 * in the background; this stamps the time saved and refuses a stale copy on the spot.
 */
export function maxAgePlugin(maxAgeSeconds: number, now: () => number = Date.now): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => {
      const headers = new Headers(response.headers);
      headers.set(FETCHED_AT_HEADER, String(now()));
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
    cachedResponseWillBeUsed: async ({ cachedResponse }) => {
      if (!cachedResponse) return null;
      const fetchedAt = Number(cachedResponse.headers.get(FETCHED_AT_HEADER));
      if (!Number.isFinite(fetchedAt) || fetchedAt <= 0) return null;
      const age = now() - fetchedAt;
      return age >= 0 && age <= maxAgeSeconds * 1000 ? cachedResponse : null;
    },
  };
}

/** When the runtime cache has no copy, asks `lookup` (the precache): precached pages stay network-first. */
export function fallbackLookupPlugin(lookup: (request: Request) => Promise<Response | undefined>): WorkboxPlugin {
  return {
    cachedResponseWillBeUsed: async ({ cachedResponse, request }) => cachedResponse ?? (await lookup(request)) ?? null,
  };
}
