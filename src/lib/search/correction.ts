/**
 * Typo correction for query words that match nothing (Pagefind has no edit distance): the closest word of the build's vocabulary by
 * Damerau-Levenshtein distance (1 edit up to 4 letters, else 2); tie-breaks and word splitting: src/lib/search/README.md.
 */
import { sharedPrefixLength } from './matching.ts';
import { normalizeWords } from './normalize.ts';
import { onceUntilFailure } from '../once.ts';

/** Beside Pagefind's files: same caching, same offline rule. */
export const VOCABULARY_URL = '/pagefind/vocabulary.json';

export const VOCABULARY_VERSION = 1;

/** Words shorter than this are neither corrected nor offered as corrections ("ml", "kg", "of"). */
export const MIN_CORRECTABLE_LENGTH = 3;

/** The longest word looked at: longer input is not a word a shopper meant. */
export const MAX_CORRECTABLE_LENGTH = 30;

export const maxDistanceFor = (word: string): number => (word.length <= 4 ? 1 : 2);

/** Pack-size words after a number (`expandQuery` has already turned "litre" into "l"). */
export const PACK_UNITS: ReadonlySet<string> = new Set([
  'l',
  'ml',
  'g',
  'kg',
  'pc',
  'pcs',
  'gm',
  'gms',
  'ltr',
  'mg',
  'cm',
  'm',
  'x',
  'pack',
  'packs',
]);

/** Optimal string alignment distance (a swap of neighbours costs 1), or `max + 1` as soon as it must exceed `max`. */
export function osaDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n === 0) return m;
  if (m === 0) return n;
  // Three rows: two back (for swaps), one back and the current one.
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let row = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i += 1) {
    row[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j += 1) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, (prev2[j - 2] as number) + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, row] = [prev, row, prev2];
  }
  const distance = prev[m] as number;
  return distance > max ? max + 1 : distance;
}

/** The vocabulary as the page holds it: words by length, each with how many products carry it. */
export interface Vocabulary {
  size: number;
  /** Words of each length, and their counts at the same positions. */
  byLength: Map<number, { words: string[]; counts: number[] }>;
  has: (word: string) => boolean;
  count: (word: string) => number;
}

/** The file as the build writes it: [count, "word word word"], counts descending. */
export interface VocabularyFile {
  v: number;
  words: [number, string][];
}

/** Builds the in-memory vocabulary from (word, count) pairs; duplicate words keep their highest count. */
export function vocabularyFrom(entries: Iterable<readonly [string, number]>): Vocabulary {
  const counts = new Map<string, number>();
  for (const [word, count] of entries) {
    if (word.length < MIN_CORRECTABLE_LENGTH || word.length > MAX_CORRECTABLE_LENGTH) continue;
    if (count > (counts.get(word) ?? 0)) counts.set(word, count);
  }
  const byLength = new Map<number, { words: string[]; counts: number[] }>();
  for (const [word, count] of counts) {
    let bucket = byLength.get(word.length);
    if (!bucket) byLength.set(word.length, (bucket = { words: [], counts: [] }));
    bucket.words.push(word);
    bucket.counts.push(count);
  }
  return { size: counts.size, byLength, has: (word) => counts.has(word), count: (word) => counts.get(word) ?? 0 };
}

/** Reads the fetched (untrusted) file: null unless it has the expected shape; words not of lowercase letters are skipped. */
export function parseVocabulary(data: unknown): Vocabulary | null {
  if (typeof data !== 'object' || data === null) return null;
  const file = data as Partial<VocabularyFile>;
  if (file.v !== VOCABULARY_VERSION || !Array.isArray(file.words)) return null;
  const entries: [string, number][] = [];
  for (const group of file.words) {
    if (!Array.isArray(group) || (group as unknown[]).length !== 2) continue;
    const [count, words] = group as unknown[];
    if (typeof count !== 'number' || !Number.isFinite(count) || count < 1 || typeof words !== 'string') continue;
    for (const word of words.split(' ')) if (/^\p{Ll}+$/u.test(word)) entries.push([word, count]);
  }
  return vocabularyFrom(entries);
}

/** True for a word correction must leave alone: a number ("500", "2x"), or a pack-size unit after a number. */
export function isProtected(word: string, previous: string | undefined): boolean {
  if (/\d/.test(word)) return true;
  if (previous !== undefined && /^\d/.test(previous) && PACK_UNITS.has(word)) return true;
  return word.length < MIN_CORRECTABLE_LENGTH || word.length > MAX_CORRECTABLE_LENGTH || !/^\p{L}+$/u.test(word);
}

interface Candidate {
  word: string;
  distance: number;
  count: number;
  prefix: number;
}

/** Better corrections first: smaller distance, more frequent, longer shared start, A-Z. */
const bestFirst = (a: Candidate, b: Candidate): number =>
  a.distance - b.distance || b.count - a.count || b.prefix - a.prefix || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);

/** Most corrections tried for a word when several are equally close: each is one more search. */
const MAX_CANDIDATES = 3;

/** The vocabulary words closest to `word` within its allowed distance, equally close, best first; none for a known word. */
export function correctionCandidates(word: string, vocabulary: Vocabulary, limit = MAX_CANDIDATES): string[] {
  if (vocabulary.has(word)) return [];
  const max = maxDistanceFor(word);
  let nearest: Candidate[] = [];
  for (let length = Math.max(MIN_CORRECTABLE_LENGTH, word.length - max); length <= word.length + max; length += 1) {
    const bucket = vocabulary.byLength.get(length);
    if (!bucket) continue;
    for (let i = 0; i < bucket.words.length; i += 1) {
      const candidate = bucket.words[i] as string;
      const best = nearest[0]?.distance ?? max;
      const distance = osaDistance(word, candidate, best);
      if (distance > best) continue;
      if (nearest.length > 0 && distance < best) nearest = [];
      nearest.push({ word: candidate, distance, count: bucket.counts[i] as number, prefix: sharedPrefixLength(word, candidate) });
    }
  }
  return nearest
    .sort(bestFirst)
    .slice(0, limit)
    .map((c) => c.word);
}

const MIN_SPLIT_PART = 3;

/** Two vocabulary words `word` runs together ("colddrink" -> "cold drink"), or null; the split whose rarer half is commoner wins. */
export function splitWord(word: string, vocabulary: Vocabulary): string | null {
  let best: { text: string; count: number } | null = null;
  for (let i = MIN_SPLIT_PART; i <= word.length - MIN_SPLIT_PART; i += 1) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    const count = Math.min(vocabulary.count(head), vocabulary.count(tail));
    if (count > 0 && (!best || count > best.count)) best = { text: `${head} ${tail}`, count };
  }
  return best?.text ?? null;
}

/** The corrected queries for the words `unmatched`, best first: one per equally close correction (at most `MAX_CANDIDATES`). */
export function correctQueries(query: string, unmatched: readonly string[], vocabulary: Vocabulary) {
  const wanted = new Set(unmatched);
  const words = query.split(' ').filter(Boolean);
  const options = words.map((word, i): string[] => {
    if (!wanted.has(word) || isProtected(word, words[i - 1]) || vocabulary.has(word)) return [];
    // A misspelt word first; failing that, two words run together ("colddrink").
    const near = correctionCandidates(word, vocabulary);
    const split = near.length === 0 ? splitWord(word, vocabulary) : null;
    return split === null ? near : [split];
  });
  const rounds = Math.max(0, ...options.map((o) => o.length));
  const fixes: { text: string; changes: [string, string][] }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const changes: [string, string][] = [];
    const out = words.map((word, i) => {
      const list = options[i] as string[];
      const fixed = list[Math.min(round, list.length - 1)];
      if (fixed === undefined) return word;
      changes.push([word, fixed]);
      return fixed;
    });
    const text = out.join(' ');
    if (!fixes.some((f) => f.text === text)) fixes.push({ text, changes });
  }
  return fixes;
}

/** The shopper's words (normalized) with each corrected one replaced, for "Showing results for ...". */
export function correctedText(query: string, changes: readonly (readonly [string, string])[]): string {
  const map = new Map(changes);
  return normalizeWords(query)
    .split(' ')
    .map((word) => map.get(word) ?? word)
    .join(' ');
}

let loaded: Vocabulary | null = null;

/** The vocabulary if already loaded, else null: never waits. */
export const loadedVocabulary = (): Vocabulary | null => loaded;

/** Fetches the vocabulary once (same origin only); a failure is retried on the next call. */
export const loadVocabulary = /* @__PURE__ */ onceUntilFailure(async (): Promise<Vocabulary> => {
  const response = await fetch(VOCABULARY_URL, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`vocabulary: HTTP ${response.status}`);
  const vocabulary = parseVocabulary(await response.json());
  if (!vocabulary) throw new Error('vocabulary: unreadable file');
  return (loaded = vocabulary);
});
