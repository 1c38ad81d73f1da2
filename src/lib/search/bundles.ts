/**
 * A large catalogue's index in several Pagefind bundles, so the first search loads one bundle's metadata, not all of it (README.md,
 * "Several bundles"). Shared by the build (which splits) and the browser (which merges); bundle 0 is /pagefind/ itself.
 */
import { fnv1a } from '../hash.ts';

/**
 * Products a bundle holds, on average: Pagefind's metadata is about 5.6 bytes gzipped a product, all loaded by the first search. At
 * 100,000 products 20,000 gave `?q=milk` an LCP of 3.0 s against 4.2 s at 40,000 (README.md, "Several bundles").
 */
export const SEARCH_BUNDLE_SIZE = 20_000;

/** The index's folder in the site (served at /pagefind/): bundle 0's. */
export const SEARCH_INDEX_DIR = 'pagefind';

/** In bundle 0's folder: the other bundles' folders, relative to it (`{"bundles":["bundle-1/"]}`), `[]` for one bundle. */
export const BUNDLES_FILE = 'bundles.json';

export const bundleCount = (records: number, size: number = SEARCH_BUNDLE_SIZE): number => Math.max(1, Math.ceil(records / size));

/** A product's bundle: spread evenly by its id, so each bundle is a sample of the whole catalogue and answers any query in kind. */
export const bundleOf = (id: string, count: number): number => (count <= 1 ? 0 : fnv1a(id) % count);

/** Bundle `k`'s folder inside bundle 0's (and inside the records folder): '' for bundle 0. */
export const bundleDir = (k: number): string => (k === 0 ? '' : `bundle-${k}`);

/** `BUNDLES_FILE`'s folders, each checked (`bundle-<n>/`); anything else reads as no other bundle. */
export function readBundlesFile(value: unknown): string[] {
  const list = typeof value === 'object' && value !== null ? (value as { bundles?: unknown }).bundles : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter((dir): dir is string => typeof dir === 'string' && /^bundle-[1-9]\d{0,3}\/$/.test(dir));
}
