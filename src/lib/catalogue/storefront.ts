/**
 * What the storefront's fixed sections show and link to, from the catalogue: home tiles and rows, search chips and tiles, the spec copy's
 * links. A link the catalogue lacks goes to the nearest page that exists (`categoryHref`), never a 404. Pure over the read model.
 */
import { HOME_CATEGORY_COLOURS, type HomeCategory } from '../../data/home-categories.ts';
import { BEST_SELLER_IDS, POPULAR_PRODUCT_IDS } from '../../data/home-products.ts';
import { discountPercent } from '../format.ts';
import { PLACEHOLDER_IMAGE } from '../images.ts';
import { CATEGORY_CHIPS, POPULAR_CATEGORIES, type CategoryChip, type PopularTile } from '../search/query.ts';
import { availableById, byId, topLevelCategories, type CatalogueModel } from './model.ts';
import type { Category, Product } from './rows.ts';

/** How many top-level categories the home row shows (the spec's ten), in sort_order. */
export const HOME_CATEGORY_LIMIT = 10;
/** How many products each fixed home row shows (the spec's four). */
export const HOME_ROW_SIZE = 4;
/** How many category chips the search page shows besides "All" (the spec's four). */
export const SEARCH_CHIP_COUNT = 4;

/** The words of an id or name, lower-case, each without a plural "s" ("Fruits & Vegetables" -> fruit, vegetable). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/**
 * The page for a category the spec's copy names by id: `/category/{id}` when the catalogue has it, else the first
 * category (top-level first) whose id shares the wanted id's first word ("fruits" -> /category/fruits-vegetables),
 * else null, and the caller's own fallback.
 */
export function categoryHref(model: CatalogueModel, wanted: string): string | null {
  if (model.categoryById.has(wanted)) return `/category/${wanted}`;
  const [first] = words(wanted);
  // Top-level categories first (by sort_order), then the rest in the same order.
  const below = model.catalogue.categories.filter((c) => c.parent_id !== null).sort((a, b) => a.sort_order - b.sort_order || byId(a, b));
  const near = first ? [...topLevelCategories(model), ...below].find((c) => words(c.id).includes(first)) : undefined;
  return near ? `/category/${near.id}` : null;
}

/** A link of the spec's copy: a `/category/{id}` link made one that exists (`categoryHref`) or `fallback`; any other link as it is. */
export function catalogueLink(model: CatalogueModel, href: string, fallback: string): string {
  return href.startsWith('/category/') ? (categoryHref(model, href.slice('/category/'.length)) ?? fallback) : href;
}

/**
 * A category's picture where it has none of its own: the bundled illustration named for its id
 * (`/images/catalogue/category-<id>.svg`), or for the first word of its id that begins an illustration's name
 * ("dairy-breakfast" -> category-dairy.svg, "atta-rice-dal" -> category-atta-flours.svg); else null.
 */
export function bundledIllustration(id: string, illustrations: ReadonlySet<string>): string | null {
  const path = (name: string) => `/images/catalogue/category-${name}.svg`;
  if (illustrations.has(id)) return path(id);
  const named = [...illustrations].sort();
  for (const word of id.split('-')) {
    const match = named.find((name) => name === word || name.startsWith(`${word}-`));
    if (match) return path(match);
  }
  return null;
}

/** A category's picture: its own image, else its bundled illustration, else the placeholder. */
function categoryImage(category: Category, illustrations: ReadonlySet<string>): string {
  return category.image_url ?? bundledIllustration(category.id, illustrations) ?? PLACEHOLDER_IMAGE;
}

/** "Shop by Category": the first ten top-level categories by sort_order, each with its picture and a colour of the palette. */
export function homeCategories(model: CatalogueModel, illustrations: ReadonlySet<string>): HomeCategory[] {
  return topLevelCategories(model)
    .slice(0, HOME_CATEGORY_LIMIT)
    .map((category, i) => ({
      id: category.id,
      name: category.name,
      image: categoryImage(category, illustrations),
      href: `/category/${category.id}`,
      color: HOME_CATEGORY_COLOURS[i % HOME_CATEGORY_COLOURS.length] as string,
    }));
}

/** The available products of `ids` that the catalogue has, in order. */
function pick(model: CatalogueModel, ids: readonly string[]): Product[] {
  return ids.map((id) => model.productById.get(id)).filter((p): p is Product => p !== undefined && p.is_available);
}

/** `first`, filled up to `size` from `more` (in order, without repeats or anything in `taken`). */
function fillUp(first: Product[], more: Iterable<Product>, size: number, taken: ReadonlySet<string> = new Set()): Product[] {
  const out = [...first];
  const seen = new Set([...taken, ...first.map((p) => p.id)]);
  for (const product of more) {
    if (out.length >= size) break;
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    out.push(product);
  }
  return out;
}

/**
 * The home page's "Popular Right Now" and "Best Sellers": the spec's fixed sample products, filled up to four each
 * from the catalogue where it lacks them (popular: the biggest discounts; best sellers: the first available product
 * of each top-level category in order).
 */
export function homeProductRows(model: CatalogueModel): { popular: Product[]; bestSellers: Product[] } {
  const available = availableById(model.catalogue);
  const discount = (p: Product) => discountPercent(p.price_paise, p.original_price_paise) ?? 0;
  const byDiscount = available.filter((p) => discount(p) > 0).sort((a, b) => discount(b) - discount(a) || byId(a, b));
  const popular = fillUp(pick(model, POPULAR_PRODUCT_IDS), byDiscount, HOME_ROW_SIZE);
  const firstOfEach = topLevelCategories(model).flatMap((c) => model.availableUnder(c.id).slice(0, 1));
  const taken = new Set(popular.map((p) => p.id));
  const bestSellers = fillUp(pick(model, BEST_SELLER_IDS), [...firstOfEach, ...available], HOME_ROW_SIZE, taken);
  return { popular, bestSellers };
}

/** The search page's chips: "All", then the spec's four where the catalogue has them, filled up with its other top-level categories. */
export function searchChips(model: CatalogueModel): CategoryChip[] {
  const top = topLevelCategories(model);
  const spec = CATEGORY_CHIPS.slice(1).filter((chip) => top.some((c) => c.id === chip.id));
  const more = top.filter((c) => !spec.some((chip) => chip.id === c.id)).map((c) => ({ id: c.id, label: c.name }));
  return [{ id: 'all', label: 'All' }, ...[...spec, ...more].slice(0, SEARCH_CHIP_COUNT)];
}

/**
 * The search page's "Popular Categories": the spec's four tiles whose category the catalogue has, the others
 * replaced by its top-level categories not shown yet (their name, product count and picture).
 */
export function popularTiles(model: CatalogueModel, illustrations: ReadonlySet<string>): PopularTile[] {
  const kept = POPULAR_CATEGORIES.filter((tile) => model.categoryById.has(tile.href.slice('/category/'.length)));
  const shown = new Set(kept.map((tile) => tile.href));
  const more = topLevelCategories(model)
    .filter((c) => !shown.has(`/category/${c.id}`))
    .map((c) => {
      const count = model.listedUnder(c.id).length;
      return {
        label: c.name,
        count: `${count} ${count === 1 ? 'item' : 'items'}`,
        href: `/category/${c.id}`,
        image: categoryImage(c, illustrations),
      };
    });
  return [...kept, ...more].slice(0, POPULAR_CATEGORIES.length);
}
