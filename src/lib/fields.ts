/** The field rules and limits for every reader of product-shaped input, build and browser alike. Ships to the browser. */
// Each rule checks the value it keeps, not the one given.
import { asciiDigits } from './indian-digits.ts';

// Longest values kept, in code points (the image URL in characters). NAME_MAX also makes longer search text unmatchable.
export const ID_MAX = 200;
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 2_000;
export const ADDRESS_MAX = 500;
export const UNIT_MAX = 100;
export const IMAGE_URL_MAX = 2_048;
/** Highest price kept, in rupees (₹10,00,000): far above any grocery, far below what breaks arithmetic in paise. */
export const PRICE_MAX = 1_000_000;
export const PRICE_MAX_PAISE = PRICE_MAX * 100;
/** The most of one product a cart line (and an order line) holds; larger values are clamped to it. */
export const MAX_LINE_QUANTITY = 99;

/** Whitespace, control, format, surrogate and private-use characters, and the URL delimiters that would change what `/product/{id}` means. */
const BAD_ID_CHARS = /[\s\p{Cc}\p{Cf}\p{Cs}\p{Co}/?#\\%]/u;

/** Names the built site owns: an id equal to one (any case) would shadow a file of ours or be refused by hosts. */
export const RESERVED_IDS: ReadonlySet<string> = new Set([
  '404',
  '404.html',
  'index',
  'index.html',
  'index.htm',
  'sw.js',
  'offline',
  'manifest.webmanifest',
  'robots.txt',
  'sitemap-index.xml',
  'sitemap-0.xml',
  'favicon.svg',
  'images',
  'icons',
  'data',
  'pagefind',
]);

/** Normalises an id that must be one URL path segment; the rules: docs/architecture.md, "Catalogue rows". */
export function parseId(value: unknown): { ok: true; id: string } | { ok: false; reason: 'missing id' | 'bad id' | 'reserved id' } {
  let id: string;
  if (typeof value === 'string') id = value.trim();
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, reason: 'bad id' };
    id = String(value);
  } else if (typeof value === 'bigint') id = String(value);
  else if (value === null || value === undefined) return { ok: false, reason: 'missing id' };
  else return { ok: false, reason: 'bad id' };
  if (id === '') return { ok: false, reason: 'missing id' };
  if (Array.from(id).length > ID_MAX || id === '.' || id === '..' || BAD_ID_CHARS.test(id)) {
    return { ok: false, reason: 'bad id' };
  }
  const lower = id.toLowerCase();
  if (RESERVED_IDS.has(lower) || lower.startsWith('_') || lower.startsWith('.') || /\.html?$/.test(lower)) {
    return { ok: false, reason: 'reserved id' };
  }
  return { ok: true, id };
}

/** An id the rules keep, or null. */
export function readId(value: unknown): string | null {
  const parsed = parseId(value);
  return parsed.ok ? parsed.id : null;
}

/** Whitespace and C0/C1 controls (NUL, DEL ...); format characters such as ZWJ stay (Indic scripts and emoji need them). */
const SPACE_RUN = /[\s\p{Cc}]+/gu;

/** A text field, null when blank: lone surrogates replaced, whitespace and control runs collapsed, trimmed, at most `max` code points. */
export function parseText(value: unknown, max: number): { text: string | null; truncated: boolean } {
  if (typeof value !== 'string') return { text: null, truncated: false };
  let text = value.toWellFormed().replace(SPACE_RUN, ' ').trim();
  const points = Array.from(text);
  const truncated = points.length > max;
  if (truncated) text = points.slice(0, max).join('').trim();
  return { text: text === '' ? null : text, truncated };
}

/** A text field's kept value, or null. */
export function readText(value: unknown, max: number): string | null {
  return parseText(value, max).text;
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A number from a number or a numeric string; `undefined` when missing (null, undefined, blank), NaN when invalid. */
export function parseNumber(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return undefined;
    if (!DECIMAL.test(text)) return Number.NaN;
    const n = Number(text);
    return Number.isFinite(n) ? n : Number.NaN;
  }
  return Number.NaN;
}

/** Rounds to 2 decimals, half away from zero on the decimal digits as written (1.005 -> 1.01, as numeric(10,2) does). */
export function roundMoney(value: number): number {
  const text = String(value);
  const rounded = text.includes('e') ? Math.round(value * 100) / 100 : Number(`${Math.round(Number(`${text}e2`))}e-2`);
  return rounded === 0 ? 0 : rounded; // no -0
}

/**
 * A rupee price (numeric(10,2)) as integer paise, 0 to PRICE_MAX checked after rounding (so 1e307 never becomes
 * Infinity on a page); `missing` when null or blank. Rupees are read here and nowhere else.
 */
export function parsePrice(value: unknown): { ok: true; paise: number; rounded: boolean } | { ok: false; reason: 'missing' | 'invalid' } {
  const raw = parseNumber(value);
  if (raw === undefined) return { ok: false, reason: 'missing' };
  if (Number.isNaN(raw)) return { ok: false, reason: 'invalid' };
  const price = roundMoney(raw);
  if (!Number.isFinite(price) || price < 0 || price > PRICE_MAX) return { ok: false, reason: 'invalid' };
  return { ok: true, paise: Math.round(price * 100), rounded: price !== raw };
}

/** A rupee price the rules keep, in paise, or null. */
export function readPrice(value: unknown): number | null {
  const parsed = parsePrice(value);
  return parsed.ok ? parsed.paise : null;
}

/** An amount already in paise (our own files and attributes): a whole number from 0 to PRICE_MAX_PAISE, or null. */
export function readPaise(value: unknown): number | null {
  const n = typeof value === 'number' ? value : parseNumber(value);
  return n !== undefined && Number.isInteger(n) && n >= 0 && n <= PRICE_MAX_PAISE ? n : null;
}

/** A record's price in paise: `<field>_paise` when present, else `<field>` in rupees (the table, the spec's cart line). */
export function readPriceField(record: Readonly<Record<string, unknown>>, field: 'price' | 'original_price'): number | null {
  const paise = record[`${field}_paise`];
  return paise === undefined || paise === null || paise === '' ? readPrice(record[field]) : readPaise(paise);
}

/** A priced record as browser storage keeps it (the spec's cart line): `price_paise` as `price` in rupees. */
export function withRupeePrice<T extends { price_paise: number }>({ price_paise, ...rest }: T): Omit<T, 'price_paise'> & { price: number } {
  return { ...rest, price: price_paise / 100 };
}

/** A boolean from true/false or "true"/"false"; anything else is null. */
export function parseBoolean(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

// One leading "/", no "//" host, no backslash (browsers read "/\host" as "//host"), quote, bracket, space or control.
const SITE_PATH = /^\/(?![/\\])[^\s\p{Cc}\\"'`<>]*$/u;
// An absolute http(s) URL with a host, none of the characters above, and no credentials.
const WEB_URL = /^https?:\/\/[^/?#@\s\p{Cc}\\"'`<>]+(?:[/?#][^\s\p{Cc}\\"'`<>]*)?$/iu;

/** A site path or absolute http(s) image URL (src/lib/images.ts says what may be shown); null when missing, false when bad. */
export function parseImageUrl(value: unknown): string | null | false {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return false;
  const url = value.trim();
  if (url === '') return null;
  return url.length <= IMAGE_URL_MAX && (SITE_PATH.test(url) || WEB_URL.test(url)) ? url : false;
}

/** A whole quantity from 1 to MAX_LINE_QUANTITY (fractions floored, larger clamped), or null for one that means nothing (NaN, below 1). */
export function readQuantity(value: unknown): number | null {
  const n = typeof value === 'number' ? value : parseNumber(value);
  if (n === undefined || !Number.isFinite(n) || n < 1) return null;
  return Math.min(MAX_LINE_QUANTITY, Math.floor(n));
}

/** The product fields a cart line, an order line, a card and its cart control carry (spec section 3, cart item). */
export interface CartProduct {
  id: string;
  name: string;
  price_paise: number;
  image_url: string | null;
  /** Pack size; shown as "pcs" when missing. */
  quantity_unit: string | null;
  /** The top-level category, for the coupon rules; carts saved before it existed have none (not produce). */
  category_id?: string | null | undefined;
}

/** A product as a caller hands it to the cart: the cart fields, and its availability when known. */
export interface CartProductInput extends CartProduct {
  is_available?: boolean | undefined;
}

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads product-shaped outside input (storage, a fetched file, an attribute); null when id, name or price fail. */
export function readCartProduct(value: unknown): CartProductInput | null {
  if (!isRecord(value)) return null;
  const id = readId(value['id']);
  const name = readText(value['name'], NAME_MAX);
  const price = readPriceField(value, 'price');
  if (id === null || name === null || price === null) return null;
  const available = parseBoolean(value['is_available']);
  const category = readId(value['category_id']);
  return {
    id,
    name,
    price_paise: price,
    image_url: parseImageUrl(value['image_url']) || null,
    quantity_unit: readText(value['quantity_unit'], UNIT_MAX),
    ...(category === null ? {} : { category_id: category }),
    ...(available === null ? {} : { is_available: available }),
  };
}

/** The cart fields of any product row (drops description, availability and the rest; keeps the top-level category when given). */
export function toCartProduct(product: CartProduct): CartProduct {
  return {
    id: product.id,
    name: product.name,
    price_paise: product.price_paise,
    image_url: product.image_url ?? null,
    quantity_unit: product.quantity_unit ?? null,
    ...(product.category_id ? { category_id: product.category_id } : {}),
  };
}

/** The product fields a card shows: the cart fields, the original price and availability. */
export interface CardProduct extends CartProduct {
  /** Integer paise, above the price; null when there is no discount. */
  original_price_paise: number | null;
  is_available: boolean;
}

/** Reads a card's product from outside input (the featured file, a live read, search results); null when the cart fields fail. */
export function readCardProduct(value: unknown): CardProduct | null {
  const product = readCartProduct(value);
  if (!product || !isRecord(value)) return null;
  const original = readPriceField(value, 'original_price');
  return {
    ...toCartProduct(product),
    original_price_paise: original !== null && original > product.price_paise ? original : null,
    is_available: product.is_available !== false,
  };
}

/** An Indian postal pincode: six digits, the first 1-9 (no postal zone starts with 0). */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
export const PINCODE_LENGTH = 6;

export type PincodeProblem = 'missing' | 'not digits' | 'wrong length' | 'leading zero';

/** A pincode from a whole number or a string (spaces ignored, Indian-script digits read: "१२२ ००१" is 122001). */
export function parsePincode(value: unknown): { ok: true; pincode: string } | { ok: false; reason: PincodeProblem } {
  let text: string;
  if (typeof value === 'string') text = asciiDigits(value.replace(/\s+/g, ''));
  else if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) text = String(value);
  else if (value === null || value === undefined) return { ok: false, reason: 'missing' };
  else return { ok: false, reason: 'not digits' };
  if (text === '') return { ok: false, reason: 'missing' };
  if (!/^\d+$/.test(text)) return { ok: false, reason: 'not digits' };
  if (text.length !== PINCODE_LENGTH) return { ok: false, reason: 'wrong length' };
  if (!PINCODE_PATTERN.test(text)) return { ok: false, reason: 'leading zero' };
  return { ok: true, pincode: text };
}

/** A pincode the rule keeps, or null. */
export function readPincode(value: unknown): string | null {
  const parsed = parsePincode(value);
  return parsed.ok ? parsed.pincode : null;
}
