/** The words typo correction corrects towards, from the very records the index is given, each counted once per product. */
import { MAX_CORRECTABLE_LENGTH, MIN_CORRECTABLE_LENGTH, PACK_UNITS, VOCABULARY_VERSION, type VocabularyFile } from './correction.ts';
import type { SearchRecord } from './record.ts';
import { normalizeWords } from './normalize.ts';

/** The words of a text that can be corrections: letters only, 3 to 30 of them, no pack-size units. */
export function vocabularyWords(text: string): string[] {
  return normalizeWords(text)
    .split(' ')
    .filter((w) => w.length >= MIN_CORRECTABLE_LENGTH && w.length <= MAX_CORRECTABLE_LENGTH && /^\p{Ll}+$/u.test(w) && !PACK_UNITS.has(w));
}

/** The searchable text of one record, as Pagefind indexes it. */
export function recordText(record: Pick<SearchRecord, 'name' | 'terms' | 'emphasis' | 'unit'>): string {
  return [record.name, record.terms, record.emphasis, record.unit].filter(Boolean).join(' ');
}

/** A record's searchable text and its brand and category names: no word the catalogue names is ever corrected. */
export function vocabularyText(record: Pick<SearchRecord, 'name' | 'terms' | 'emphasis' | 'unit' | 'known'>): string {
  return [recordText(record), record.known].filter(Boolean).join(' ');
}

export function countWords(records: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const record of records) {
    for (const word of new Set(vocabularyWords(record))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return counts;
}

/** Words grouped by count, most frequent first, each group sorted (gzips to about 3.7 bytes a word: README.md). */
export function vocabularyFile(counts: ReadonlyMap<string, number>): VocabularyFile {
  const groups = Map.groupBy(counts.keys(), (word) => counts.get(word) as number);
  return {
    v: VOCABULARY_VERSION,
    words: [...groups.entries()].sort((a, b) => b[0] - a[0]).map(([count, words]) => [count, words.sort().join(' ')]),
  };
}
