/**
 * One product's search record: `searchRecord` computes it, `searchRecordHtml` writes the document Pagefind indexes. Only name, synonyms
 * and pack size are searchable; the card's other fields ride in filters, which never match a query (src/lib/search/README.md).
 */
import type { Category, Product } from '../catalogue/rows.ts';
import { displayUnit } from '../format.ts';
import { PLACEHOLDER_IMAGE } from '../images.ts';
import { escapeMarkup } from '../markup.ts';
import { unitPrice } from '../unit-price.ts';
import { indexTermsFor, normalizeWords } from './synonyms.ts';

/** Filter keys that carry card data (not used to filter): read back by `cardFromResult`. */
export const CARD_FILTERS = {
  id: 'card_id',
  pricePaise: 'card_price_paise',
  originalPricePaise: 'card_original_price_paise',
  image: 'card_image',
  unitPrice: 'card_unit_price',
} as const;

/** The `card_unit_price` value of a product whose unit price is unclear ("1 pc (approx. 600-800 g)"). */
export const UNCLEAR_UNIT_PRICE = 'unclear';

/**
 * The unit-price sort key of a product: its unit and paise per unit ("kg:11200", "L:5600", "pc:850"), or
 * UNCLEAR_UNIT_PRICE. Read back by the unit-price sort (pagefind-client.ts), never shown.
 */
export function unitPriceKey(pricePaise: number, unit: string | null | undefined): string {
  const value = unitPrice(pricePaise, unit);
  return value ? `${value.per}:${value.paise}` : UNCLEAR_UNIT_PRICE;
}

/** Reads a `card_unit_price` value back: unit and paise, or null when unclear or malformed. */
export function parseUnitPriceKey(key: string): { per: string; paise: number } | null {
  const match = /^(kg|L|pc):(\d{1,12})$/.exec(key);
  return match ? { per: match[1] as string, paise: Number(match[2]) } : null;
}

/** The filter key of the top-level category (the chips). */
export const CATEGORY_FILTER = 'category';

/**
 * The filter key of a product's own category (its subcategory: "exotic-vegetables"): used only to suggest in-stock
 * products when every result is out of stock, so its file loads only then.
 */
export const SUBCATEGORY_FILTER = 'subcategory';

/**
 * The filter key that marks an unavailable product, with the one value OUT_OF_STOCK: available products carry no
 * value, so the filter's file lists only the unavailable ones (small, and loaded by the first search that has results).
 */
export const STOCK_FILTER = 'stock';
export const OUT_OF_STOCK = 'out';

/** One product's index record. */
export interface SearchRecord {
  id: string;
  name: string;
  /** Extra words the product is found by (synonyms), space-separated; may be empty. */
  terms: string;
  /**
   * Name words that also name the product's category ("milk" for a toned milk in "Milk", not for a milk rusk
   * in "Rusks & Khari"), with their synonyms: indexed again with a higher weight so the products that ARE the
   * thing rank above those that merely mention it. Space-separated; may be empty.
   */
  emphasis: string;
  unit: string;
  /** Whole paise as a string ("2700", "4550"). */
  pricePaise: string;
  /** Whole paise, or "" when there is no higher original price. */
  originalPricePaise: string;
  image: string;
  /** The unit-price sort key (`unitPriceKey`). */
  unitPrice: string;
  /** Top-level category id, or null when the category is unknown. */
  category: string | null;
  /** The product's own category id (`SUBCATEGORY_FILTER`). */
  subcategory: string;
  /** False for a product that is out of stock: indexed and found all the same, marked and ranked last. */
  available: boolean;
  /**
   * Words of the product's brand and category names, space-separated: never indexed (a "Paneer & Cheese" category
   * must not make "cheese" find paneer), but known to the typo correction, which must never change them.
   */
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

/** Where a product of `categoryId` sits: its top-level category and the names along the way. */
export function placeOf(categoryId: string, categories: ReadonlyMap<string, Pick<Category, 'id' | 'parent_id' | 'name'>>): RecordPlace {
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

/** Where a product sits in the catalogue, for its record. */
export interface RecordPlace {
  /** Top-level category id (the chips filter on it), or null when unknown. */
  topCategory: string | null;
  /** Names of its category and the categories above it. */
  categoryNames?: readonly string[];
}

/**
 * The index record of a product, in stock or not (an unavailable one is found and shown "Out of stock"), or null when
 * it has no name or id.
 */
export function searchRecord(
  product: Product,
  place: RecordPlace,
  variants: (words: readonly string[]) => string[] = () => [],
): SearchRecord | null {
  const topCategory = place.topCategory;
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
    emphasis: emphasisTermsFor(name, product.brand, place.categoryNames ?? []).join(' '),
    unit: displayUnit(product.quantity_unit),
    pricePaise: String(product.price_paise),
    originalPricePaise: original !== null && original > product.price_paise ? String(original) : '',
    // The catalogue's images are resolved before records are made (resolveCatalogueImages): what the pages show.
    image: product.image_url ?? PLACEHOLDER_IMAGE,
    unitPrice: unitPriceKey(product.price_paise, product.quantity_unit),
    category: topCategory,
    subcategory: product.category_id,
    available: product.is_available,
    known: normalizeWords([product.brand ?? '', ...(place.categoryNames ?? [])].join(' ')),
  };
}

/** Where a product's page is: the URL Pagefind returns for its record. */
export function productUrl(id: string): string {
  return `/product/${id}/`;
}

/** The id whose `productUrl` is exactly `url`, or null for any other URL. */
export function productIdOfUrl(url: string): string | null {
  const id = /^\/product\/([^/]+)\/$/.exec(url)?.[1];
  return id !== undefined && productUrl(id) === url ? id : null;
}

/**
 * The document Pagefind indexes for one record (the search index's root selector is `[data-search-product]`).
 * Searchable: the name, the synonyms and the pack size (`title` and `unit` meta), and the emphasis words at three
 * times the weight. The card data rides in filters (`CARD_FILTERS`, with the stock mark and the subcategory), which
 * are returned but never matched.
 */
export function searchRecordHtml(record: SearchRecord): string {
  // Each card field once: the filter it feeds, the attribute carrying it, its value (left out when empty).
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
