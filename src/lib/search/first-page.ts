/**
 * First pages: the first screen of a search the build has already answered (README.md, "First pages"). The build writes one
 * file per query shoppers use; a page opened with such a query in its URL shows it before Pagefind has loaded. Shared by the
 * build, the page's inline script and the island. No React.
 */
import { isRecord, readCardProduct, type CardProduct } from '../fields.ts';
import { SEARCH_INDEX_DIR } from './bundles.ts';
import { normalizeWords } from './normalize.ts';

/** The spec's skeleton: 12 cards, and so the cards a first page holds. */
export const SKELETON_CARDS = 12;

export const FIRST_PAGE_DIR = `/${SEARCH_INDEX_DIR}/first/`;

export const FIRST_PAGE_VERSION = 1;

/** Longer queries are never precomputed: no file is looked for. */
const MAX_KEY_LENGTH = 60;

/**
 * The file key of what a shopper typed (its words, lowercased), or null when no file can answer it: blank, too long, or with a
 * character outside printable ASCII, which `expandQuery` may rewrite (an emoji, Devanagari) so that two queries of one key would
 * search differently.
 */
export function firstPageKey(q: string): string | null {
  if (!/^[\x20-\x7e]*$/.test(q)) return null;
  const key = normalizeWords(q);
  return key && key.length <= MAX_KEY_LENGTH ? key : null;
}

/** Keys hold letters, digits and single spaces: a hyphen in a file name stands for the space. */
export const firstPageUrl = (key: string): string => `${FIRST_PAGE_DIR}${key.replaceAll(' ', '-')}.json`;

/** One file: the answer's first cards, best first, the total, how many are out of stock and the correction, if any. */
export interface FirstPage {
  v: typeof FIRST_PAGE_VERSION;
  key: string;
  total: number;
  outOfStock: number;
  correction?: { changes: [from: string, to: string][] };
  cards: CardProduct[];
}

const count = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

const words = (value: unknown): value is string => typeof value === 'string' && /^[\p{Ll}\p{N}]+$/u.test(value);

/** The fetched (untrusted) file for `key`, or null unless every field is as the build writes it. */
export function readFirstPage(data: unknown, key: string): FirstPage | null {
  if (!isRecord(data)) return null;
  const file: Partial<Record<keyof FirstPage, unknown>> = data;
  if (file.v !== FIRST_PAGE_VERSION || file.key !== key || !count(file.total) || !count(file.outOfStock)) return null;
  if (!Array.isArray(file.cards) || file.cards.length === 0 || file.cards.length > SKELETON_CARDS) return null;
  if (file.total < file.cards.length) return null;
  const cards = file.cards.map(readCardProduct);
  if (!cards.every((card) => card !== null)) return null;
  const page: FirstPage = { v: FIRST_PAGE_VERSION, key, total: file.total, outOfStock: file.outOfStock, cards };
  if (file.correction === undefined) return page;
  const changes: unknown = isRecord(file.correction) ? file.correction['changes'] : null;
  if (!Array.isArray(changes) || changes.length === 0) return null;
  if (!changes.every((pair) => Array.isArray(pair) && pair.length === 2 && words(pair[0]) && words(pair[1]))) return null;
  return { ...page, correction: { changes: changes as [string, string][] } };
}
