/**
 * The site's own search code (expandQuery, searchProducts with typo correction) over a built Pagefind index, in
 * Node: Pagefind's browser bundle runs here as it is, with `fetch` answering for one made-up origin from the
 * built directory. Used by the quality set (search-quality.spec.ts), which runs after `npm run build`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCards, searchProducts, startInstance, type PagefindModule, type SearchAnswer } from '../../src/lib/search/pagefind-client.ts';
import { parseVocabulary, VOCABULARY_URL, type Vocabulary } from '../../src/lib/search/correction.ts';
import { expandQuery } from '../../src/lib/search/synonyms.ts';

const ORIGIN = 'http://thela.test';

/** What one query found: product ids best first (up to `limit`), and the correction, if any. */
export interface NodeSearchResult {
  query: string;
  ids: string[];
  /** Those of `ids` whose cards are marked out of stock. */
  outOfStock: string[];
  total: number;
  effectiveText: string;
  correction: SearchAnswer['correction'];
}

export interface BuiltSearch {
  search: (query: string, options?: { exact?: boolean; limit?: number; inStock?: boolean }) => Promise<NodeSearchResult>;
  /** Files served so far (paths under the site). */
  fetched: string[];
  close: () => void;
}

/** Opens the search of the site built into `dist`. */
export async function openBuiltSearch(dist: string): Promise<BuiltSearch> {
  const root = path.resolve(dist);
  const original = globalThis.fetch;
  const fetched: string[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), `${ORIGIN}/`);
    if (url.origin !== ORIGIN) return original(input, init);
    const file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root + path.sep)) return new Response('', { status: 404 });
    fetched.push(url.pathname);
    try {
      const body = await readFile(file);
      const type = file.endsWith('.json')
        ? 'application/json'
        : file.endsWith('.wasm') || file.includes('.pagefind')
          ? 'application/wasm'
          : 'application/octet-stream';
      return new Response(body, { status: 200, headers: { 'content-type': type } });
    } catch {
      return new Response('', { status: 404 });
    }
  };
  const module = (await import(pathToFileURL(path.join(root, 'pagefind', 'pagefind.js')).href)) as PagefindModule;
  const api = await startInstance(module, { basePath: `${ORIGIN}/pagefind/` });
  let vocabulary: Promise<Vocabulary> | undefined;
  let loaded: Vocabulary | null = null;
  const help = {
    vocabulary: () =>
      (vocabulary ??= globalThis
        .fetch(`${ORIGIN}${VOCABULARY_URL}`)
        .then((r) => r.json())
        .then((data) => {
          const parsed = parseVocabulary(data);
          if (!parsed) throw new Error('unreadable vocabulary');
          loaded = parsed;
          return parsed;
        })),
    loadedVocabulary: () => loaded,
  };
  // As the page does when the box gets focus: the vocabulary is there before the first query.
  await help.vocabulary();
  return {
    fetched,
    search: async (query, options = {}) => {
      const limit = options.limit ?? 5;
      const answer = await searchProducts(
        api,
        { text: expandQuery(query), category: null, sort: 'relevance', exact: options.exact ?? false, inStock: options.inStock ?? false },
        50,
        help,
      );
      const cards = await loadCards(answer.results.slice(0, limit));
      return {
        query,
        ids: cards.map((c) => c.id),
        outOfStock: cards.filter((c) => !c.is_available).map((c) => c.id),
        total: answer.total,
        effectiveText: answer.effectiveText,
        correction: answer.correction,
      };
    },
    close: () => {
      globalThis.fetch = original;
    },
  };
}
