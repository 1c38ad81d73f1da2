/** British and American spellings of the catalogue's words ("yoghurt" finds "Greek Yogurt"), for the index only: never in the page. */
import american from 'american-british-english-translator/data/american_spellings.json' with { type: 'json' };
import british from 'american-british-english-translator/data/british_spellings.json' with { type: 'json' };

const VARIANTS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  const add = (from: string, to: string) => {
    if (!/^[a-z]+$/.test(from) || !/^[a-z]+$/.test(to) || from === to) return;
    const list = map.get(from) ?? [];
    if (!list.includes(to)) list.push(to);
    map.set(from, list);
  };
  for (const [from, to] of [...Object.entries(american as Record<string, string>), ...Object.entries(british as Record<string, string>)]) {
    add(from, to);
    add(to, from);
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
