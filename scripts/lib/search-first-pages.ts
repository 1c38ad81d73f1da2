/**
 * The build's first pages (src/lib/search/README.md, "First pages"): the queries shoppers use, each answered by the site's own
 * search over the new index, its first screen written as one file into the index's `first/` folder. A file whose bytes the last
 * index already holds is linked from it, so a one-product change writes only the files it shows in.
 */
import { link, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnswerWithCards } from '../../src/lib/search/answer.ts';
import { MIN_CORRECTABLE_LENGTH } from '../../src/lib/search/correction.ts';
import {
  FIRST_PAGE_DIR,
  FIRST_PAGE_VERSION,
  SKELETON_CARDS,
  firstPageKey,
  firstPageUrl,
  type FirstPage,
} from '../../src/lib/search/first-page.ts';
import { SEARCH_INDEX_DIR } from '../../src/lib/search/bundles.ts';
import { TRENDING_SEARCHES } from '../../src/lib/search/query.ts';
import { QUERY_TYPOS } from '../../src/lib/search/synonyms.ts';
import type { Catalogue } from '../../src/lib/catalogue/rows.ts';
import { openBuiltSearch } from './search-node.ts';

/** At most this many queries: a few thousand files, whatever the catalogue's size. */
export const MAX_FIRST_PAGES = 3000;

/** A word of product names in fewer products than this is not a query shoppers use often enough to precompute. */
const MIN_WORD_PRODUCTS = 2;

/** Each trending search with two neighbouring letters swapped ("mlik"), the slip of a thumb: precomputed with their correction. */
function swaps(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i += 1) {
    if (word[i] !== word[i + 1]) out.push(`${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`);
  }
  return out;
}

/**
 * The queries to precompute, most used first: the trending searches, every category and subcategory name, every brand, the
 * trending searches' swapped letters and the known misspellings, then the catalogue's words by how many products carry them.
 */
export function firstPageQueries(
  catalogue: Pick<Catalogue, 'products' | 'categories'>,
  wordCounts: ReadonlyMap<string, number>,
  max = MAX_FIRST_PAGES,
): string[] {
  const words = [...wordCounts]
    .filter(([word, count]) => count >= MIN_WORD_PRODUCTS && word.length >= MIN_CORRECTABLE_LENGTH && !/^\d+$/.test(word))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([word]) => word);
  const keys = new Set<string>();
  const candidates = [
    ...TRENDING_SEARCHES,
    ...catalogue.categories.map((category) => category.name),
    ...catalogue.products.flatMap((product) => (product.brand ? [product.brand] : [])),
    ...TRENDING_SEARCHES.flatMap(swaps),
    ...Object.keys(QUERY_TYPOS),
    ...words,
  ];
  for (const query of candidates) {
    if (keys.size >= max) break;
    const key = firstPageKey(query);
    if (key !== null) keys.add(key);
  }
  return [...keys];
}

/** The file's text for the answer to `key`, or null when there is no first page to show (nothing found, or all out of stock). */
export function firstPageJson(key: string, answer: AnswerWithCards): string | null {
  const { answer: found, first } = answer;
  if (first.length === 0 || found.suggestions) return null;
  const page: FirstPage = {
    v: FIRST_PAGE_VERSION,
    key,
    total: found.total,
    outOfStock: found.outOfStock ?? 0,
    ...(found.correction ? { correction: found.correction } : {}),
    cards: first,
  };
  return JSON.stringify(page);
}

export interface FirstPagesSummary {
  queries: number;
  /** Files written, linked unchanged from the last index, and queries left without one (nothing found, or all out of stock). */
  written: number;
  linked: number;
  none: number;
  bytes: number;
  ms: number;
}

/** The first pages of `queries` into `index` (the new index folder, served as /pagefind/), linked from `last` where unchanged. */
export async function writeFirstPages(index: string, last: string | null, queries: readonly string[]): Promise<FirstPagesSummary> {
  const started = performance.now();
  const folder = path.join(index, path.posix.relative(`/${SEARCH_INDEX_DIR}/`, FIRST_PAGE_DIR));
  const lastFolder = last && path.join(last, path.posix.relative(`/${SEARCH_INDEX_DIR}/`, FIRST_PAGE_DIR));
  await mkdir(folder, { recursive: true });
  const search = await openBuiltSearch({ index }, { cacheFiles: true });
  const summary: FirstPagesSummary = { queries: queries.length, written: 0, linked: 0, none: 0, bytes: 0, ms: 0 };
  try {
    for (const key of queries) {
      const json = firstPageJson(key, await search.answer(key, SKELETON_CARDS));
      if (json === null) {
        summary.none += 1;
        continue;
      }
      const name = path.posix.basename(firstPageUrl(key));
      const file = path.join(folder, name);
      summary.bytes += Buffer.byteLength(json);
      const previous = lastFolder && (await readFile(path.join(lastFolder, name), 'utf8').catch(() => null));
      if (
        lastFolder &&
        previous === json &&
        (await link(path.join(lastFolder, name), file).then(
          () => true,
          () => false,
        ))
      ) {
        summary.linked += 1;
      } else {
        await writeFile(file, json);
        summary.written += 1;
      }
    }
  } finally {
    search.close();
  }
  return { ...summary, ms: performance.now() - started };
}
