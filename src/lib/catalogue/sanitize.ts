/** The catalogue as a whole: each row read by rows.ts, then what needs the whole table (duplicates, loops, references). */
import {
  CATEGORY_ROW,
  DELIVERY_AREA_ROW,
  PRODUCT_ROW,
  readRow,
  STORE_ROW,
  type Catalogue,
  type Product,
  type RowResult,
  type SkipReason,
} from './rows.ts';

export type CatalogueTable = keyof Catalogue;

export interface SkippedRow {
  table: CatalogueTable;
  index: number;
  /** The row's id when it had a usable one. */
  id: string | null;
  reason: SkipReason;
}

export interface RepairedRow {
  table: CatalogueTable;
  id: string;
  what: string[];
}

/** What sanitizing a whole catalogue did. */
export class SanitizeReport {
  readonly kept: Record<CatalogueTable, number> = { products: 0, categories: 0, stores: 0, delivery_areas: 0 };
  readonly skipped: SkippedRow[] = [];
  readonly repaired: RepairedRow[] = [];

  /** One log line: `catalogue: 441 products, ...; skipped 3 (2 missing price, 1 unknown category); repaired 2 (...)`. */
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

/** Most frequent first, then alphabetical. */
function tally(labels: string[]): string {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
    .map(([label, n]) => `${n} ${label}`)
    .join(', ');
}

/** Reads one product row; with `knownCategoryIds`, one whose category is not in it is skipped. */
export function sanitizeProduct(raw: unknown, knownCategoryIds?: ReadonlySet<string>): RowResult<Product> {
  return readRow(PRODUCT_ROW, raw, { categories: knownCategoryIds });
}

/** Applies every rule to raw table rows (any origin) and reports what was skipped and repaired. */
export function sanitizeCatalogue(raw: { products: unknown[]; categories: unknown[]; stores: unknown[]; delivery_areas?: unknown[] }): {
  catalogue: Catalogue;
  report: SanitizeReport;
} {
  const report = new SanitizeReport();

  /** The rows of one table that pass `sanitize`, the first of each key. */
  const collect = <T>(
    table: CatalogueTable,
    rows: unknown,
    sanitize: (row: unknown) => RowResult<T>,
    key: (row: T) => string,
    duplicate: SkipReason,
  ): { row: T; repairs: string[] }[] => {
    const kept: { row: T; repairs: string[] }[] = [];
    const seen = new Set<string>();
    (Array.isArray(rows) ? rows : []).forEach((input: unknown, index) => {
      const result = sanitize(input);
      if (!result.ok) {
        report.skipped.push({ table, index, id: result.id, reason: result.reason });
      } else if (seen.has(key(result.row))) {
        report.skipped.push({ table, index, id: key(result.row), reason: duplicate });
      } else {
        seen.add(key(result.row));
        kept.push({ row: result.row, repairs: result.repairs });
      }
    });
    return kept;
  };
  const byRowId = (row: { id: string }) => row.id;

  // Categories first: products and parents are checked against the categories that survive.
  const categories = collect('categories', raw.categories, (r) => readRow(CATEGORY_ROW, r), byRowId, 'duplicate id');
  const byId = new Map(categories.map((c) => [c.row.id, c]));
  for (const entry of categories) {
    const parent = entry.row.parent_id;
    if (parent !== null && !byId.has(parent)) {
      entry.row.parent_id = null;
      entry.repairs.push('unknown parent');
    }
  }
  for (const entry of categories) {
    // A category whose walk up comes back to it is in a loop: made top level (a loop further up, by its own members).
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

  const products = collect('products', raw.products, (r) => sanitizeProduct(r, categoryIds), byRowId, 'duplicate id');
  const stores = collect('stores', raw.stores, (r) => readRow(STORE_ROW, r), byRowId, 'duplicate id');
  const storeIds: ReadonlySet<string> = new Set(stores.map((s) => s.row.id));

  const areaRow = (r: unknown) => readRow(DELIVERY_AREA_ROW, r, { stores: storeIds });
  const areas = collect('delivery_areas', raw.delivery_areas, areaRow, (a) => a.pincode, 'duplicate pincode');

  const finish = <T>(table: CatalogueTable, entries: { row: T; repairs: string[] }[], key: (row: T) => string): T[] => {
    report.kept[table] = entries.length;
    for (const { row, repairs } of entries) if (repairs.length > 0) report.repaired.push({ table, id: key(row), what: repairs });
    return entries.map((e) => e.row);
  };

  const catalogue: Catalogue = {
    products: finish('products', products, byRowId),
    categories: finish('categories', categories, byRowId),
    stores: finish('stores', stores, byRowId),
    delivery_areas: finish('delivery_areas', areas, (a) => a.pincode),
  };
  return { catalogue, report };
}
