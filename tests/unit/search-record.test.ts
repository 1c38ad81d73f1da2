import { describe, expect, test } from 'vitest';
import { categoryRow, milkProduct } from '../fixtures/catalogue-rows.ts';
import { PLACEHOLDER_IMAGE } from '../../src/lib/images.ts';
import { spellingVariants } from '../../src/lib/search/spellings.ts';
import {
  categoryPath,
  emphasisTermsFor,
  parseUnitPriceKey,
  placeOf,
  searchRecord,
  searchRecordHtml,
  UNCLEAR_UNIT_PRICE,
  unitPriceKey,
} from '../../src/lib/search/record.ts';

const categories = new Map(
  [
    categoryRow('dairy', 'Dairy & Eggs', null),
    categoryRow('milk', 'Milk', 'dairy'),
    categoryRow('loop-a', 'A', 'loop-b'),
    categoryRow('loop-b', 'B', 'loop-a'),
  ].map((c) => [c.id, c]),
);

describe('placeOf', () => {
  test('finds the top-level category and the names on the way', () => {
    expect(placeOf('milk', categories)).toEqual({ topCategory: 'dairy', categoryNames: ['Milk', 'Dairy & Eggs'] });
    expect(placeOf('dairy', categories)).toEqual({ topCategory: 'dairy', categoryNames: ['Dairy & Eggs'] });
  });

  test('survives unknown ids and parent loops', () => {
    expect(placeOf('nope', categories)).toEqual({ topCategory: null, categoryNames: [] });
    expect(categoryPath('loop-a', categories).map((c) => c.id)).toEqual(['loop-a', 'loop-b']);
  });
});

describe('searchRecord', () => {
  const inDairy = { topCategory: 'dairy', categoryNames: [] };
  const nowhere = { topCategory: null, categoryNames: [] };

  test('holds the card fields and the synonyms, never the description', () => {
    const record = searchRecord(milkProduct(), placeOf('milk', categories));
    expect(record).toEqual({
      id: 'amul-taaza-toned-milk-500-ml',
      name: 'Amul Taaza Toned Milk',
      terms: 'dood doodh dudh',
      emphasis: 'milk dood doodh dudh',
      unit: '500 ml',
      pricePaise: '2800',
      originalPricePaise: '3000',
      image: '/images/catalogue/milk.svg',
      unitPrice: 'L:5600',
      category: 'dairy',
      subcategory: 'milk',
      available: true,
      known: 'amul milk dairy eggs',
    });
    expect(JSON.stringify(record)).not.toContain('paneer');
  });

  test('is made for a product out of stock too, marked by the stock filter in its document', () => {
    const record = searchRecord(milkProduct({ is_available: false }), placeOf('milk', categories));
    expect(record).toMatchObject({ id: 'amul-taaza-toned-milk-500-ml', available: false, subcategory: 'milk' });
    const html = searchRecordHtml(record!);
    expect(html).toContain('data-stock="out"');
    expect(html).toContain('stock[data-stock]');
    expect(html).toContain('subcategory[data-subcategory]');
    const inStock = searchRecordHtml(searchRecord(milkProduct(), placeOf('milk', categories))!);
    expect(inStock).not.toContain('data-stock');
    expect(inStock).toContain('data-subcategory="milk"');
  });

  test('adds the spelling variants the build passes in, once, after the synonyms', () => {
    const yogurt = milkProduct({ name: 'Epigamia Greek Yogurt', brand: 'Epigamia' });
    const record = searchRecord(yogurt, inDairy, spellingVariants);
    expect(record?.terms.split(' ')).toContain('yoghurt');
    expect(new Set(record?.terms.split(' ')).size).toBe(record?.terms.split(' ').length);
    expect(searchRecord(yogurt, inDairy)?.terms.split(' ')).not.toContain('yoghurt');
  });

  test('applies the unit and image fallbacks and drops a non-discount original price', () => {
    const record = searchRecord(milkProduct({ quantity_unit: null, image_url: null, original_price_paise: 2000 }), nowhere);
    expect(record?.unit).toBe('pcs');
    expect(record?.image).toBe(PLACEHOLDER_IMAGE);
    expect(record?.originalPricePaise).toBe('');
    expect(record?.category).toBeNull();
  });

  test('carries the unit-price sort key: unit and paise per unit, or "unclear"', () => {
    expect(unitPriceKey(11200, '1 kg')).toBe('kg:11200');
    expect(unitPriceKey(5600, '500 g')).toBe('kg:11200');
    expect(unitPriceKey(5100, '6 pcs')).toBe('pc:850');
    expect(unitPriceKey(6000, '1 pc (approx. 600-800 g)')).toBe(UNCLEAR_UNIT_PRICE);
    expect(unitPriceKey(6000, null)).toBe(UNCLEAR_UNIT_PRICE);
    expect(searchRecord(milkProduct({ quantity_unit: null }), nowhere)?.unitPrice).toBe(UNCLEAR_UNIT_PRICE);
    expect(parseUnitPriceKey('L:5600')).toEqual({ per: 'L', paise: 5600 });
    for (const bad of ['unclear', 'kg:', 'kg:-1', 'lb:100', 'kg:1e5', '<b>:1']) expect(parseUnitPriceKey(bad), bad).toBeNull();
  });

  test('writes prices as whole paise Pagefind can sort', () => {
    expect(searchRecord(milkProduct({ price_paise: 4550 }), nowhere)?.pricePaise).toBe('4550');
    expect(searchRecord(milkProduct({ price_paise: 123500 }), nowhere)?.pricePaise).toBe('123500');
  });
});

describe('emphasisTermsFor', () => {
  test('emphasises the name words that name the category, singular or plural', () => {
    expect(emphasisTermsFor('Farm Fresh Eggs', null, ['Eggs', 'Dairy & Eggs'])).toEqual(expect.arrayContaining(['eggs', 'anda']));
    expect(emphasisTermsFor('Idli Rice', null, ['Rice & Poha'])).toEqual(expect.arrayContaining(['rice', 'chawal']));
  });

  test('does not emphasise a word the category does not name, or the brand', () => {
    expect(emphasisTermsFor('Bonn Milk Rusk', 'Bonn', ['Rusks & Khari', 'Bakery'])).toEqual(['rusk']);
    expect(emphasisTermsFor('Mother Dairy Cow Milk', 'Mother Dairy', ['Milk', 'Dairy & Eggs'])).not.toContain('dairy');
  });
});

describe('spellingVariants', () => {
  test("gives the other spelling, British or American, of the words it is given, from the package's lists", () => {
    expect(spellingVariants(['yogurt'])).toContain('yoghurt');
    expect(spellingVariants(['yoghurt'])).toContain('yogurt');
    expect(spellingVariants(['flavoured', 'milk'])).toEqual(['flavored']);
    expect(spellingVariants(['chilli'])).toContain('chili');
    expect(spellingVariants(['moisturiser'])).toEqual(['moisturizer']);
  });

  test('leaves out words already there and words with no other spelling', () => {
    expect(spellingVariants(['yogurt', 'yoghurt'])).not.toContain('yogurt');
    expect(spellingVariants(['yogurt', 'yoghurt'])).not.toContain('yoghurt');
    expect(spellingVariants(['milk', 'atta', 'coca', 'cola'])).toEqual([]);
  });
});
