/**
 * Rules for bad catalogue rows, built on the field rules every reader shares (src/lib/fields.ts). The build's read (`catalogue.server.ts`, through `sanitizeCatalogue`) and the
 * live Supabase reads (`supabase.ts`, row by row) apply the same rules, so a page never sees
 * a row the rules would reject, whichever source served it.
 *
 * A row is SKIPPED (left out, and listed in the report with its table, index, id when known and reason) when:
 * - it is not an object (`not an object`);
 * - it has no id (`missing id`): the id must be a string or a finite number; numbers become strings
 *   ("7"), strings are trimmed, and an empty id counts as missing;
 * - its id cannot be a URL segment (`bad id`): longer than 200 characters, `.` or `..`, or containing
 *   `/`, `?`, `#`, `\`, `%`, whitespace, or control / format / surrogate / private-use characters
 *   (these ids become `/product/{id}` and the like);
 * - its id is a name the built site owns (`reserved id`): `index.html`, `404`, `sw.js`, `pagefind`, anything
 *   starting with `_` or `.` or ending in `.html` (the list is `RESERVED_IDS` in src/lib/fields.ts);
 * - its name is missing, not a string, or blank once markup is removed (`missing name`);
 * - products only: the price is missing, null or blank (`missing price`), or not a number, not a
 *   numeric string, negative, NaN or infinite, or above ₹10,00,000 once rounded (`invalid price`,
 *   `PRICE_MAX`); numeric strings such as "68.00"
 *   (how PostgreSQL's numeric may travel) are accepted, "1,299" is not;
 * - products only: its category_id is missing or names no known category (`unknown category`);
 *   the runtime source cannot know every category and skips only a missing or malformed one;
 * - its id repeats an earlier row's id in the same table (`duplicate id`): the first row is kept.
 * - delivery areas only (keyed by pincode, not id): the pincode fails the field rule (`bad pincode`: six digits,
 *   the first 1-9), the area is missing or blank (`missing area`), the store_id names no store that survived
 *   (`unknown store`), the city is missing (`missing city`, so the header never shows half an address), or the
 *   pincode repeats an earlier row's (`duplicate pincode`, the first row is kept).
 *
 * A row is REPAIRED (kept, and listed with its table, id and what changed) when:
 * - a text field (name, brand, description, quantity_unit, address) holds markup: `<script>` and
 *   `<style>` elements are removed with their content, every other tag or comment is removed by
 *   `striptags` (its content stays as text), then runs of whitespace and control characters collapse
 *   to one space and the ends are trimmed (`markup removed`). Nothing is decoded or escaped:
 *   `&amp;` stays as typed, because Astro and React always render these fields as text;
 * - a text field is too long (`<field> truncated`): names and brands keep 200 characters,
 *   descriptions 2,000, addresses 500, quantity units 100 (counted in code points, never splitting one);
 * - the price has more than two decimals (`price rounded`: half away from zero, as numeric(10,2) does);
 * - original_price is present but non-numeric, negative or below the price (`original price dropped`:
 *   it becomes null; missing stays null quietly);
 * - is_available / is_active is anything but the booleans true/false or the strings "true"/"false"
 *   (`availability defaulted` / `active defaulted`: it becomes false, the safe side);
 * - image_url is not a site-relative path: it must start with exactly one "/" (no "//", so no
 *   scheme-relative URL and no scheme such as `javascript:` or `https:`) and contain no backslash,
 *   quote, backtick, angle bracket, whitespace or control character, at most 2,048 characters
 *   (`image url dropped`: it becomes null and the UI shows the bundled placeholder; the site never
 *   loads anything from outside itself). A missing or blank url is simply null;
 * - a category's parent_id is malformed or names no known category (`unknown parent`), or its parent
 *   chain leads back to itself (`parent loop broken`): parent_id becomes null (top level). Loops are
 *   broken one category at a time in input order, so A -> B -> A keeps B under A;
 * - a category's sort_order is present but not a whole number (`sort order fixed`: rounded, or 0);
 * - a store's shop_type is not grocery, pharmacy, bakery or electronics, after trimming and lower-casing
 *   (`shop type defaulted`: it becomes 'grocery');
 * - a store's rating is present but non-numeric or outside 0..5 (`rating dropped`: null, shown as 4.5);
 * - a store's delivery_time_min is present but non-numeric or not positive (`delivery time dropped`:
 *   null, shown as "10 min"), or not a whole number (`delivery time rounded`: to the nearest minute, at least 1).
 *
 * Quietly normalised, not reported: trimmed ids and text, numeric ids as strings, blank optional text
 * (brand, description, quantity_unit, address) as null, columns the types do not name (created_at ...) dropped.
 *
 * A shopper's search text is hostile input too: `cleanNameQuery` below is what both sources apply to it.
 */
import striptags from 'striptags';
import {
  ADDRESS_MAX,
  parsePincode,
  codePointLength,
  DESCRIPTION_MAX,
  NAME_MAX,
  parseBoolean,
  parseId,
  parseImageUrl,
  parseNumber,
  parsePrice,
  parseText,
  SPACE_RUN,
  UNIT_MAX,
} from '../fields.ts';
import type { Catalogue, Category, DeliveryArea, Product, ShopType, Store } from './types.ts';

/** The catalogue tables. */
export type CatalogueTable = keyof Catalogue;

/** Why a row was left out. */
export type SkipReason =
  | 'not an object'
  | 'missing id'
  | 'bad id'
  | 'reserved id'
  | 'missing name'
  | 'missing price'
  | 'invalid price'
  | 'unknown category'
  | 'duplicate id'
  | 'bad pincode'
  | 'missing area'
  | 'missing city'
  | 'unknown store'
  | 'duplicate pincode';

/** The outcome of sanitizing one row: the clean row and what was repaired, or why it was skipped. */
export type RowResult<T> = { ok: true; row: T; repairs: string[] } | { ok: false; id: string | null; reason: SkipReason };

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
// Field rules (src/lib/fields.ts) with what only catalogue rows need: markup removal and repair reports

const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

interface CleanText {
  /** The cleaned text, or null when missing or blank. */
  text: string | null;
  markup: boolean;
  truncated: boolean;
}

/** Cleans one text field: markup removed, then the field rule (whitespace collapsed, trimmed, capped at `max` code points). */
export function cleanText(value: unknown, max: number): CleanText {
  if (typeof value !== 'string') return { text: null, markup: false, truncated: false };
  const wellFormed = value.toWellFormed();
  const stripped = striptags(wellFormed.replace(SCRIPT_OR_STYLE, ' '), [], ' ');
  return { ...parseText(stripped, max), markup: stripped !== wellFormed };
}

const SHOP_TYPES: readonly ShopType[] = ['grocery', 'pharmacy', 'bakery', 'electronics'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Applies a text rule to a field and records its repairs. */
function textField(value: unknown, max: number, field: string, repairs: string[]): string | null {
  const { text, markup, truncated } = cleanText(value, max);
  if (markup && !repairs.includes('markup removed')) repairs.push('markup removed');
  if (truncated) repairs.push(`${field} truncated`);
  return text;
}

/** Id and name, common to every table. */
function identity(
  raw: unknown,
  repairs: string[],
): { id: string; name: string; row: Record<string, unknown> } | { ok: false; id: string | null; reason: SkipReason } {
  if (!isRecord(raw)) return { ok: false, id: null, reason: 'not an object' };
  const id = parseId(raw['id']);
  if (!id.ok) return { ok: false, id: null, reason: id.reason };
  const name = textField(raw['name'], NAME_MAX, 'name', repairs);
  if (name === null) return { ok: false, id: id.id, reason: 'missing name' };
  return { id: id.id, name, row: raw };
}

// ---------------------------------------------------------------------------------------------
// Rows

/** Sanitizes one product row. With `knownCategoryIds`, a product whose category is not in it is skipped. */
export function sanitizeProduct(raw: unknown, knownCategoryIds?: ReadonlySet<string>): RowResult<Product> {
  const repairs: string[] = [];
  const base = identity(raw, repairs);
  if ('ok' in base) return base;
  const { id, name, row } = base;

  const parsedPrice = parsePrice(row['price']);
  if (!parsedPrice.ok) return { ok: false, id, reason: parsedPrice.reason === 'missing' ? 'missing price' : 'invalid price' };
  const { price } = parsedPrice;
  if (parsedPrice.rounded) repairs.push('price rounded');

  const category = parseId(row['category_id']);
  if (!category.ok || (knownCategoryIds && !knownCategoryIds.has(category.id))) {
    return { ok: false, id, reason: 'unknown category' };
  }

  let original_price: number | null = null;
  const parsedOriginal = parsePrice(row['original_price']);
  if (parsedOriginal.ok && parsedOriginal.price >= price) original_price = parsedOriginal.price;
  else if (parsedOriginal.ok || parsedOriginal.reason === 'invalid') repairs.push('original price dropped');

  let is_available = parseBoolean(row['is_available']);
  if (is_available === null) {
    is_available = false;
    repairs.push('availability defaulted');
  }

  const image_url = imageField(row['image_url'], repairs);
  const brand = textField(row['brand'], NAME_MAX, 'brand', repairs);
  const quantity_unit = textField(row['quantity_unit'], UNIT_MAX, 'quantity_unit', repairs);
  const description = textField(row['description'], DESCRIPTION_MAX, 'description', repairs);

  return {
    ok: true,
    row: { id, name, price, original_price, image_url, quantity_unit, description, category_id: category.id, is_available, brand },
    repairs,
  };
}

function imageField(value: unknown, repairs: string[]): string | null {
  const url = parseImageUrl(value);
  if (url === false) {
    repairs.push('image url dropped');
    return null;
  }
  return url;
}

/**
 * Sanitizes one category row. With `knownCategoryIds`, a parent not in it becomes null (`unknown parent`);
 * a category naming itself as parent always does (`parent loop broken`). Longer loops need the whole
 * table: `sanitizeCatalogue` breaks them.
 */
export function sanitizeCategory(raw: unknown, knownCategoryIds?: ReadonlySet<string>): RowResult<Category> {
  const repairs: string[] = [];
  const base = identity(raw, repairs);
  if ('ok' in base) return base;
  const { id, name, row } = base;

  let parent_id: string | null = null;
  const rawParent = row['parent_id'];
  if (rawParent !== null && rawParent !== undefined && rawParent !== '') {
    const parent = parseId(rawParent);
    if (!parent.ok || (knownCategoryIds && !knownCategoryIds.has(parent.id))) repairs.push('unknown parent');
    else if (parent.id === id) repairs.push('parent loop broken');
    else parent_id = parent.id;
  }

  let sort_order = 0;
  const rawOrder = parseNumber(row['sort_order']);
  if (rawOrder !== undefined) {
    sort_order = Number.isNaN(rawOrder) ? 0 : Math.round(rawOrder);
    if (sort_order !== rawOrder) repairs.push('sort order fixed');
  }

  const image_url = imageField(row['image_url'], repairs);
  return { ok: true, row: { id, name, parent_id, sort_order, image_url }, repairs };
}

/** Sanitizes one store row. */
export function sanitizeStore(raw: unknown): RowResult<Store> {
  const repairs: string[] = [];
  const base = identity(raw, repairs);
  if ('ok' in base) return base;
  const { id, name, row } = base;

  const rawType = row['shop_type'];
  const type = typeof rawType === 'string' ? rawType.trim().toLowerCase() : '';
  let shop_type: ShopType = 'grocery';
  const known = SHOP_TYPES.find((t) => t === type);
  if (known) shop_type = known;
  else repairs.push('shop type defaulted');

  let is_active = parseBoolean(row['is_active']);
  if (is_active === null) {
    is_active = false;
    repairs.push('active defaulted');
  }

  let rating: number | null = null;
  const rawRating = parseNumber(row['rating']);
  if (rawRating !== undefined) {
    if (Number.isNaN(rawRating) || rawRating < 0 || rawRating > 5) repairs.push('rating dropped');
    else rating = rawRating;
  }

  let delivery_time_min: number | null = null;
  const rawTime = parseNumber(row['delivery_time_min']);
  if (rawTime !== undefined) {
    if (Number.isNaN(rawTime) || rawTime <= 0) repairs.push('delivery time dropped');
    else {
      delivery_time_min = Math.max(1, Math.round(rawTime));
      if (delivery_time_min !== rawTime) repairs.push('delivery time rounded');
    }
  }

  const address = textField(row['address'], ADDRESS_MAX, 'address', repairs);
  const image_url = imageField(row['image_url'], repairs);
  return { ok: true, row: { id, name, shop_type, is_active, rating, delivery_time_min, address, image_url }, repairs };
}

/**
 * Sanitizes one delivery_areas row (keyed by pincode). With `knownStoreIds`, an area whose store is not in it is
 * skipped. Area and city are text fields like names (markup removed, 200 code points).
 */
export function sanitizeDeliveryArea(raw: unknown, knownStoreIds?: ReadonlySet<string>): RowResult<DeliveryArea> {
  if (!isRecord(raw)) return { ok: false, id: null, reason: 'not an object' };
  const repairs: string[] = [];
  const pincode = parsePincode(raw['pincode']);
  if (!pincode.ok) return { ok: false, id: null, reason: 'bad pincode' };
  const id = pincode.pincode;
  const area = textField(raw['area'], NAME_MAX, 'area', repairs);
  if (area === null) return { ok: false, id, reason: 'missing area' };
  const city = textField(raw['city'], NAME_MAX, 'city', repairs);
  if (city === null) return { ok: false, id, reason: 'missing city' };
  const store = parseId(raw['store_id']);
  if (!store.ok || (knownStoreIds && !knownStoreIds.has(store.id))) return { ok: false, id, reason: 'unknown store' };
  return { ok: true, row: { pincode: id, area, city, store_id: store.id }, repairs };
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
