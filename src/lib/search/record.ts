/**
 * One product's search record: `searchRecord` computes it, `searchRecordHtml` writes the document Pagefind indexes. Only name, synonyms
 * and pack size are searchable; the card's other fields ride in filters, which never match a query (src/lib/search/README.md).
 */
import type { Category, Product } from '../catalogue/rows.ts';
import { displayUnit } from '../format.ts';
import { PLACEHOLDER_IMAGE } from '../images.ts';
import { escapeMarkup } from '../markup.ts';
import { unitPrice } from '../unit-price.ts';
import { indexTermsFor } from './synonyms.ts';
import { normalizeWords } from './normalize.ts';

/** Filter keys that carry card data (never used to filter), read back by `cardFromResult`. */
export const CARD_FILTERS = {
  id: 'card_id',
  pricePaise: 'card_price_paise',
  originalPricePaise: 'card_original_price_paise',
  image: 'card_image',
  unitPrice: 'card_unit_price',
} as const;

/** The unit price of "1 pc (approx. 600-800 g)". */
export const UNCLEAR_UNIT_PRICE = 'unclear';

/** The unit-price sort key ("kg:11200", "L:5600", "pc:850"), or UNCLEAR_UNIT_PRICE; never shown. */
export function unitPriceKey(pricePaise: number, unit: string | null | undefined): string {
  const value = unitPrice(pricePaise, unit);
  return value ? `${value.per}:${value.paise}` : UNCLEAR_UNIT_PRICE;
}

/** Unit and paise, or null when unclear or malformed. */
export function parseUnitPriceKey(key: string): { per: string; paise: number } | null {
  const match = /^(kg|L|pc):(\d{1,12})$/.exec(key);
  return match ? { per: match[1] as string, paise: Number(match[2]) } : null;
}

/** The top-level category (the chips). */
export const CATEGORY_FILTER = 'category';

/** A product's own category ("exotic-vegetables"): only for suggestions when every result is out of stock. */
export const SUBCATEGORY_FILTER = 'subcategory';

/** Only unavailable products carry it (value OUT_OF_STOCK), so its file stays small: README.md, "Out of stock". */
export const STOCK_FILTER = 'stock';
export const OUT_OF_STOCK = 'out';

/** One product's index record; word lists are space-separated and may be empty. */
export interface SearchRecord {
  id: string;
  name: string;
  /** Synonyms and spelling variants. */
  terms: string;
  /** Name words that also name the product's category, with their synonyms, at a higher weight (README.md, "What is indexed"). */
  emphasis: string;
  unit: string;
  /** Whole paise ("2700"). */
  pricePaise: string;
  /** Whole paise, or "" when there is no higher original price. */
  originalPricePaise: string;
  image: string;
  unitPrice: string;
  /** Top-level category id, or null when unknown. */
  category: string | null;
  subcategory: string;
  available: boolean;
  /** Brand and category name words: never indexed ("cheese" must not find paneer), but never corrected either. */
  known: string;
}

/** A category and its ancestors, nearest first (empty when unknown). Guards against parent loops. */
export function categoryPath<C extends Pick<Category, 'id' | 'parent_id'>>(categoryId: string, categories: ReadonlyMap<string, C>): C[] {
  const path: C[] = [];
  const seen = new Set<string>();
  let current = categories.get(categoryId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.push(current);
    current = current.parent_id === null ? undefined : categories.get(current.parent_id);
  }
  return path;
}

/** A product's top-level category and the category names along the way. */
export function placeOf(categoryId: string, categories: ReadonlyMap<string, Pick<Category, 'id' | 'parent_id' | 'name'>>) {
  const path = categoryPath(categoryId, categories);
  return { topCategory: path.at(-1)?.id ?? null, categoryNames: path.map((c) => c.name) };
}

const singular = (w: string): string =>
  w.endsWith('ies') && w.length > 4
    ? `${w.slice(0, -3)}y`
    : w.endsWith('oes')
      ? w.slice(0, -2)
      : w.endsWith('s') && !w.endsWith('ss') && w.length > 3
        ? w.slice(0, -1)
        : w;

/** Words of `name` (brand words aside) that also appear, singular or plural, in one of `categoryNames`. */
export function emphasisTermsFor(name: string, brand: string | null | undefined, categoryNames: readonly string[]): string[] {
  const brandWords = new Set(normalizeWords(brand ?? '').split(' '));
  const categoryWords = new Set(
    normalizeWords(categoryNames.join(' '))
      .split(' ')
      .filter((w) => w.length >= 3)
      .map(singular),
  );
  const hits = new Set<string>();
  for (const word of normalizeWords(name).split(' ')) {
    if (word.length >= 3 && !brandWords.has(word) && categoryWords.has(singular(word))) hits.add(word);
  }
  const words = [...hits];
  return words.length ? [...words, ...indexTermsFor(words.join(' '))] : [];
}

type RecordPlace = ReturnType<typeof placeOf>;

/** A product's record, in stock or not, or null when it has no name or id. */
export function searchRecord(
  product: Product,
  place: RecordPlace,
  variants: (words: readonly string[]) => string[] = () => [],
): SearchRecord | null {
  const name = product.name.trim();
  if (!name || !product.id) return null;
  const original = product.original_price_paise;
  const terms = indexTermsFor(name, product.brand);
  // Other spellings of the name's words and synonyms ("yoghurt" for a yogurt): spellings.ts, passed in by the build.
  const spellings = variants([...normalizeWords(name).split(' '), ...terms]);
  return {
    id: product.id,
    name,
    terms: [...terms, ...spellings.filter((w) => !terms.includes(w))].join(' '),
    emphasis: emphasisTermsFor(name, product.brand, place.categoryNames).join(' '),
    unit: displayUnit(product.quantity_unit),
    pricePaise: String(product.price_paise),
    originalPricePaise: original !== null && original > product.price_paise ? String(original) : '',
    // The catalogue's images are resolved before records are made (resolveCatalogueImages): what the pages show.
    image: product.image_url ?? PLACEHOLDER_IMAGE,
    unitPrice: unitPriceKey(product.price_paise, product.quantity_unit),
    category: place.topCategory,
    subcategory: product.category_id,
    available: product.is_available,
    known: normalizeWords([product.brand ?? '', ...place.categoryNames].join(' ')),
  };
}

/** The URL Pagefind returns for its record. */
export function productUrl(id: string): string {
  return `/product/${id}/`;
}

/** The id whose `productUrl` is exactly `url`, or null for any other URL. */
export function productIdOfUrl(url: string): string | null {
  const id = /^\/product\/([^/]+)\/$/.exec(url)?.[1];
  return id !== undefined && productUrl(id) === url ? id : null;
}

/** The document Pagefind indexes for one record: what is searchable and what rides in filters, README.md "What is indexed". */
export function searchRecordHtml(record: SearchRecord): string {
  // Left out when empty.
  const fields: [filter: string, attribute: string, value: string][] = [
    [CATEGORY_FILTER, 'data-category', record.category ?? ''],
    [CARD_FILTERS.id, 'data-id', record.id],
    [CARD_FILTERS.pricePaise, 'data-price-paise', record.pricePaise],
    [CARD_FILTERS.image, 'data-image', record.image],
    [CARD_FILTERS.unitPrice, 'data-unit-rate', record.unitPrice],
    [CARD_FILTERS.originalPricePaise, 'data-original-price-paise', record.originalPricePaise],
    [SUBCATEGORY_FILTER, 'data-subcategory', record.subcategory],
    [STOCK_FILTER, 'data-stock', record.available ? '' : OUT_OF_STOCK],
  ];
  const present = fields.filter(([, , value]) => value !== '');
  const attributes: [string, string][] = [
    ['data-pagefind-meta', 'title[data-name], unit[data-unit]'],
    ['data-pagefind-filter', present.map(([filter, attribute]) => `${filter}[${attribute}]`).join(', ')],
    ['data-name', record.name],
    ['data-unit', record.unit],
    ...present.map(([, attribute, value]): [string, string] => [attribute, value]),
  ];
  const body = [
    `<p>${escapeMarkup(record.name)}</p>`,
    record.terms ? `<p>${escapeMarkup(record.terms)}</p>` : '',
    record.emphasis ? `<p data-pagefind-weight="3">${escapeMarkup(record.emphasis)}</p>` : '',
  ].join('');
  const attributeText = attributes.map(([name, value]) => ` ${name}="${escapeMarkup(value)}"`).join('');
  return `<!doctype html><html lang="en"><body><div data-search-product data-pagefind-body${attributeText}>${body}</div></body></html>`;
}
