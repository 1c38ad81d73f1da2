/**
 * Keeps Pagefind's forgiveness honest: its fallback to the longest indexed prefix turns "Gurgaon" into "g" (Parle-G). These checks
 * decide from a result's words which words of a (normalized) query really matched.
 */
import { normalizeWords } from './normalize.ts';

/** The shortest shared beginning that counts when an indexed word is not an extension of the query word. */
const MIN_SHARED_PREFIX = 4;

export function sharedPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  return i;
}

const isNumber = (term: string): boolean => /^\d+$/.test(term);

const wordsOf = (text: string): string[] => text.split(' ').filter(Boolean);

/** Pagefind's prefix match, except that a number is only itself: "1" (as in "1 kg atta") does not match a 10 kg pack. */
const extendsTerm = (word: string, term: string): boolean => (isNumber(term) ? word === term : word.startsWith(term));

/** The query words that some word of `indexText` extends (`extendsTerm`): no stems, no fallback. */
export function extendedTerms(query: string, indexText: string): string[] {
  const words = wordsOf(normalizeWords(indexText));
  return wordsOf(query).filter((term) => words.some((word) => extendsTerm(word, term)));
}

/**
 * True when `word` extends `term`, or the two share a beginning of at least 4 letters that is all but the last two letters of the
 * shorter one (stems and plurals: "tomatoes"/"tomato", "batteries"/"battery", "milkshake"/"milk").
 */
export function wordMatchesTerm(word: string, term: string): boolean {
  if (term === '' || extendsTerm(word, term)) return true;
  if (isNumber(term)) return false;
  const shared = sharedPrefixLength(word, term);
  return shared >= Math.max(MIN_SHARED_PREFIX, Math.min(word.length, term.length) - 2);
}

/** The query words that no word of `indexText` matches fairly. */
export function unmatchedTerms(query: string, indexText: string): string[] {
  const words = wordsOf(normalizeWords(indexText));
  return wordsOf(query).filter((term) => !words.some((word) => wordMatchesTerm(word, term)));
}

/** The query without the given words. */
export function withoutTerms(query: string, drop: readonly string[]): string {
  const dropSet = new Set(drop);
  return wordsOf(query)
    .filter((t) => !dropSet.has(t))
    .join(' ');
}

/**
 * The query words `indexText` matches only through a much shorter word, 3 or more letters short ("haldiraam" found only "haldi"):
 * fair by `wordMatchesTerm`, but worth a typo correction; a plural or an extra letter or two ("tomatoess") is not.
 */
export function looselyMatchedTerms(query: string, indexText: string): string[] {
  const words = wordsOf(normalizeWords(indexText));
  return wordsOf(query).filter((term) => {
    if (words.some((word) => extendsTerm(word, term))) return false;
    const best = Math.max(0, ...words.map((word) => sharedPrefixLength(word, term)));
    return term.length - best > 2;
  });
}

/**
 * The query words no word of the whole index matches fairly, judged from the vocabulary and `extra` (the pack-size words it leaves
 * out), so they can be corrected before asking Pagefind. Words with a digit or under 3 letters are never listed.
 */
export function unknownTerms(
  query: string,
  vocabulary: { byLength: ReadonlyMap<number, { words: string[] }> },
  extra: Iterable<string>,
): string[] {
  const known = [...[...vocabulary.byLength.values()].flatMap((bucket) => bucket.words), ...extra];
  return wordsOf(query).filter((term) => term.length >= 3 && /^\p{L}+$/u.test(term) && !known.some((word) => wordMatchesTerm(word, term)));
}
