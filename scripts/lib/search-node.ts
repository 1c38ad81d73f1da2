/**
 * The site's own search code (expandQuery, searchProducts with typo correction) over a built Pagefind index, in
 * Node: Pagefind's browser bundle runs here as it is, with `fetch` answering for one made-up origin from the
 * built directory (`root` is the folder served as /pagefind/), every bundle merged as the page merges them.
 * Used by the build's first pages (search-first-pages.ts) and the quality set (tests/e2e/search-quality.spec.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { answerWithCards, requestFor, type AnswerWithCards } from '../../src/lib/search/answer.ts';
import { BUNDLES_FILE, readBundlesFile, SEARCH_INDEX_DIR } from '../../src/lib/search/bundles.ts';
import { loadCards, searchProducts, startInstance, type PagefindModule, type SearchAnswer } from '../../src/lib/search/pagefind-client.ts';
import { parseVocabulary, VOCABULARY_URL, type Vocabulary } from '../../src/lib/search/correction.ts';
import { DEFAULT_STATE } from '../../src/lib/search/query.ts';
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
  /** What the page's island gets for `query` typed in the box (default state otherwise), with the first `cards` cards. */
  answer: (query: string, cards: number) => Promise<AnswerWithCards>;
  /** Files served so far (paths under the site). */
  fetched: string[];
  close: () => void;
}

/**
 * Opens the search of the site built into `dist`, or of an index folder (`{ index }`: the build's staging folder, served as
 * /pagefind/). `cacheFiles` keeps each file read (a build's thousands of searches read the same fragments again).
 */
export async function openBuiltSearch(dist: string | { index: string }, { cacheFiles = false } = {}): Promise<BuiltSearch> {
  const [root, indexDir] =
    typeof dist === 'string' ? [path.resolve(dist), path.resolve(dist, SEARCH_INDEX_DIR)] : [null, path.resolve(dist.index)];
  const original = globalThis.fetch;
  const fetched: string[] = [];
  const files = new Map<string, Promise<Buffer<ArrayBuffer>>>();
  const read = (file: string) => {
    if (!cacheFiles) return readFile(file);
    let body = files.get(file);
    if (!body) files.set(file, (body = readFile(file)));
    return body;
  };
  /** The file of a path of the site, or null outside what is served. */
  const fileOf = (pathname: string): string | null => {
    const prefix = `/${SEARCH_INDEX_DIR}/`;
    const [base, rest] = pathname.startsWith(prefix) ? [indexDir, pathname.slice(prefix.length)] : [root, pathname.slice(1)];
    if (base === null) return null;
    const file = path.join(base, rest);
    return file.startsWith(base + path.sep) ? file : null;
  };
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), `${ORIGIN}/`);
    if (url.origin !== ORIGIN) return original(input, init);
    const file = fileOf(decodeURIComponent(url.pathname));
    if (file === null) return new Response('', { status: 404 });
    fetched.push(url.pathname);
    try {
      const body = await read(file);
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
  const module = (await import(pathToFileURL(path.join(indexDir, 'pagefind.js')).href)) as PagefindModule;
  const basePath = `${ORIGIN}/${SEARCH_INDEX_DIR}/`;
  const bundles = readBundlesFile(JSON.parse(await readFile(path.join(indexDir, BUNDLES_FILE), 'utf8').catch(() => '{}')));
  const api = await startInstance(
    module,
    { basePath },
    bundles.map((dir) => `${basePath}${dir}`),
  );
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
    answer: (query, cards) => answerWithCards(api, requestFor({ ...DEFAULT_STATE, q: query }), help, cards),
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
