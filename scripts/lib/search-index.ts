/**
 * The search index, written from the catalogue (never read back from the pages): one Pagefind record per product and the typo
 * vocabulary, as files Pagefind reads with `addDirectory` (why: docs/operators.md); `installSearchIndex` moves it into the site.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pLimit from 'p-limit';
import * as pagefind from 'pagefind';
import { byId } from '../../src/lib/catalogue/model.ts';
import { buildCacheDir, moveFromCache, readCacheFile, stringEntries, writeCacheFile } from './build-cache.ts';
import {
  mapFragments,
  noFragments,
  noteInstalled,
  readFragmentState,
  seedFragments,
  writeFragmentState,
  type FragmentState,
} from './search-fragments.ts';
import type { Catalogue } from '../../src/lib/catalogue/rows.ts';
import { isRecord } from '../../src/lib/fields.ts';
import { BUNDLES_FILE, SEARCH_BUNDLE_SIZE, SEARCH_INDEX_DIR, bundleCount, bundleDir, bundleOf } from '../../src/lib/search/bundles.ts';
import { VOCABULARY_URL } from '../../src/lib/search/correction.ts';
import { placeOf, productIdOfUrl, productUrl, searchRecord, searchRecordHtml, type SearchRecord } from '../../src/lib/search/record.ts';
import { spellingVariants } from '../../src/lib/search/spellings.ts';
import { countWords, vocabularyFile, vocabularyText } from '../../src/lib/search/vocabulary.ts';
import { firstPageQueries } from './search-first-pages.ts';

/** Only the record element, one English index ("bananas" finds "Banana"). */
export const SEARCH_INDEX_CONFIG = { rootSelector: '[data-search-product]', forceLanguage: 'en' } as const;

const WRITE_CONCURRENCY = 16;

const RECORD_GLOB = 'product/*/index.html';

/** Bundles 1 to `bundles` - 1: those in their own folder. */
const laterBundles = (bundles: number): number[] => Array.from({ length: bundles - 1 }, (_, i) => i + 1);

/** The records folder's manifest: the number of bundles, and the hash of each product's document, by id. */
const RECORDS_MANIFEST = 'records.json';
const RECORDS_MANIFEST_VERSION = 2;

export class SearchIndexError extends Error {}

/** One record per product, in stock or not, by id (so the same catalogue gives the same manifest). */
export function* searchRecords(catalogue: Pick<Catalogue, 'products' | 'categories'>): Generator<SearchRecord> {
  const categoryById = new Map(catalogue.categories.map((category) => [category.id, category]));
  for (const product of [...catalogue.products].sort(byId)) {
    const record = searchRecord(product, placeOf(product.category_id, categoryById), spellingVariants);
    if (record) yield record;
  }
}

/** At its page's URL: Pagefind takes a document's URL from its path. */
const recordDir = (folder: string, id: string): string => path.join(folder, productUrl(id));

/** Hash by id, or null when missing, unreadable, of another version or of another number of bundles. */
async function readRecordsManifest(folder: string, bundles: number): Promise<Map<string, string> | null> {
  const manifest = await readCacheFile(path.join(folder, RECORDS_MANIFEST), RECORDS_MANIFEST_VERSION);
  const records = manifest?.['records'];
  return manifest?.['bundles'] === bundles && isRecord(records) ? stringEntries(records) : null;
}

/** Removes the folders of bundles there are no more of (a build with more bundles left them). */
async function removeOtherBundles(folder: string, bundles: number): Promise<void> {
  const kept = new Set(laterBundles(bundles).map(bundleDir));
  const stray = (await readdir(folder).catch(() => [])).filter((name) => name.startsWith('bundle-') && !kept.has(name));
  await Promise.all(stray.map((name) => rm(path.join(folder, name), { recursive: true, force: true })));
}

/** The folders in `product/`; anything else there is removed at once, so no document's folder is blocked by a file. */
async function presentRecordFolders(folder: string): Promise<string[]> {
  const products = path.join(folder, 'product');
  const entries = await readdir(products, { withFileTypes: true }).catch(async (error: unknown) => {
    // Missing, or a file where the folder should be.
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') await rm(products, { force: true });
    return [];
  });
  for (const entry of entries) if (!entry.isDirectory()) await rm(path.join(products, entry.name), { force: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

/**
 * Makes `folder` hold exactly one document per record, in its bundle's folder (`bundleDir`), writing only those whose hash changed;
 * without a manifest of as many bundles, or `reuse` false, all over what is there (emptying the folder first cost 22 s for 95,000
 * folders). An interrupted run leaves no manifest.
 */
export async function syncRecordFiles(records: Iterable<SearchRecord>, folder: string, reuse = true, bundles = 1) {
  const previous = reuse ? await readRecordsManifest(folder, bundles) : null;
  await rm(path.join(folder, RECORDS_MANIFEST), { force: true });
  await removeOtherBundles(folder, bundles);
  const home = (id: string) => recordDir(path.join(folder, bundleDir(bundleOf(id, bundles))), id);
  const present: { name: string; dir: string; bundle: number }[] = [];
  for (let k = 0; !previous && k < bundles; k++) {
    const bundle = path.join(folder, bundleDir(k));
    for (const name of await presentRecordFolders(bundle)) present.push({ name, dir: recordDir(bundle, name), bundle: k });
  }
  const hashes = new Map<string, string>();
  const changed = new Set<string>();
  const limit = pLimit(WRITE_CONCURRENCY);
  const writes: Promise<void>[] = [];
  for (const record of records) {
    const html = searchRecordHtml(record);
    const hash = createHash('sha256').update(html).digest('base64url');
    hashes.set(record.id, hash);
    if (previous?.get(record.id) === hash) continue;
    changed.add(record.id);
    const dir = home(record.id);
    writes.push(
      limit(async () => {
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, 'index.html'), html);
      }),
    );
  }
  const gone = [...(previous?.keys() ?? [])].filter((id) => !hashes.has(id));
  // Without a manifest, folders of products no longer indexed (or of nothing, or in another bundle) are known only by listing.
  const strays = present.filter(({ name, bundle }) => !hashes.has(name) || bundleOf(name, bundles) !== bundle).map(({ dir }) => dir);
  for (const dir of [...gone.map(home), ...strays]) writes.push(limit(() => rm(dir, { recursive: true, force: true })));
  await Promise.all(writes);
  await writeCacheFile(path.join(folder, RECORDS_MANIFEST), RECORDS_MANIFEST_VERSION, { bundles, records: Object.fromEntries(hashes) });
  // Removed: documents of products no longer indexed.
  return { written: changed.size, kept: hashes.size - changed.size, removed: gone.length, changed };
}

/** Where the index step works, all in the build cache. */
export type SearchIndexPaths = ReturnType<typeof searchIndexPaths>;

/**
 * What the index needs once the record documents are written, never the catalogue itself, so the catalogue can be read in a
 * process that exits before Pagefind's peak (why: docs/operators.md, "The search index").
 */
export type PreparedRecords = Awaited<ReturnType<typeof prepareSearchRecords>>;

/**
 * Writes the catalogue's record documents and counts their vocabulary. The fragments' state goes before the first document (a run
 * stopped before the new index would leave fragments that no longer match), and only here: an unreadable catalogue keeps it.
 */
export async function prepareSearchRecords(
  catalogue: Pick<Catalogue, 'products' | 'categories'>,
  paths: Pick<SearchIndexPaths, 'records' | 'fragments' | 'bundleSize'>,
  reuse = true,
) {
  const started = performance.now();
  const records = [...searchRecords(catalogue)];
  const bundles = bundleCount(records.length, paths.bundleSize);
  await rm(paths.fragments, { force: true });
  const files = await syncRecordFiles(records, paths.records, reuse, bundles);
  const counts = countWords(records.map(vocabularyText));
  return {
    ids: records.map((record) => record.id),
    // How many bundles the records are in (src/lib/search/bundles.ts).
    bundles,
    files,
    // The vocabulary file's text, and how many words it holds.
    vocabulary: JSON.stringify(vocabularyFile(counts)),
    words: counts.size,
    // The queries whose first page the build writes once the index is in (search-first-pages.ts).
    firstPageQueries: firstPageQueries(catalogue, counts),
    ms: performance.now() - started,
  };
}

/** For the index step in another process (`readPreparedRecords`). */
export function preparedRecordsJson(prepared: PreparedRecords): string {
  return JSON.stringify({ ...prepared, files: { ...prepared.files, changed: [...prepared.files.changed] } });
}

/** Reads `preparedRecordsJson`'s text back; null for anything else. */
export function readPreparedRecords(text: string): PreparedRecords | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const strings = (list: unknown): list is string[] => Array.isArray(list) && list.every((item) => typeof item === 'string');
  const count = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (!isRecord(value) || !isRecord(value['files'])) return null;
  const { ids, bundles, vocabulary, words, firstPageQueries, ms } = value;
  const { written, kept, removed, changed } = value['files'];
  if (!strings(ids) || typeof vocabulary !== 'string' || !count(words) || typeof ms !== 'number') return null;
  if (!strings(firstPageQueries)) return null;
  if (!count(bundles) || bundles < 1) return null;
  if (!count(written) || !count(kept) || !count(removed) || !strings(changed)) return null;
  return { ids, bundles, files: { written, kept, removed, changed: new Set(changed) }, vocabulary, words, firstPageQueries, ms };
}

/**
 * Writes Pagefind's bundles, `vocabulary.json` and `bundles.json` to `paths.staging` from the records made by `prepare` (in another
 * process: scripts/build-search-index.ts), called once more with false when the records folder is not what its manifest says.
 * `prepare` must remove the fragments' state first, as `prepareSearchRecords` does; `reuse` false reuses no document or fragment.
 */
export async function indexSearchRecords(prepare: (reuse: boolean) => Promise<PreparedRecords>, paths: SearchIndexPaths, reuse = true) {
  // Writing the record documents, Pagefind reading them, Pagefind writing its bundles.
  const ms = { records: 0, read: 0, write: 0 };
  const timed = async <T>(phase: keyof typeof ms, work: Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work;
    } finally {
      ms[phase] += performance.now() - started;
    }
  };
  // Read before `prepare` drops it: a run stopped half way leaves no state, and the next one links nothing.
  const previous: FragmentState = reuse ? await readFragmentState(paths.fragments) : noFragments();
  let prepared = await prepare(reuse);
  ms.records += prepared.ms;
  let indexed = await indexBundles(prepared, previous, paths, timed);
  if (!indexed && prepared.files.kept > 0) {
    // The folder is not what its manifest says (edited by hand, or a stray file): start again from nothing.
    prepared = await prepare(false);
    ms.records += prepared.ms;
    indexed = await indexBundles(prepared, previous, paths, timed);
  }
  if (!indexed) throw new SearchIndexError(`Pagefind did not read the ${prepared.ids.length} records of ${paths.records}`);
  await writeFragmentState(paths.fragments, { dir: previous.dir, bundles: prepared.bundles, byId: indexed.byId });
  await writeFile(path.join(paths.staging, path.posix.basename(VOCABULARY_URL)), prepared.vocabulary);
  const bundlesFile = { bundles: laterBundles(prepared.bundles).map((k) => `${bundleDir(k)}/`) };
  await writeFile(path.join(paths.staging, BUNDLES_FILE), JSON.stringify(bundlesFile));
  return {
    indexed: prepared.ids.length,
    firstPageQueries: prepared.firstPageQueries,
    bundles: prepared.bundles,
    files: prepared.files,
    // Linked from the last index (unchanged records), and written by Pagefind.
    fragments: { linked: indexed.linked, written: prepared.ids.length - indexed.linked },
    ms,
    words: prepared.words,
    vocabularyBytes: Buffer.byteLength(prepared.vocabulary),
    vocabularyGzipBytes: gzipSync(prepared.vocabulary, { level: 9 }).length,
  };
}

type Timed = <T>(phase: 'read' | 'write', work: Promise<T>) => Promise<T>;

/**
 * Indexes each bundle's records into its folder of `paths.staging`, one Pagefind after the other (memory), bundle 0 first (it
 * empties the whole folder). Null as soon as one bundle's folder is not what the manifest says.
 */
async function indexBundles(
  { ids, bundles, files }: Pick<PreparedRecords, 'ids' | 'bundles' | 'files'>,
  previous: FragmentState,
  paths: SearchIndexPaths,
  timed: Timed,
): Promise<{ byId: Map<string, string>; linked: number } | null> {
  // Fragments of another number of bundles are in other bundles' folders.
  const linkable = previous.bundles === bundles ? previous : noFragments();
  const idsOf: string[][] = Array.from({ length: bundles }, () => []);
  for (const id of ids) idsOf[bundleOf(id, bundles)]?.push(id);
  const byId = new Map<string, string>();
  let linked = 0;
  for (const [k, bundleIds] of idsOf.entries()) {
    const dir = bundleDir(k);
    const bundle = {
      records: path.join(paths.records, dir),
      staging: path.join(paths.staging, dir),
      ids: bundleIds,
      changed: new Set(bundleIds.filter((id) => files.changed.has(id))),
    };
    const from = { ...linkable, dir: linkable.dir && path.join(linkable.dir, dir) };
    const indexed = await indexRecordFiles(bundle, from, timed);
    if (!indexed) return null;
    for (const [id, name] of indexed.byId) byId.set(id, name);
    linked += indexed.linked;
  }
  return { byId, linked };
}

/**
 * Runs Pagefind over one bundle's record documents into its staging folder, unchanged fragments linked in first. Null when Pagefind
 * did not read exactly the records (a folder that is not what its manifest says).
 */
async function indexRecordFiles(
  bundle: { records: string; staging: string; ids: string[]; changed: ReadonlySet<string> },
  previous: FragmentState,
  timed: Timed,
): Promise<{ byId: Map<string, string>; linked: number } | null> {
  const created = await pagefind.createIndex(SEARCH_INDEX_CONFIG);
  const index = created.index;
  if (!index) throw new SearchIndexError(`Pagefind could not start an index: ${created.errors.join('; ')}`);
  try {
    // Bundle 0's glob reads only its own documents, never those in the other bundles' folders inside its own.
    const added = await timed('read', index.addDirectory({ path: bundle.records, glob: RECORD_GLOB }));
    if (added.errors.length > 0) throw new SearchIndexError(`Pagefind could not read the records: ${added.errors.join('; ')}`);
    if (added.page_count !== bundle.ids.length) return null;
    const ids = new Set(bundle.ids);
    const unchanged = bundle.ids.filter((id) => !bundle.changed.has(id));
    const write = async (seed: boolean) => {
      await rm(bundle.staging, { recursive: true, force: true });
      const seeded = seed ? await seedFragments(previous, unchanged, bundle.staging) : new Set<string>();
      const written = await index.writeFiles({ outputPath: bundle.staging });
      if (written.errors.length > 0) throw new SearchIndexError(`Pagefind could not write the index: ${written.errors.join('; ')}`);
      const byId = await mapFragments(bundle.staging, seeded, previous, ids, bundle.changed, productIdOfUrl);
      return byId && { byId, linked: [...byId.values()].filter((name) => seeded.has(name)).length };
    };
    // Without links when the linked fragments cannot be trusted (search-fragments.ts).
    const result = (await timed('write', write(true))) ?? (await timed('write', write(false)));
    if (!result) throw new SearchIndexError(`Pagefind's fragments in ${bundle.staging} do not match the records`);
    return result;
  } finally {
    await pagefind.close();
  }
}

/** Moves the finished index into the site, replacing any there, and notes where it went for the next build's links. */
export async function installSearchIndex(paths: Pick<SearchIndexPaths, 'staging' | 'fragments' | 'kept'>, outDir: string): Promise<void> {
  const target = path.join(outDir, SEARCH_INDEX_DIR);
  await rm(target, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await moveFromCache(paths.staging, target);
  await noteInstalled(paths.fragments, path.resolve(target), paths.kept);
}

export function searchIndexPaths(env: NodeJS.ProcessEnv = process.env) {
  const cache = buildCacheDir(env);
  return {
    /** Where the index is written, to be moved into the site (`installSearchIndex`). */
    staging: path.join(cache, 'thela-search-index'),
    records: path.join(cache, 'thela-search-records'),
    /** The fragments' state (search-fragments.ts). */
    fragments: path.join(cache, 'thela-search-fragments.json'),
    /** Where the last index waits during a build into its own folder (`keepLastIndex`). */
    kept: path.join(cache, 'thela-search-last'),
    /** From the records step's process to the index step's (scripts/build-search-index.ts), the latter's pid after it: runs never mix. */
    prepared: path.join(cache, 'thela-search-prepared.json'),
    bundleSize: searchBundleSize(env),
  };
}

/** THELA_SEARCH_BUNDLE_SIZE: most products a bundle of the index holds (docs/operators.md, "The search index"); else SearchIndexError. */
export function searchBundleSize(env: NodeJS.ProcessEnv = process.env): number {
  const value = env['THELA_SEARCH_BUNDLE_SIZE']?.trim() || String(SEARCH_BUNDLE_SIZE);
  const size = Number(value);
  if (/^\d+$/.test(value) && Number.isSafeInteger(size) && size > 0) return size;
  throw new SearchIndexError(`THELA_SEARCH_BUNDLE_SIZE must be a positive whole number, not ${JSON.stringify(value)}`);
}

/** THELA_SEARCH_INDEX: the index written `beside` Astro or `after` it (docs/operators.md, "The search index"); else SearchIndexError. */
export function searchIndexTiming(env: NodeJS.ProcessEnv = process.env) {
  const value = env['THELA_SEARCH_INDEX']?.trim() || 'beside';
  if (value === 'beside' || value === 'after') return value;
  throw new SearchIndexError(`THELA_SEARCH_INDEX must be "beside" or "after", not ${JSON.stringify(value)}`);
}
