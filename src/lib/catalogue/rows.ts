/**
 * The catalogue's rows, described once: each table's columns with the rule (src/lib/fields.ts, markup removal) that reads each, the row
 * types and `readRow`, for build and live reads alike; rupees become paise here. What is skipped or repaired: docs/architecture.md.
 */
import striptags from 'striptags';
import {
  ADDRESS_MAX,
  DESCRIPTION_MAX,
  isRecord,
  NAME_MAX,
  parseBoolean,
  parseId,
  parseImageUrl,
  parseNumber,
  parsePincode,
  parsePrice,
  parseText,
  UNIT_MAX,
} from '../fields.ts';

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

/** The ids a row's references are checked against, when the caller knows them (the build does; a live read does not). */
export interface KnownIds {
  categories?: ReadonlySet<string> | undefined;
  stores?: ReadonlySet<string> | undefined;
}

/** What a column's rule may use and do besides reading its value. */
export interface RowContext {
  /** The fields read so far (original_price compares itself with price_paise). */
  readonly read: Readonly<Record<string, unknown>>;
  /** The row's key once read (its id, or an area's pincode); null before. */
  readonly key: string | null;
  readonly known: KnownIds;
  repair(label: string): void;
  skip(reason: SkipReason): never;
}

/** A column: the table column it reads, its rule, and the type the table stores (`Stored`, where reading converts). */
export interface Column<T, From extends string = string, Stored = T> {
  readonly from: From;
  readonly read: (value: unknown, row: RowContext) => T;
  /** Type only: what a well-formed table row holds in this column (never set). */
  readonly stored?: Stored;
}

/** A table's description: the row's fields in the order they are read; the first is the row's key. */
export type RowDescription = Readonly<Record<string, Column<unknown, string, unknown>>>;

/** The row a description reads into (what pages and the browser's reads see). */
export type RowOf<D extends RowDescription> = { -readonly [K in keyof D]: D[K] extends Column<infer T, string, unknown> ? T : never };

/** The row a well-formed table holds (what the sample generator and the seed write, and Supabase answers). */
export type TableRowOf<D extends RowDescription> = {
  -readonly [K in keyof D as D[K]['from']]: D[K] extends Column<unknown, string, infer S> ? S : never;
};

/** The outcome of reading one row: the clean row and what was repaired, or why it was skipped. */
export type RowResult<T> = { ok: true; row: T; repairs: string[] } | { ok: false; id: string | null; reason: SkipReason };

/** Thrown by `RowContext.skip` and caught by `readRow`. */
class Skip extends Error {
  readonly reason: SkipReason;
  constructor(reason: SkipReason) {
    super(reason);
    this.reason = reason;
  }
}

/** Reads one raw row by a description: each column's rule in order; the first rule to skip decides the reason. */
export function readRow<D extends RowDescription>(description: D, raw: unknown, known: KnownIds = {}): RowResult<RowOf<D>> {
  if (!isRecord(raw)) return { ok: false, id: null, reason: 'not an object' };
  const repairs: string[] = [];
  const row: Record<string, unknown> = {};
  const context = {
    read: row,
    key: null as string | null,
    known,
    repair(label: string) {
      if (!repairs.includes(label)) repairs.push(label);
    },
    skip(reason: SkipReason): never {
      throw new Skip(reason);
    },
  };
  try {
    for (const [field, column] of Object.entries(description)) {
      row[field] = column.read(raw[column.from], context);
      context.key ??= row[field] as string;
    }
  } catch (error) {
    if (error instanceof Skip) return { ok: false, id: context.key, reason: error.reason };
    throw error;
  }
  return { ok: true, row: row as RowOf<D>, repairs };
}

const column = <From extends string, T>(from: From, read: (value: unknown, row: RowContext) => T): Column<T, From> => ({ from, read });

// Column rules: the field rules (src/lib/fields.ts) with what only catalogue rows need, markup removal and repairs

const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/** Optional text: markup removed, then the field rule (capped at `max`: `<label> truncated`); null when missing or blank. */
const text =
  (max: number, label: string) =>
  (value: unknown, row: RowContext): string | null => {
    if (typeof value !== 'string') return null;
    const wellFormed = value.toWellFormed();
    const stripped = striptags(wellFormed.replace(SCRIPT_OR_STYLE, ' '), [], ' ');
    const cleaned = parseText(stripped, max);
    if (stripped !== wellFormed) row.repair('markup removed');
    if (cleaned.truncated) row.repair(`${label} truncated`);
    return cleaned.text;
  };

/** Required text: as `text`, and the row is skipped with `missing` when there is none. */
const requiredText =
  (max: number, label: string, missing: SkipReason) =>
  (value: unknown, row: RowContext): string =>
    text(max, label)(value, row) ?? row.skip(missing);

const id = column('id', (value, row): string => {
  const parsed = parseId(value);
  return parsed.ok ? parsed.id : row.skip(parsed.reason);
});

const name = column('name', requiredText(NAME_MAX, 'name', 'missing name'));

/** A site path or http(s) photo URL, or null (`image url dropped` when one was given but is neither). */
const image = column('image_url', (value, row): string | null => {
  const url = parseImageUrl(value);
  if (url !== false) return url;
  row.repair('image url dropped');
  return null;
});

/** A true/false flag; anything else is false, the safe side, and `label` is recorded. */
const flag = <From extends string>(from: From, label: string) =>
  column(from, (value, row): boolean => {
    const parsed = parseBoolean(value);
    if (parsed !== null) return parsed;
    row.repair(label);
    return false;
  });

/** A reference to another row's id: skipped with `reason` when malformed, or unknown where the known ids are given. */
const reference = <From extends string>(from: From, table: keyof KnownIds, reason: SkipReason) =>
  column(from, (value, row): string => {
    const ref = parseId(value);
    const known = row.known[table];
    return ref.ok && (!known || known.has(ref.id)) ? ref.id : row.skip(reason);
  });

/** The products table. Money is integer paise, read from the table's rupees (numeric(10,2)). */
export const PRODUCT_ROW = {
  id,
  name,
  price_paise: column('price', (value, row): number => {
    const parsed = parsePrice(value);
    if (!parsed.ok) return row.skip(parsed.reason === 'missing' ? 'missing price' : 'invalid price');
    if (parsed.rounded) row.repair('price rounded');
    return parsed.paise;
  }),
  category_id: reference('category_id', 'categories', 'unknown category'),
  /** Above or at the price; null when there is none. */
  original_price_paise: column('original_price', (value, row): number | null => {
    const parsed = parsePrice(value);
    const price = row.read['price_paise'];
    if (parsed.ok && typeof price === 'number' && parsed.paise >= price) return parsed.paise;
    if (parsed.ok || parsed.reason === 'invalid') row.repair('original price dropped');
    return null;
  }),
  is_available: flag('is_available', 'availability defaulted'),
  image_url: image,
  /** Brand, when known; part of the name shown to shoppers but kept apart for search and JSON-LD. */
  brand: column('brand', text(NAME_MAX, 'brand')),
  /** Pack size as printed on the pack ("500 g", "1 L"); shown as "pcs" when missing. */
  quantity_unit: column('quantity_unit', text(UNIT_MAX, 'quantity_unit')),
  description: column('description', text(DESCRIPTION_MAX, 'description')),
} as const satisfies RowDescription;

/** A product, as the pages and the browser's reads see it (money in paise). */
export type Product = RowOf<typeof PRODUCT_ROW>;
/** A row of the products table (money in rupees, as numeric(10,2) stores it). */
export type ProductTableRow = TableRowOf<typeof PRODUCT_ROW>;

/** The categories table; a subcategory is a category with a parent. */
export const CATEGORY_ROW = {
  id,
  name,
  /** Null at the top level. Self-references and unknown parents become null here; longer loops in sanitize.ts. */
  parent_id: column('parent_id', (value, row): string | null => {
    if (value === null || value === undefined || value === '') return null;
    const parent = parseId(value);
    const known = row.known.categories;
    if (!parent.ok || (known && !known.has(parent.id))) row.repair('unknown parent');
    else if (parent.id === row.key) row.repair('parent loop broken');
    else return parent.id;
    return null;
  }),
  /** Display order within its parent (lower first). */
  sort_order: column('sort_order', (value, row): number => {
    const raw = parseNumber(value);
    if (raw === undefined) return 0;
    const order = Number.isNaN(raw) ? 0 : Math.round(raw);
    if (order !== raw) row.repair('sort order fixed');
    return order;
  }),
  image_url: image,
} as const satisfies RowDescription;

export type Category = RowOf<typeof CATEGORY_ROW>;
export type CategoryTableRow = TableRowOf<typeof CATEGORY_ROW>;

/** The four shop types of the shops screen. */
export const SHOP_TYPE_IDS = ['grocery', 'pharmacy', 'bakery', 'electronics'] as const;
export type ShopType = (typeof SHOP_TYPE_IDS)[number];

export const STORE_ROW = {
  id,
  name,
  shop_type: column('shop_type', (value, row): ShopType => {
    const type = typeof value === 'string' ? value.trim().toLowerCase() : '';
    const known = SHOP_TYPE_IDS.find((t) => t === type);
    if (known) return known;
    row.repair('shop type defaulted');
    return 'grocery';
  }),
  is_active: flag('is_active', 'active defaulted'),
  /** 0-5; shown as 4.5 when missing. */
  rating: column('rating', (value, row): number | null => {
    const rating = parseNumber(value);
    if (rating === undefined) return null;
    if (!Number.isNaN(rating) && rating >= 0 && rating <= 5) return rating;
    row.repair('rating dropped');
    return null;
  }),
  /** Minutes; shown as "10 min" when missing. */
  delivery_time_min: column('delivery_time_min', (value, row): number | null => {
    const minutes = parseNumber(value);
    if (minutes === undefined) return null;
    if (Number.isNaN(minutes) || minutes <= 0) {
      row.repair('delivery time dropped');
      return null;
    }
    const whole = Math.max(1, Math.round(minutes));
    if (whole !== minutes) row.repair('delivery time rounded');
    return whole;
  }),
  address: column('address', text(ADDRESS_MAX, 'address')),
  image_url: image,
} as const satisfies RowDescription;

export type Store = RowOf<typeof STORE_ROW>;
export type StoreTableRow = TableRowOf<typeof STORE_ROW>;

/** The delivery_areas table, keyed by pincode: where the storefront delivers, and the store that serves it. */
export const DELIVERY_AREA_ROW = {
  /** The table's key. */
  pincode: column('pincode', (value, row): string => {
    const parsed = parsePincode(value);
    return parsed.ok ? parsed.pincode : row.skip('bad pincode');
  }),
  /** Locality shown in the header ("Sector 14"). */
  area: column('area', requiredText(NAME_MAX, 'area', 'missing area')),
  city: column('city', requiredText(NAME_MAX, 'city', 'missing city')),
  /** The store that delivers there (its delivery_time_min is the promise shown). */
  store_id: reference('store_id', 'stores', 'unknown store'),
} as const satisfies RowDescription;

export type DeliveryAreaTableRow = TableRowOf<typeof DELIVERY_AREA_ROW>;

const TABLE_ROWS = { products: PRODUCT_ROW, categories: CATEGORY_ROW, stores: STORE_ROW, delivery_areas: DELIVERY_AREA_ROW } as const;
type Tables = typeof TABLE_ROWS;

/** The catalogue's tables, in the order the build reads them. */
export const CATALOGUE_TABLES = Object.keys(TABLE_ROWS) as (keyof Tables)[];

/** The whole catalogue, read (what the build's model is made from). */
export type Catalogue = { [K in keyof Tables]: RowOf<Tables[K]>[] };

/** The catalogue's tables as stored (the sample catalogue's JSON, the seed, a Supabase read): read by `sanitizeCatalogue`. */
export type CatalogueTables = { [K in keyof Tables]: TableRowOf<Tables[K]>[] };
