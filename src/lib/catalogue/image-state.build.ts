/** The catalogue photos as the build's image step left them: per http(s) URL, the optimised photo or why it failed. */
import { readFile } from 'node:fs/promises';
import { isRecord } from '../fields.ts';
import type { Catalogue } from './rows.ts';
import { storedImagePath } from '../images.ts';

/** The file's format; a file of another version is ignored (every photo is fetched again). */
export const IMAGE_STATE_VERSION = 1;

export interface OptimisedEntry {
  /** First 16 hex digits of the SHA-256 of the bytes fetched. */
  hash: string;
  /** Size after EXIF orientation, in pixels. */
  width: number;
  height: number;
  /** For the next build's conditional request. */
  etag?: string;
  lastModified?: string;
  /** Until when (ms since the epoch) the response is fresh: no request before then. */
  expires: number;
}

/** A photo optimised, or shown as the placeholder and why (`HTTP 404`...). */
export type ImageEntry = OptimisedEntry | { failed: string };

const isOptimised = (entry: Record<string, unknown>): boolean =>
  typeof entry['hash'] === 'string' &&
  /^[0-9a-f]{16}$/.test(entry['hash']) &&
  Number.isInteger(entry['width']) &&
  Number.isInteger(entry['height']) &&
  (entry['width'] as number) > 0 &&
  (entry['height'] as number) > 0 &&
  typeof entry['expires'] === 'number';

/** Reads the state file; a missing file has no entries, a malformed entry is left out (fetched again). */
export async function readImageState(file: string): Promise<Map<string, ImageEntry>> {
  const entries = new Map<string, ImageEntry>();
  const value = await readFile(file, 'utf8')
    .then((text): unknown => JSON.parse(text))
    .catch(() => null);
  if (!isRecord(value) || value['version'] !== IMAGE_STATE_VERSION || !isRecord(value['images'])) return entries;
  for (const [url, entry] of Object.entries(value['images'])) {
    if (!isRecord(entry)) continue;
    if (isOptimised(entry)) entries.set(url, entry as unknown as OptimisedEntry);
    else if (typeof entry['failed'] === 'string') entries.set(url, { failed: entry['failed'] });
  }
  return entries;
}

/** The image path a page shows for an entry, or null (the placeholder). */
export function shownPath(entry: ImageEntry | undefined): string | null {
  return entry && 'hash' in entry ? storedImagePath(entry) : null;
}

/** True for an image URL the build fetches (http or https). */
export function isRemoteImage(url: string | null): url is string {
  return url !== null && /^https?:/i.test(url);
}

/** Every distinct http(s) image URL of the catalogue (products, categories, stores), in the order first met. */
export function remoteImageUrls(catalogue: Pick<Catalogue, 'products' | 'categories' | 'stores'>): string[] {
  const urls = new Set<string>();
  for (const table of [catalogue.products, catalogue.categories, catalogue.stores]) {
    for (const row of table) if (isRemoteImage(row.image_url)) urls.add(row.image_url);
  }
  return [...urls];
}

/** The catalogue with each http(s) image URL replaced by what `resolve` gives; other rows stay the same objects. */
export function resolveCatalogueImages(catalogue: Catalogue, resolve: (url: string) => string | null): Catalogue {
  const mapped = <T extends { image_url: string | null }>(rows: T[]): T[] =>
    rows.map((row) => (isRemoteImage(row.image_url) ? { ...row, image_url: resolve(row.image_url) } : row));
  return {
    ...catalogue,
    products: mapped(catalogue.products),
    categories: mapped(catalogue.categories),
    stores: mapped(catalogue.stores),
  };
}
