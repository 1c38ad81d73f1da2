import { matchesQuery } from '../lib/name-match.ts';

/** Hides the items whose `data-filter-text` (else heading: a card's name) does not match `query`; returns how many stay. */
export function applyNameFilter(items: readonly HTMLElement[], query: string): number {
  let shown = 0;
  for (const item of items) {
    const match = matchesQuery(item.dataset['filterText'] ?? item.querySelector('h2, h3')?.textContent ?? '', query);
    item.hidden = !match;
    if (match) shown += 1;
  }
  return shown;
}
