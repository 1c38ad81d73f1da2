/** The one word normaliser of search: index terms, queries, corrections and first-page keys. Tiny: the search page inlines it. */

/** Lowercase, accents dropped, anything but letters and digits turned into single spaces. */
export function normalizeWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
