/**
 * The search index, written from the catalogue rather than read back from the built pages: one Pagefind record per
 * available product (`searchRecord`, as the small document `searchRecordHtml` writes), added through Pagefind's
 * Node API, and the typo-correction vocabulary of the same records. scripts/build-search-index.ts runs it beside
 * `astro build` into a staging folder; `installSearchIndex` moves it into the site once Astro is done. Nothing of
 * the 100,000 pages is parsed twice.
 */
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as pagefind from 'pagefind';
import { byId } from '../../src/lib/catalogue/model.ts';
import type { Catalogue } from '../../src/lib/catalogue/rows.ts';
import { VOCABULARY_URL } from '../../src/lib/search/correction.ts';
import { placeOf, productUrl, searchRecord, searchRecordHtml, type SearchRecord } from '../../src/lib/search/record.ts';
import { countWords, recordText, vocabularyFile } from '../../src/lib/search/vocabulary.ts';

/** How Pagefind reads each record: only the record element, one English index ("bananas" finds "Banana"). */
export const SEARCH_INDEX_CONFIG = { rootSelector: '[data-search-product]', forceLanguage: 'en' } as const;

/** Where the site serves the index from (src/lib/search/pagefind-client.ts loads /pagefind/pagefind.js). */
export const SEARCH_INDEX_DIR = 'pagefind';

/** Records sent to Pagefind before waiting for its answers: keeps the pending messages bounded. */
const BATCH = 1000;

/** Thrown when Pagefind refuses a record or cannot write the index. */
export class SearchIndexError extends Error {}

/**
 * The index's records: one per product that can be found, by id, so the same catalogue always gives the same index
 * (the order decides between equal-ranked results; reading pages from disk did not fix it).
 */
export function* searchRecords(catalogue: Pick<Catalogue, 'products' | 'categories'>): Generator<SearchRecord> {
  const categoryById = new Map(catalogue.categories.map((category) => [category.id, category]));
  for (const product of [...catalogue.products].sort(byId)) {
    const record = searchRecord(product, placeOf(product.category_id, categoryById));
    if (record) yield record;
  }
}

/** What `writeSearchIndex` wrote. */
export interface SearchIndexSummary {
  /** Records indexed (available products). */
  indexed: number;
  /** Words in the typo-correction vocabulary. */
  words: number;
  /** The vocabulary file's bytes, and gzipped. */
  vocabularyBytes: number;
  vocabularyGzipBytes: number;
}

/**
 * Indexes `catalogue` and writes Pagefind's bundle (pagefind.js, WebAssembly, index, fragments) to `outputPath`,
 * with the typo-correction vocabulary of the same records beside it (`vocabulary.json`, src/lib/search/vocabulary.ts).
 */
export async function writeSearchIndex(catalogue: Pick<Catalogue, 'products' | 'categories'>, outputPath: string): Promise<SearchIndexSummary> {
  const created = await pagefind.createIndex(SEARCH_INDEX_CONFIG);
  const index = created.index;
  if (!index) throw new SearchIndexError(`Pagefind could not start an index: ${created.errors.join('; ')}`);
  try {
    const texts: string[] = [];
    let pending: Promise<pagefind.NewFileResponse>[] = [];
    const settle = async () => {
      for (const response of await Promise.all(pending)) {
        if (response.errors.length > 0) throw new SearchIndexError(`Pagefind refused a record: ${response.errors.join('; ')}`);
      }
      pending = [];
    };
    for (const record of searchRecords(catalogue)) {
      pending.push(index.addHTMLFile({ url: productUrl(record.id), content: searchRecordHtml(record) }));
      texts.push(recordText(record));
      if (pending.length >= BATCH) await settle();
    }
    await settle();
    await rm(outputPath, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new SearchIndexError(`Pagefind could not write the index: ${written.errors.join('; ')}`);
    const counts = countWords(texts);
    const json = JSON.stringify(vocabularyFile(counts));
    await writeFile(path.join(outputPath, path.posix.basename(VOCABULARY_URL)), json);
    return { indexed: texts.length, words: counts.size, vocabularyBytes: Buffer.byteLength(json), vocabularyGzipBytes: gzipSync(json, { level: 9 }).length };
  } finally {
    await pagefind.close();
  }
}

/** Moves a finished index from `staging` into the built site at `outDir`, replacing any index already there. */
export async function installSearchIndex(staging: string, outDir: string): Promise<void> {
  const target = path.join(outDir, SEARCH_INDEX_DIR);
  await rm(target, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  try {
    await rename(staging, target);
  } catch (error) {
    // A staging folder on another file system (the build cache mounted elsewhere) is copied instead.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(staging, target, { recursive: true });
    await rm(staging, { recursive: true, force: true });
  }
}

/** Where the index is written while Astro builds: in the build cache (THELA_BUILD_CACHE, default node_modules/.astro). */
export function searchIndexStaging(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env['THELA_BUILD_CACHE'] || 'node_modules/.astro', 'thela-search-index');
}

/**
 * When the build writes the index: `beside` Astro (the default: the second core indexes while the first renders), or
 * `after` it (THELA_SEARCH_INDEX=after), for hosts that cannot hold both at once: the build's peak memory is then the
 * larger of the two instead of their sum (docs/operators.md, "The search index").
 */
export type SearchIndexTiming = 'beside' | 'after';

/** Reads THELA_SEARCH_INDEX; throws SearchIndexError, naming the value, for anything but `beside` or `after`. */
export function searchIndexTiming(env: NodeJS.ProcessEnv = process.env): SearchIndexTiming {
  const value = env['THELA_SEARCH_INDEX']?.trim() || 'beside';
  if (value === 'beside' || value === 'after') return value;
  throw new SearchIndexError(`THELA_SEARCH_INDEX must be "beside" or "after", not ${JSON.stringify(value)}`);
}
