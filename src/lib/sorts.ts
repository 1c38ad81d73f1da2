/** The ways a list of products can be sorted, each with its one label; each page offers the subset its data supports. */
export const SORT_LABELS = {
  relevance: 'Relevance',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  discount: 'Biggest discount',
  'unit-price': 'Unit price',
} as const;

export type ProductSort = keyof typeof SORT_LABELS;

/** A page's sort menu, in the order given. */
export function sortMenu<const Sort extends ProductSort>(sorts: readonly Sort[]): readonly { id: Sort; label: string }[] {
  return sorts.map((id) => ({ id, label: SORT_LABELS[id] }));
}

/** A sort from untrusted text (the URL): one the page offers, else its first (relevance). */
export function parseSort<const Sort extends ProductSort>(offered: readonly [Sort, ...Sort[]], value: string | null | undefined): Sort {
  return offered.find((sort) => sort === value) ?? offered[0];
}
