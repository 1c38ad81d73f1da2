/**
 * The search page's state in the URL (`/search?q=milk&cat=dairy&sort=price-asc&stock=in`): forgiving parsing, serializing without
 * defaults; plus the spec's chips, sorts and tiles (fitted to the catalogue by src/lib/catalogue/storefront.ts).
 */
import { parseSort, sortMenu } from '../sorts.ts';

/** The spec's chips after "All": top-level category ids of the sample, labelled capitalised. */
const SEARCH_CHIP_IDS = ['vegetables', 'fruits', 'dairy', 'snacks'] as const;

/** "All" (id `all`) or a top-level category. */
export interface CategoryChip {
  id: string;
  label: string;
}

export const CATEGORY_CHIPS: readonly CategoryChip[] = [
  { id: 'all', label: 'All' },
  ...SEARCH_CHIP_IDS.map((id) => ({ id, label: `${id.charAt(0).toUpperCase()}${id.slice(1)}` })),
];

/** The filter panel's sorts (labels: src/lib/sorts.ts). */
const SEARCH_SORT_IDS = ['relevance', 'price-asc', 'price-desc', 'unit-price'] as const;

export type SortId = (typeof SEARCH_SORT_IDS)[number];

export const SORTS = /* @__PURE__ */ sortMenu(SEARCH_SORT_IDS);

export const TRENDING_SEARCHES = ['milk', 'bread', 'eggs', 'bananas', 'rice', 'oil', 'sugar', 'tea'] as const;

export interface PopularTile {
  label: string;
  /** "150+ items". */
  count: string;
  href: string;
  image: string;
}

/** Each tile links to the category that holds most of it. */
export const POPULAR_CATEGORIES: readonly PopularTile[] = [
  { label: 'Fruits & Vegetables', count: '150+ items', href: '/category/fruits', image: '/images/catalogue/category-fruits.svg' },
  { label: 'Dairy & Eggs', count: '80+ items', href: '/category/dairy', image: '/images/catalogue/category-dairy.svg' },
  { label: 'Snacks & Beverages', count: '200+ items', href: '/category/snacks', image: '/images/catalogue/category-snacks.svg' },
  { label: 'Personal Care', count: '120+ items', href: '/category/personal-care', image: '/images/catalogue/category-personal-care.svg' },
];

/** Most results a search shows (spec section 9). */
export const RESULT_LIMIT = 50;

/** The line beside the results' heading: "12 products", "Showing 50 of 340 products · Unit price · In stock only". */
export function resultCount(total: number, sortLabel: string | null, inStock: boolean): string {
  const found = total > RESULT_LIMIT ? `Showing ${RESULT_LIMIT} of ${total} products` : `${total} ${total === 1 ? 'product' : 'products'}`;
  return `${found}${sortLabel ? ` · ${sortLabel}` : ''}${inStock ? ' · In stock only' : ''}`;
}

/** The longest query kept in the box and the URL. */
export const MAX_INPUT_LENGTH = 200;

/** What the page shows, as stored in the URL. */
export interface SearchState {
  /** As typed (cut to MAX_INPUT_LENGTH). */
  q: string;
  cat: string;
  sort: SortId;
  /** `&exact=1`: no typo correction ("Search instead for mlik"). */
  exact: boolean;
  /** `&stock=in`: leave out products that are out of stock. */
  inStock: boolean;
}

export const DEFAULT_STATE: SearchState = { q: '', cat: 'all', sort: 'relevance', exact: false, inStock: false };

/** Never throws; unknown values (a chip not in `chips`) become defaults. */
export function parseSearchState(search: string, chips: readonly CategoryChip[] = CATEGORY_CHIPS): SearchState {
  const params = new URLSearchParams(search);
  const cat = params.get('cat');
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').slice(0, MAX_INPUT_LENGTH),
    cat: chips.some((c) => c.id === cat) && cat !== null ? cat : 'all',
    sort: parseSort(SEARCH_SORT_IDS, sort),
    exact: params.get('exact') === '1',
    inStock: params.get('stock') === 'in',
  };
}

/** "?q=milk&cat=dairy", "" for the default state; blank queries are dropped. */
export function serializeSearchState(state: SearchState): string {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.slice(0, MAX_INPUT_LENGTH));
  if (state.cat !== 'all') params.set('cat', state.cat);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.exact && state.q.trim()) params.set('exact', '1');
  if (state.inStock) params.set('stock', 'in');
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** True when two states show the same thing (no duplicate history entries). */
export function sameState(a: SearchState, b: SearchState): boolean {
  return serializeSearchState(a) === serializeSearchState(b);
}
