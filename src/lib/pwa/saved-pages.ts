/** The pages this browser saved for offline browsing, for the offline page's "Pages you've visited" list. */
import { PAGES_CACHE_PREFIX, PRECACHED_PAGES, pageKey } from './routes.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the HTML character references Astro writes in text (named basics, decimal and hex). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[ref.toLowerCase()] ?? match;
  });
}

/** The <title> of a page's HTML without the " | {brand}" suffix, or null when it has none. */
export function titleFromHtml(html: string, brand: string): string | null {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!match?.[1]) return null;
  const title = decodeEntities(match[1]).replace(/\s+/g, ' ').trim();
  const suffix = ` | ${brand}`;
  const short = title.endsWith(suffix) ? title.slice(0, -suffix.length).trim() : title;
  return short || null;
}

/** The saved pages, newest first, but for the precached ones; empty without the Cache API (insecure contexts, Node). */
export async function savedPages(
  brand: string,
  { cacheStorage: given, limit = 60 }: { cacheStorage?: CacheStorage | undefined; limit?: number } = {},
) {
  const cacheStorage = given ?? ('caches' in globalThis ? globalThis.caches : undefined);
  if (!cacheStorage) return [];
  const always = new Set<string>(PRECACHED_PAGES);
  const seen = new Set<string>();
  const pages: { path: string; title: string }[] = [];
  try {
    const names = (await cacheStorage.keys()).filter((name) => name.startsWith(PAGES_CACHE_PREFIX));
    for (const name of names) {
      const cache = await cacheStorage.open(name);
      // Keys come oldest first (the order they were saved in).
      for (const request of [...(await cache.keys())].reverse()) {
        const path = pageKey(new URL(request.url).pathname);
        if (always.has(path) || seen.has(path)) continue;
        seen.add(path);
        const response = await cache.match(request);
        if (!response?.ok) continue;
        pages.push({ path, title: titleFromHtml(await response.text(), brand) ?? path });
        if (pages.length >= limit) return pages;
      }
    }
  } catch {
    // Storage unavailable or a cache deleted while reading (a new release activating): show what was read.
  }
  return pages;
}
