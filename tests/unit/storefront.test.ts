import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { BEST_SELLER_IDS, POPULAR_PRODUCT_IDS } from '../../src/data/home-products.ts';
import { indexCatalogue, type CatalogueModel } from '../../src/lib/catalogue/model.ts';
import type { CatalogueTables } from '../../src/lib/catalogue/rows.ts';
import { sanitizeCatalogue } from '../../src/lib/catalogue/sanitize.ts';
import {
  bundledIllustration,
  catalogueLink,
  categoryHref,
  homeCategories,
  homeProductRows,
  popularTiles,
  searchChips,
} from '../../src/lib/catalogue/storefront.ts';
import { PLACEHOLDER_IMAGE } from '../../src/lib/images.ts';
import { CATEGORY_CHIPS, POPULAR_CATEGORIES } from '../../src/lib/search/query.ts';
import { operatorCatalogue } from '../fixtures/operator-store/catalogue.ts';

const illustrations = new Set(readdirSync('public/images/catalogue').flatMap((f) => /^category-(.+)\.svg$/.exec(f)?.[1] ?? []));
const modelOf = (tables: CatalogueTables): CatalogueModel => indexCatalogue(sanitizeCatalogue(tables).catalogue);
const sample = modelOf(JSON.parse(readFileSync('src/data/sample-catalogue.json', 'utf8')) as CatalogueTables);
const operator = modelOf(operatorCatalogue((name) => `https://ref.supabase.co/storage/v1/object/public/product-images/${name}`));

describe('the sample catalogue gives the spec', () => {
  test('its home rows are the spec fixed products, and its chips and tiles the spec ones', () => {
    const { popular, bestSellers } = homeProductRows(sample);
    expect(popular.map((p) => p.id)).toEqual([...POPULAR_PRODUCT_IDS]);
    expect(bestSellers.map((p) => p.id)).toEqual([...BEST_SELLER_IDS]);
    expect(searchChips(sample)).toEqual([...CATEGORY_CHIPS]);
    expect(popularTiles(sample, illustrations)).toEqual([...POPULAR_CATEGORIES]);
    expect(catalogueLink(sample, '/category/fruits', '/stores')).toBe('/category/fruits');
  });
});

describe("another operator's catalogue gets its own", () => {
  test('home tiles are its top-level categories in sort_order, with its photos or the nearest bundled illustration', () => {
    const tiles = homeCategories(operator, illustrations);
    expect(tiles.map((t) => [t.id, t.name])).toEqual([
      ['fruits-vegetables', 'Fruits & Vegetables'],
      ['dairy-breakfast', 'Dairy & Breakfast'],
      ['munchies', 'Munchies'],
      ['cold-drinks-juices', 'Cold Drinks & Juices'],
      ['atta-rice-dal', 'Atta, Rice & Dal'],
    ]);
    expect(tiles.map((t) => t.image)).toEqual([
      'https://ref.supabase.co/storage/v1/object/public/product-images/cat-fruits-vegetables.jpg',
      '/images/catalogue/category-dairy.svg',
      PLACEHOLDER_IMAGE,
      'https://ref.supabase.co/storage/v1/object/public/product-images/label.svg',
      'https://ref.supabase.co/storage/v1/object/public/product-images/cat-atta-rice-dal.jpg',
    ]);
    expect(tiles.every((t) => t.href === `/category/${t.id}`)).toBe(true);
  });

  test("the spec's links go to the nearest category that exists, or to the caller's fallback", () => {
    expect(categoryHref(operator, 'fruits')).toBe('/category/fruits-vegetables');
    expect(categoryHref(operator, 'dairy')).toBe('/category/dairy-breakfast');
    expect(categoryHref(operator, 'snacks')).toBeNull();
    expect(catalogueLink(operator, '/category/snacks', '/stores')).toBe('/stores');
    expect(catalogueLink(operator, '/offers/specials', '/stores')).toBe('/offers/specials');
  });

  test('bundled illustrations are matched by the first word of an id that begins one', () => {
    expect(bundledIllustration('dairy', illustrations)).toBe('/images/catalogue/category-dairy.svg');
    expect(bundledIllustration('atta-rice-dal', illustrations)).toBe('/images/catalogue/category-atta-flours.svg');
    expect(bundledIllustration('cold-drinks-juices', illustrations)).toBe('/images/catalogue/category-juices.svg');
    expect(bundledIllustration('munchies', illustrations)).toBeNull();
  });

  test('home rows fill up to four available products each, best discounts first, never repeating one', () => {
    const { popular, bestSellers } = homeProductRows(operator);
    expect(popular).toHaveLength(4);
    expect(bestSellers).toHaveLength(4);
    expect([...popular, ...bestSellers].every((p) => p.is_available)).toBe(true);
    expect(new Set([...popular, ...bestSellers].map((p) => p.id)).size).toBe(8);
    expect(popular[0]?.id).toBe('tomato-local-500-g'); // 20% off, the largest
    // The first of each top-level category, but the fruit aisle's first (a mango) is already popular.
    expect(bestSellers.map((p) => p.category_id)).toEqual(['milk-curd', 'chips-crisps-blr', 'soft-drinks-blr', 'atta-flour']);
  });

  test('search chips and tiles are its top-level categories, with their product counts', () => {
    expect(searchChips(operator).map((c) => c.label)).toEqual([
      'All',
      'Fruits & Vegetables',
      'Dairy & Breakfast',
      'Munchies',
      'Cold Drinks & Juices',
    ]);
    const tiles = popularTiles(operator, illustrations);
    expect(tiles.map((t) => `${t.label}: ${t.count} -> ${t.href}`)).toEqual([
      'Fruits & Vegetables: 10 items -> /category/fruits-vegetables',
      'Dairy & Breakfast: 7 items -> /category/dairy-breakfast',
      'Munchies: 5 items -> /category/munchies',
      'Cold Drinks & Juices: 4 items -> /category/cold-drinks-juices',
    ]);
  });
});
