/**
 * British (and so Indian) and American spellings of the catalogue's words, for the index only: a product named
 * "Greek Yogurt" is also found as "yoghurt", "Chilli Flakes" as "chili", "Flavoured Milk" as "flavored". The pairs
 * are the american-british-english-translator package's spelling lists (about 1,700 each way), not a list of ours,
 * and only the variants of words a product's name or synonyms hold are added (`spellingVariants`), so the catalogue
 * decides which ones exist. Imported by the index build (scripts/lib/search-index.ts), never by the page: the lists
 * stay out of the browser's bundle.
 */
import american from 'american-british-english-translator/data/american_spellings.json' with { type: 'json' };
import british from 'american-british-english-translator/data/british_spellings.json' with { type: 'json' };

/** Each word's other spellings: American to British and British to American. */
const VARIANTS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  const add = (from: string, to: string) => {
    if (!/^[a-z]+$/.test(from) || !/^[a-z]+$/.test(to) || from === to) return;
    const list = map.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    map.set(from, list);
  };
  for (const [us, uk] of Object.entries(american as Record<string, string>)) {
    add(us, uk);
    add(uk, us);
  }
  for (const [uk, us] of Object.entries(british as Record<string, string>)) {
    add(uk, us);
    add(us, uk);
  }
  return map;
})();

/** The other spellings of some words (lowercase, as `normalizeWords` leaves them), without the words themselves. */
export function spellingVariants(words: Iterable<string>): string[] {
  const present = new Set(words);
  const out = new Set<string>();
  for (const word of present) for (const variant of VARIANTS.get(word) ?? []) if (!present.has(variant)) out.add(variant);
  return [...out].sort();
}
