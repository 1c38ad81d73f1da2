/** What the storefront's fixed sections show and link to; a link the catalogue lacks goes to the nearest page, never a 404. */
import { HOME_CATEGORY_COLOURS, type HomeCategory } from '../../data/home-categories.ts';
import { BEST_SELLER_IDS, POPULAR_PRODUCT_IDS } from '../../data/home-products.ts';
import { discountPercent } from '../format.ts';
import { PLACEHOLDER_IMAGE } from '../images.ts';
import { CATEGORY_CHIPS, POPULAR_CATEGORIES, type CategoryChip, type PopularTile } from '../search/query.ts';
import { availableById, byId, topLevelCategories, type CatalogueModel } from './model.ts';
import type { Category, Product } from './rows.ts';

// The spec's counts: home categories, products per fixed home row, search chips besides "All".
export const HOME_CATEGORY_LIMIT = 10;
export const HOME_ROW_SIZE = 4;
export const SEARCH_CHIP_COUNT = 4;

/** The words of an id or name, lower-case, each without a plural "s" ("Fruits & Vegetables" -> fruit, vegetable). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** The page for a category the spec's copy names: its own, else the first (top-level first) sharing its first word, else null. */
export function categoryHref(model: CatalogueModel, wanted: string): string | null {
  if (model.categoryById.has(wanted)) return `/category/${wanted}`;
  const [first] = words(wanted);
  const below = model.catalogue.categories.filter((c) => c.parent_id !== null).sort((a, b) => a.sort_order - b.sort_order || byId(a, b));
  const near = first ? [...topLevelCategories(model), ...below].find((c) => words(c.id).includes(first)) : undefined;
  return near ? `/category/${near.id}` : null;
}

/** A link of the spec's copy: a `/category/{id}` link made one that exists (`categoryHref`) or `fallback`. */
export function catalogueLink(model: CatalogueModel, href: string, fallback: string): string {
  return href.startsWith('/category/') ? (categoryHref(model, href.slice('/category/'.length)) ?? fallback) : href;
}

/** The bundled illustration named for a category's id, or for the first word of it that begins one ("atta-rice-dal" -> atta-flours). */
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

function categoryImage(category: Category, illustrations: ReadonlySet<string>): string {
  return category.image_url ?? bundledIllustration(category.id, illustrations) ?? PLACEHOLDER_IMAGE;
}

/** "Shop by Category": the first top-level categories, each with its picture and a colour of the palette. */
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

/** `first`, filled up to `size` from `more` without repeats or anything in `taken`. */
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

/** "Popular Right Now" and "Best Sellers": the spec's products, filled up by biggest discount / first of each category. */
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

/** The search page's chips: "All", then the spec's where the catalogue has them, filled up with other top-level categories. */
export function searchChips(model: CatalogueModel): CategoryChip[] {
  const top = topLevelCategories(model);
  const spec = CATEGORY_CHIPS.slice(1).filter((chip) => top.some((c) => c.id === chip.id));
  const more = top.filter((c) => !spec.some((chip) => chip.id === c.id)).map((c) => ({ id: c.id, label: c.name }));
  return [{ id: 'all', label: 'All' }, ...[...spec, ...more].slice(0, SEARCH_CHIP_COUNT)];
}

/** The search page's "Popular Categories": the spec's tiles the catalogue has, the others replaced by top-level categories. */
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
