/** Whether search can run now: online, or offline with the Pagefind files the service worker saved. */
import { SHARED_CACHES } from './routes.ts';
import { isOnline } from './network.ts';

/** The Pagefind files every search loads (the WebAssembly is per language). */
export const SEARCH_CORE_FILES = ['/pagefind/pagefind.js', '/pagefind/pagefind-entry.json'] as const;

/** True when pagefind.js, its entry file, WebAssembly, metadata and an index chunk are in this browser's caches. */
export async function searchIndexSaved(
  cacheStorage: CacheStorage | undefined = 'caches' in globalThis ? globalThis.caches : undefined,
): Promise<boolean> {
  if (!cacheStorage) return false;
  try {
    // has() first: open() would create an empty cache as a side effect.
    if (!(await cacheStorage.has(SHARED_CACHES.searchCore)) || !(await cacheStorage.has(SHARED_CACHES.searchIndex))) return false;
    const paths = async (name: string) => (await (await cacheStorage.open(name)).keys()).map((request) => new URL(request.url).pathname);
    const core = await paths(SHARED_CACHES.searchCore);
    const index = await paths(SHARED_CACHES.searchIndex);
    return (
      SEARCH_CORE_FILES.every((file) => core.includes(file)) &&
      core.some((path) => /^\/pagefind\/wasm\.[^/]+\.pagefind$/.test(path)) &&
      index.some((path) => path.endsWith('.pf_meta')) &&
      index.some((path) => path.endsWith('.pf_index'))
    );
  } catch {
    // Storage can be unavailable (private modes, quota): then nothing is saved.
    return false;
  }
}

export async function searchAvailability(): Promise<'online' | 'offline-saved' | 'needs-connection'> {
  if (isOnline()) return 'online';
  return (await searchIndexSaved()) ? 'offline-saved' : 'needs-connection';
}
