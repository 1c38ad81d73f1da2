/**
 * The search index's fragments, shared between builds: unchanged records' fragments are hard-linked from the last index before
 * Pagefind writes (`seedFragments`); `mapFragments` checks each changed record got its own (docs/operators.md, "The search index").
 */
import { link, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pLimit from 'p-limit';
import { readCacheFile, stringEntries, writeCacheFile } from './build-cache.ts';
import { codeVersion, moduleGraph } from './code-version.ts';
import { isRecord } from '../../src/lib/fields.ts';

const FRAGMENT_DIR = 'fragment';
const FRAGMENT_SUFFIX = '.pf_fragment';
/**
 * Pagefind's prefix inside each decompressed file, before the fragment's JSON: not Pagefind's public API. Another
 * format links nothing (every fragment is written again); tests/unit/search-index.test.ts ("writeSearchIndex, again")
 * holds the installed Pagefind to it.
 */
const FRAGMENT_PREFIX = 'pagefind_dcd';
const STATE_VERSION = 2;

let code: Promise<string> | undefined;
/**
 * The version of the code that writes the index, and of Pagefind: fragments written by another are never linked
 * (Pagefind or our indexing changed what a fragment holds). Derived from the code, not bumped by hand.
 */
function indexCode(): Promise<string> {
  code ??= moduleGraph('scripts/lib/search-index.ts').then((files) => codeVersion(files, ['pagefind']));
  return code;
}
const CONCURRENCY = 16;

/**
 * Where the last index was installed, in how many bundles (src/lib/search/bundles.ts), and the fragment name of each of its records,
 * by record id (in its bundle's `fragment/`).
 */
export interface FragmentState {
  dir: string | null;
  bundles: number;
  byId: Map<string, string>;
}

/** Links nothing. */
export const noFragments = (): FragmentState => ({ dir: null, bundles: 1, byId: new Map() });

/** The stored state, or an empty one when missing, unreadable or of another version. */
export async function readFragmentState(file: string): Promise<FragmentState> {
  const stored = await readCacheFile(file, STATE_VERSION);
  const bundles = stored?.['bundles'];
  if (
    !stored ||
    stored['code'] !== (await indexCode()) ||
    !isRecord(stored['byId']) ||
    typeof bundles !== 'number' ||
    !Number.isInteger(bundles) ||
    bundles < 1
  )
    return noFragments();
  return { dir: typeof stored['dir'] === 'string' ? stored['dir'] : null, bundles, byId: stringEntries(stored['byId'], isFragmentName) };
}

export async function writeFragmentState(file: string, state: FragmentState): Promise<void> {
  await writeCacheFile(file, STATE_VERSION, {
    code: await indexCode(),
    dir: state.dir,
    bundles: state.bundles,
    byId: Object.fromEntries(state.byId),
  });
}

/** Notes where the index now is; a last index kept aside is deleted (the new one links whatever of it is still used). */
export async function noteInstalled(file: string, dir: string, kept: string): Promise<void> {
  const state = await readFragmentState(file);
  if (state.byId.size > 0) await writeFragmentState(file, { ...state, dir });
  await rm(kept, { recursive: true, force: true });
}

/**
 * Before a build into the folder that holds the last index, which Astro empties: moves that index to `kept` so its fragments can
 * still be linked. A move that fails: nothing is linked.
 */
export async function keepLastIndex(file: string, outDir: string, kept: string): Promise<void> {
  const state = await readFragmentState(file);
  if (!state.dir) return;
  const relative = path.relative(path.resolve(outDir), state.dir);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return;
  await rm(kept, { recursive: true, force: true });
  try {
    await rename(state.dir, kept);
  } catch {
    return;
  }
  await writeFragmentState(file, { ...state, dir: kept });
}

/** A fragment name as Pagefind writes them ("en_3f9a2c1"), never a path. */
function isFragmentName(name: string): boolean {
  return /^[\w-]{1,100}$/.test(name);
}

/** Hard-links the last index's fragment of each of `ids` (unchanged records) into `outputPath`; returns the names linked. */
export async function seedFragments(state: FragmentState, ids: Iterable<string>, outputPath: string): Promise<Set<string>> {
  const to = path.join(outputPath, FRAGMENT_DIR);
  await mkdir(to, { recursive: true });
  const seeded = new Set<string>();
  if (!state.dir) return seeded;
  const from = path.join(state.dir, FRAGMENT_DIR);
  const names = new Set([...ids].flatMap((id) => state.byId.get(id) || []));
  await pLimit(CONCURRENCY).map(names, async (name) => {
    const file = `${name}${FRAGMENT_SUFFIX}`;
    try {
      await link(path.join(from, file), path.join(to, file));
      seeded.add(name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  });
  return seeded;
}

/** The record id of a fragment, from its URL, or null when unreadable. */
async function fragmentId(file: string, idFromUrl: (url: string) => string | null): Promise<string | null> {
  try {
    const text = gunzipSync(await readFile(file)).toString('utf8');
    if (!text.startsWith(FRAGMENT_PREFIX)) return null;
    const url = (JSON.parse(text.slice(FRAGMENT_PREFIX.length)) as { url?: unknown }).url;
    return typeof url === 'string' ? idFromUrl(url) : null;
  } catch {
    return null;
  }
}

/**
 * After Pagefind wrote into `outputPath`: every record's fragment name, read back from those it wrote, else the linked one. Null
 * when that cannot be trusted: a changed record without a fragment written for it, a written fragment of no known record, or a record
 * with no fragment at all. Linked fragments no record uses any more are deleted.
 */
export async function mapFragments(
  outputPath: string,
  seeded: ReadonlySet<string>,
  previous: FragmentState,
  ids: ReadonlySet<string>,
  changed: ReadonlySet<string>,
  idFromUrl: (url: string) => string | null,
): Promise<Map<string, string> | null> {
  const dir = path.join(outputPath, FRAGMENT_DIR);
  const written = (await readdir(dir))
    .filter((file) => file.endsWith(FRAGMENT_SUFFIX))
    .map((file) => file.slice(0, -FRAGMENT_SUFFIX.length))
    .filter((name) => !seeded.has(name));
  const owners = await pLimit(CONCURRENCY).map(written, (name) => fragmentId(path.join(dir, `${name}${FRAGMENT_SUFFIX}`), idFromUrl));
  const byId = new Map<string, string>();
  for (const [i, id] of owners.entries()) {
    if (id === null || !ids.has(id)) return null;
    byId.set(id, written[i] as string);
  }
  for (const id of changed) if (!byId.has(id)) return null;
  for (const id of ids) {
    if (byId.has(id)) continue;
    const name = previous.byId.get(id);
    if (name === undefined || !seeded.has(name)) return null;
    byId.set(id, name);
  }
  const used = new Set(byId.values());
  const unused = [...seeded].filter((name) => !used.has(name));
  await pLimit(CONCURRENCY).map(unused, (name) => rm(path.join(dir, `${name}${FRAGMENT_SUFFIX}`), { force: true }));
  return byId;
}
