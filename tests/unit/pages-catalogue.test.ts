import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { must } from '../../scripts/lib/must.ts';
import {
  categoryPage,
  categoryPaths,
  subcategoryLinks,
  subcategoryPage,
  subcategoryPaths,
} from '../../src/lib/catalogue/category-pages.ts';
import { activeStores, featuredProducts, indexCatalogue, relatedProducts, shopProducts } from '../../src/lib/catalogue/model.ts';
import { escapeJsonForScript, productJsonLd, productTrail } from '../../src/lib/catalogue/seo.ts';
import { displayDeliveryTime, displayRating, shopPaths } from '../../src/lib/catalogue/shop-pages.ts';
import type { Catalogue } from '../../src/lib/catalogue/rows.ts';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/pages-catalogue.json', import.meta.url), 'utf8')) as Catalogue;
const index = indexCatalogue(fixture);
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe('categoryPage', () => {
  test('lists the products of every subcategory under a top-level category, available first, out-of-stock last', () => {
    const page = categoryPage(index, 'fruits');
    expect(page.title).toBe('Fruits');
    expect(ids(page.products)).toEqual(['a-apple', 'b-banana', 'kiwi', '0-sold-out']);
  });

  test('on a leaf it is exactly the products whose category_id is the id', () => {
    expect(ids(categoryPage(index, 'exotic-fruits').products)).toEqual(['kiwi']);
    expect(categoryPage(index, 'exotic-fruits').subcategories).toEqual([]);
  });

  test('falls back to the "Category" title for a missing or nameless category, with no products', () => {
    expect(categoryPage(index, 'nope')).toMatchObject({ category: null, title: 'Category', products: [], subcategories: [] });
    expect(categoryPage(index, 'empty').title).toBe('Category');
  });
});

describe('subcategoryLinks', () => {
  test('fruits and vegetables show the four fixed produce entries in the spec order, counted from the data', () => {
    const links = subcategoryLinks(index, 'fruits');
    expect(links.map((l) => [l.name, l.count, l.href])).toEqual([
      ['Fresh Fruits', 3, '/category/fruits/subcategory/fresh-fruits'],
      ['Fresh Vegetables', 1, '/category/fruits/subcategory/fresh-vegetables'],
      ['Exotic Fruits', 1, '/category/fruits/subcategory/exotic-fruits'],
      ['Organic Produce', 0, '/category/fruits/subcategory/organic-produce'],
    ]);
    expect(subcategoryLinks(index, 'vegetables')[0]?.href).toBe('/category/vegetables/subcategory/fresh-fruits');
  });

  test('other categories show their own children by sort order', () => {
    expect(subcategoryLinks(index, 'snacks').map((l) => [l.id, l.count])).toEqual([
      ['biscuits', 0],
      ['chips', 1],
    ]);
  });
});

describe('paths', () => {
  test('pre-renders every category and every category x listed subcategory pair', () => {
    expect(categoryPaths(index).map((p) => p.id)).toHaveLength(fixture.categories.length);
    const pairs = subcategoryPaths(index).map((p) => `${p.categoryId}/${p.subcategoryId}`);
    expect(pairs).toContain('fruits/organic-produce');
    expect(pairs).toContain('snacks/chips');
    expect(pairs).not.toContain('fresh-fruits/chips');
  });

  test('subcategory page: its own products, back to the category', () => {
    const page = subcategoryPage(index, 'fruits', 'fresh-vegetables');
    expect(page).toMatchObject({ parent: { id: 'fruits', title: 'Fruits' }, title: 'Fresh Vegetables' });
    expect(ids(page.products)).toEqual(['tomato']);
    expect(subcategoryPage(index, 'fruits', 'organic-produce')).toMatchObject({ title: 'Category', products: [] });
  });

  test('shop pages: the four types first, then stores by id, a store id equal to a type not twice', () => {
    const paths = shopPaths(fixture);
    expect(paths.map((p) => p.shopId)).toEqual([
      'grocery',
      'pharmacy',
      'bakery',
      'electronics',
      'alpha-store',
      'closed-store',
      'zeta-store',
    ]);
    expect(paths[0]?.header).toMatchObject({ title: 'Grocery', rating: '4.5', deliveryTime: '10 min', distance: '0.7 km' });
    expect(paths.find((p) => p.shopId === 'alpha-store')?.header).toMatchObject({
      rating: '4.8',
      deliveryTime: '12 min',
      subtitle: 'Sector 14',
    });
    expect(paths.find((p) => p.shopId === 'zeta-store')?.header).toMatchObject({ rating: '4.5', deliveryTime: '10 min' });
  });
});

describe('stores and shop products', () => {
  test('the stores list holds active stores only, by id', () => {
    expect(ids(activeStores(fixture))).toEqual(['alpha-store', 'grocery', 'zeta-store']);
  });

  test('shop grid: available products by id, at most 20', () => {
    expect(ids(shopProducts(fixture))).toEqual(['a-apple', 'b-banana', 'chips-1', 'kiwi', 'tomato']);
    const many: Catalogue = {
      ...fixture,
      products: Array.from({ length: 30 }, (_, i) => ({
        ...must(fixture.products[0], 'a fixture product'),
        id: `p${String(i).padStart(2, '0')}`,
      })),
    };
    expect(shopProducts(many)).toHaveLength(20);
    expect(featuredProducts(many)).toHaveLength(8);
  });

  test('fallbacks: rating 4.5 and "10 min"', () => {
    expect(displayRating(null)).toBe('4.5');
    expect(displayRating(4)).toBe('4.0');
    expect(displayDeliveryTime(null)).toBe('10 min');
    expect(displayDeliveryTime(7)).toBe('7 min');
  });
});

describe('product page helpers', () => {
  test('breadcrumb trail: home, category, subcategory, product', () => {
    const banana = must(index.productById.get('b-banana'), 'b-banana');
    expect(productTrail(index, banana).map((t) => t.href)).toEqual([
      '/',
      '/category/fruits',
      '/category/fruits/subcategory/fresh-fruits',
      '/product/b-banana',
    ]);
  });

  test('related products: available ones of the same subcategory, filled up from its siblings', () => {
    const banana = must(index.productById.get('b-banana'), 'b-banana');
    expect(ids(relatedProducts(index, banana, 4))).toEqual(['a-apple', 'kiwi']);
  });

  test('JSON-LD parses back to the product and cannot close its script element', () => {
    const chips = must(index.productById.get('chips-1'), 'chips-1');
    const text = productJsonLd(chips, 'https://x.test/img.svg', 'https://x.test/product/chips-1/');
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: chips.name,
      image: 'https://x.test/img.svg',
      description: chips.description,
      sku: 'chips-1',
      brand: { '@type': 'Brand', name: "Lay's" },
      offers: {
        '@type': 'Offer',
        url: 'https://x.test/product/chips-1/',
        price: '20.00',
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
      },
    });
    const soldOut = JSON.parse(productJsonLd(must(index.productById.get('0-sold-out'), '0-sold-out'), 'a', 'b')) as {
      offers: { availability: string };
      brand?: unknown;
    };
    expect(soldOut.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(soldOut.brand).toBeUndefined();
  });

  test('escapeJsonForScript keeps the JSON value', () => {
    const value = { a: '</script><!--', b: 'x & y > z' };
    expect(JSON.parse(escapeJsonForScript(JSON.stringify(value)))).toEqual(value);
  });
});
