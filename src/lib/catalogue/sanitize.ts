/**
 * The catalogue as a whole: each row read by its table's description (rows.ts), then what needs the whole table (duplicates, parent
 * loops, references to rows that survived), with a `SanitizeReport`. Also `cleanNameQuery`, for a shopper's search text.
 */
import { codePointLength, NAME_MAX, SPACE_RUN } from '../fields.ts';
import {
  CATEGORY_ROW,
  DELIVERY_AREA_ROW,
  PRODUCT_ROW,
  readRow,
  STORE_ROW,
  type Catalogue,
  type Category,
  type DeliveryArea,
  type Product,
  type RowResult,
  type SkipReason,
  type Store,
} from './rows.ts';

/** The catalogue tables. */
export type CatalogueTable = keyof Catalogue;

export type { SkipReason };

/** A row left out of the catalogue. */
export interface SkippedRow {
  table: CatalogueTable;
  /** Position of the row in its table's input. */
  index: number;
  /** The row's id when it had a usable one. */
  id: string | null;
  reason: SkipReason;
}

/** A row kept after changes. */
export interface RepairedRow {
  table: CatalogueTable;
  id: string;
  /** The repairs, e.g. ['markup removed', 'image url dropped']. */
  what: string[];
}

/** What sanitizing a whole catalogue did: rows kept per table, rows skipped and rows repaired. */
export class SanitizeReport {
  readonly kept: Record<CatalogueTable, number> = { products: 0, categories: 0, stores: 0, delivery_areas: 0 };
  readonly skipped: SkippedRow[] = [];
  readonly repaired: RepairedRow[] = [];

  /** One log line, e.g. `catalogue: 441 products, 52 categories, 16 stores, 24 delivery areas; skipped 3 (2 missing price, 1 unknown category); repaired 2 (2 markup removed)`. */
  summary(): string {
    const { products, categories, stores, delivery_areas } = this.kept;
    let line = `catalogue: ${products} products, ${categories} categories, ${stores} stores, ${delivery_areas} delivery areas; `;
    line += this.skipped.length === 0 ? 'nothing skipped' : `skipped ${this.skipped.length} (${tally(this.skipped.map((s) => s.reason))})`;
    if (this.repaired.length > 0) {
      line += `; repaired ${this.repaired.length} (${tally(this.repaired.flatMap((r) => r.what))})`;
    }
    return line;
  }
}

/** "2 missing price, 1 unknown category": most frequent first, then alphabetical. */
function tally(labels: string[]): string {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .map(([label, n]) => `${n} ${label}`)
    .join(', ');
}

// ---------------------------------------------------------------------------------------------
// One row

/** Reads one product row (rows.ts). With `knownCategoryIds`, a product whose category is not in it is skipped. */
export function sanitizeProduct(raw: unknown, knownCategoryIds?: ReadonlySet<string>): RowResult<Product> {
  return readRow(PRODUCT_ROW, raw, { categories: knownCategoryIds });
}

/** Reads one category row (rows.ts). With `knownCategoryIds`, a parent not in it becomes null (`unknown parent`). */
export function sanitizeCategory(raw: unknown, knownCategoryIds?: ReadonlySet<string>): RowResult<Category> {
  return readRow(CATEGORY_ROW, raw, { categories: knownCategoryIds });
}

/** Reads one store row (rows.ts). */
export function sanitizeStore(raw: unknown): RowResult<Store> {
  return readRow(STORE_ROW, raw);
}

/** Reads one delivery_areas row (rows.ts). With `knownStoreIds`, an area whose store is not in it is skipped. */
export function sanitizeDeliveryArea(raw: unknown, knownStoreIds?: ReadonlySet<string>): RowResult<DeliveryArea> {
  return readRow(DELIVERY_AREA_ROW, raw, { stores: knownStoreIds });
}

// ---------------------------------------------------------------------------------------------
// Whole catalogue

/** Applies every rule to raw table rows (any origin) and reports what was skipped and repaired. */
export function sanitizeCatalogue(raw: { products: unknown[]; categories: unknown[]; stores: unknown[]; delivery_areas?: unknown[] }): {
  catalogue: Catalogue;
  report: SanitizeReport;
} {
  const report = new SanitizeReport();

  const collect = <T extends { id: string }>(
    table: CatalogueTable,
    rows: unknown[],
    sanitize: (row: unknown) => RowResult<T>,
  ): { row: T; repairs: string[] }[] => {
    const kept: { row: T; repairs: string[] }[] = [];
    const seen = new Set<string>();
    rows.forEach((input, index) => {
      const result = sanitize(input);
      if (!result.ok) {
        report.skipped.push({ table, index, id: result.id, reason: result.reason });
      } else if (seen.has(result.row.id)) {
        report.skipped.push({ table, index, id: result.row.id, reason: 'duplicate id' });
      } else {
        seen.add(result.row.id);
        kept.push({ row: result.row, repairs: result.repairs });
      }
    });
    return kept;
  };

  // Categories first: products and parents are checked against the categories that survive.
  const categories = collect('categories', Array.isArray(raw.categories) ? raw.categories : [], (r) => sanitizeCategory(r));
  const byId = new Map(categories.map((c) => [c.row.id, c]));
  for (const entry of categories) {
    const parent = entry.row.parent_id;
    if (parent !== null && !byId.has(parent)) {
      entry.row.parent_id = null;
      entry.repairs.push('unknown parent');
    }
  }
  for (const entry of categories) {
    // Walk up from this category; if the walk comes back to it, it is part of a loop: make it top level.
    // A loop further up that does not include it is broken when one of its own members is visited.
    const seen = new Set<string>([entry.row.id]);
    let next = entry.row.parent_id;
    while (next !== null) {
      if (next === entry.row.id) {
        entry.row.parent_id = null;
        entry.repairs.push('parent loop broken');
        break;
      }
      if (seen.has(next)) break;
      seen.add(next);
      next = byId.get(next)?.row.parent_id ?? null;
    }
  }
  const categoryIds: ReadonlySet<string> = new Set(byId.keys());

  const products = collect('products', Array.isArray(raw.products) ? raw.products : [], (r) => sanitizeProduct(r, categoryIds));
  const stores = collect('stores', Array.isArray(raw.stores) ? raw.stores : [], (r) => sanitizeStore(r));
  const storeIds: ReadonlySet<string> = new Set(stores.map((s) => s.row.id));

  // Keyed by pincode: the same walk as `collect`, with the pincode standing in for the id.
  const areas: { row: DeliveryArea; repairs: string[] }[] = [];
  const seenPincodes = new Set<string>();
  (Array.isArray(raw.delivery_areas) ? raw.delivery_areas : []).forEach((input, index) => {
    const result = sanitizeDeliveryArea(input, storeIds);
    if (!result.ok) report.skipped.push({ table: 'delivery_areas', index, id: result.id, reason: result.reason });
    else if (seenPincodes.has(result.row.pincode)) {
      report.skipped.push({ table: 'delivery_areas', index, id: result.row.pincode, reason: 'duplicate pincode' });
    } else {
      seenPincodes.add(result.row.pincode);
      areas.push(result);
    }
  });

  const finish = <T extends { id: string }>(table: CatalogueTable, entries: { row: T; repairs: string[] }[]): T[] => {
    report.kept[table] = entries.length;
    for (const { row, repairs } of entries) if (repairs.length > 0) report.repaired.push({ table, id: row.id, what: repairs });
    return entries.map((e) => e.row);
  };

  const catalogue: Catalogue = {
    products: finish('products', products),
    categories: finish('categories', categories),
    stores: finish('stores', stores),
    delivery_areas: areas.map(({ row, repairs }) => {
      if (repairs.length > 0) report.repaired.push({ table: 'delivery_areas', id: row.pincode, what: repairs });
      return row;
    }),
  };
  report.kept.delivery_areas = catalogue.delivery_areas.length;
  return { catalogue, report };
}

// ---------------------------------------------------------------------------------------------
// Search text

/**
 * Longest search text that can match anything: names keep at most 200 code points and lower-casing at
 * most doubles a code point (only "İ" grows), so longer text matches no name. Both sources answer an
 * empty list for it without asking anyone, which also keeps request URLs short.
 */
export const QUERY_MAX = 2 * NAME_MAX;

/**
 * A shopper's name filter as both sources use it: lone surrogates replaced (as a URL would), runs of
 * whitespace and control characters collapsed to one space (names are stored that way), ends trimmed.
 * An empty result means "no filter".
 */
export function cleanNameQuery(query: string | undefined): string {
  return (query ?? '').toWellFormed().replace(SPACE_RUN, ' ').trim();
}

/** True when cleaned search text is too long to match any name (see `QUERY_MAX`). */
export function isUnmatchableQuery(cleaned: string): boolean {
  return cleaned.length > QUERY_MAX && codePointLength(cleaned) > QUERY_MAX;
}
