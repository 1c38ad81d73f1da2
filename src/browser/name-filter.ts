import { matchesQuery } from '../lib/name-match.ts';

/** The text an item is searched by: its `data-filter-text`, else the text of its heading (a product card's name). */
export function filterText(item: HTMLElement): string {
  return item.dataset['filterText'] ?? item.querySelector('h2, h3')?.textContent ?? '';
}

/** Hides the items whose text does not match `query`; returns how many stay visible. */
export function applyNameFilter(items: readonly HTMLElement[], query: string): number {
  let shown = 0;
  for (const item of items) {
    const match = matchesQuery(filterText(item), query);
    item.hidden = !match;
    if (match) shown += 1;
  }
  return shown;
}
