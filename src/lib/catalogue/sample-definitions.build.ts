/** Reads and checks src/data/sample-definitions.json (a mistyped field fails with its place); format: docs/architecture.md. */
import definitions from '../../data/sample-definitions.json' with { type: 'json' };
import { SHOP_TYPE_IDS } from './rows.ts';

/** The simple flat shapes an illustration is drawn with. */
const SHAPES = [
  'round',
  'oval',
  'banana',
  'grapes',
  'long',
  'leafy',
  'carton',
  'packet',
  'cup',
  'block',
  'eggs',
  'bottle',
  'jar',
  'sack',
  'box',
  'can',
  'bar',
  'tube',
  'loaf',
  'bun',
  'cake',
  'tray',
  'fish',
  'bowl',
] as const;
export type Shape = (typeof SHAPES)[number];

/** How goods are kept; picks the default closing sentence of descriptions. */
const STORAGES = ['fresh', 'chilled', 'frozen', 'ambient'] as const;

/** `[kind, name, unit, price, mrp?, note?]`; format: docs/architecture.md, "Sample definitions". */
export type ProductRow = readonly [kind: string, name: string, unit: string, price: number, mrp?: number | null, note?: string];

// Each reader takes a value and its place in the file, and returns it typed or throws.

type Read<T> = (value: unknown, at: string) => T;

function fail(at: string, expected: string): never {
  throw new Error(`src/data/sample-definitions.json: ${at} must be ${expected}`);
}

const text: Read<string> = (value, at) => (typeof value === 'string' && value.trim() !== '' ? value : fail(at, 'a non-blank string'));
const number: Read<number> = (value, at) => (typeof value === 'number' && Number.isFinite(value) ? value : fail(at, 'a number'));
const boolean: Read<boolean> = (value, at) => (typeof value === 'boolean' ? value : fail(at, 'true or false'));
const colour: Read<string> = (value, at) =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/.test(value) ? value : fail(at, 'a #rrggbb colour');

function nullable<T>(read: Read<T>): Read<T | null> {
  return (value, at) => (value === null ? null : read(value, at));
}

function oneOf<const T extends string>(values: readonly T[]): Read<T> {
  return (value, at) => values.find((candidate) => candidate === value) ?? fail(at, `one of ${values.join(', ')}`);
}

function list<T>(read: Read<T>): Read<T[]> {
  return (value, at) => (Array.isArray(value) ? value.map((item: unknown, i) => read(item, `${at}[${i}]`)) : fail(at, 'a list'));
}

function fields(value: unknown, at: string): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : fail(at, 'an object');
}

/** An object whose keys are the caller's (kinds by key, closings by storage), each value read alike. */
function record<T>(read: Read<T>): Read<Record<string, T>> {
  return (value, at) => Object.fromEntries(Object.entries(fields(value, at)).map(([key, item]) => [key, read(item, `${at}.${key}`)]));
}

type ReadType<R> = R extends Read<infer T> ? T : never;

/** An object with the fields `readers` name, each read by its reader; a field read as undefined is left out. */
function object<R extends Record<string, Read<unknown>>>(readers: R): Read<{ readonly [K in keyof R]: ReadType<R[K]> }> {
  return (value, at) => {
    const f = fields(value, at);
    const entries = Object.entries(readers).map(([key, read]) => [key, read(f[key], `${at}.${key}`)] as const);
    return Object.fromEntries(entries.filter(([, item]) => item !== undefined)) as { readonly [K in keyof R]: ReadType<R[K]> };
  };
}

function optional<T>(read: Read<T>): Read<T | undefined> {
  return (value, at) => (value === undefined ? undefined : read(value, at));
}

const productRow: Read<ProductRow> = (value, at) => {
  if (!Array.isArray(value) || value.length < 4 || value.length > 6) fail(at, '[kind, name, unit, price, mrp?, note?]');
  const row = [
    text(value[0], `${at}[0] (kind)`),
    text(value[1], `${at}[1] (name)`),
    text(value[2], `${at}[2] (unit)`),
    number(value[3], `${at}[3] (price)`),
  ] as const;
  if (value.length === 4) return row;
  const mrp = nullable(number)(value[4], `${at}[4] (mrp)`);
  return value.length === 5 ? [...row, mrp] : [...row, mrp, text(value[5], `${at}[5] (note)`)];
};

/** An item type: one illustration (`label` drawn on it) and its products' generic sentences (`about`, then `use`). */
const kind = object({ label: text, shape: oneOf(SHAPES), about: text, use: text });
export type KindDef = ReadType<typeof kind>;

/** `closings` replace the storage defaults; `{unit}` and `{brand}` are filled in. Ids are kebab-case, unique across categories. */
const subcategory = object({ id: text, name: text, storage: oneOf(STORAGES), closings: optional(list(text)), products: list(productRow) });
export type SubcategoryDef = ReadType<typeof subcategory>;

const category = object({ id: text, name: text, colour, kinds: record(kind), subcategories: list(subcategory) });

const store = object({
  name: text,
  shop_type: oneOf(SHOP_TYPE_IDS),
  is_active: boolean,
  rating: nullable(number),
  delivery_time_min: nullable(number),
  address: text,
  image: boolean,
});

const deliveryArea = object({ pincode: text, area: text, city: text, store: text });

/** A record with exactly the keys `keys`, each value read alike. */
function exactly<K extends string, T>(keys: readonly K[], read: Read<T>, value: unknown, at: string): Record<K, T> {
  const f = fields(value, at);
  const extra = Object.keys(f).find((key) => !(keys as readonly string[]).includes(key));
  if (extra !== undefined) fail(`${at}.${extra}`, `absent (the keys are ${keys.join(', ')})`);
  return Object.fromEntries(keys.map((key) => [key, read(f[key], `${at}.${key}`)])) as Record<K, T>;
}

/** Reads sample-definitions.json; throws naming the first place not in the format of docs/architecture.md. */
export function readDefinitions(value: unknown) {
  const file = fields(value, 'the file');
  return {
    defaultClosings: exactly(STORAGES, list(text), file.defaultClosings, 'defaultClosings'),
    categories: list(category)(file.categories, 'categories'),
    fallbackCases: exactly(['unavailable', 'noImage', 'noUnit'], list(text), file.fallbackCases, 'fallbackCases'),
    stores: list(store)(file.stores, 'stores'),
    deliveryAreas: list(deliveryArea)(file.deliveryAreas, 'deliveryAreas'),
    shopTypeColours: exactly(SHOP_TYPE_IDS, colour, file.shopTypeColours, 'shopTypeColours'),
  };
}

const DEFINITIONS = readDefinitions(definitions);

/** Closing sentences by storage; one is used only when its placeholders can be filled, so each list keeps one with none. */
export const DEFAULT_CLOSINGS = DEFINITIONS.defaultClosings;

export const CATEGORY_DEFS = DEFINITIONS.categories;

/** Products that exercise the fallbacks; the showcase items (trending staples, gift box, rice bag) are kept complete. */
export const FALLBACK_CASES = DEFINITIONS.fallbackCases;

/** The stores of the stores and shops screens, all in Gurgaon. */
export const STORE_DEFS = DEFINITIONS.stores;

/** The sample's delivery areas; 122018's store is inactive, so it reads as not served. */
export const DELIVERY_AREA_DEFS = DEFINITIONS.deliveryAreas;

export const SHOP_TYPE_COLOURS = DEFINITIONS.shopTypeColours;
