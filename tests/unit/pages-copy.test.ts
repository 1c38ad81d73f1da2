import { sanitizeCatalogue } from '../../src/lib/catalogue/sanitize.ts';
import { describe, expect, test } from 'vitest';
import { must } from '../../scripts/lib/must.ts';
import { BEST_SELLER_IDS, POPULAR_PRODUCT_IDS } from '../../src/data/home-products.ts';
import { faqs, FAQ_CATEGORIES } from '../../src/data/faqs.ts';
import { offerCards, sampleOffers, formatOfferDate } from '../../src/data/offers.ts';
import { readdirSync } from 'node:fs';
import { HOME_CATEGORY_COLOURS } from '../../src/data/home-categories.ts';
import { homeCategories as homeCategoriesOf } from '../../src/lib/catalogue/storefront.ts';
import { bannerSlides } from '../../src/data/banners.ts';
import { matchesQuery } from '../../src/lib/name-match.ts';
import { buildSampleCatalogue } from '../../src/lib/catalogue/sample.build.ts';
import { subcategoryLinks } from '../../src/lib/catalogue/category-pages.ts';
import { indexCatalogue } from '../../src/lib/catalogue/model.ts';
import { discountPercent, formatPaise } from '../../src/lib/format.ts';
import { FREE_DELIVERY_ABOVE_PAISE } from '../../src/lib/coupons.ts';
import { DELIVERY_FEE_PAISE } from '../../src/lib/pricing.ts';

const sample = sanitizeCatalogue(buildSampleCatalogue()).catalogue;
const byId = new Map(sample.products.map((p) => [p.id, p]));

describe('home copy against the sample catalogue', () => {
  test('Popular Right Now and Best Sellers: four real, available, discounted products each', () => {
    for (const list of [POPULAR_PRODUCT_IDS, BEST_SELLER_IDS]) {
      expect(list).toHaveLength(4);
      for (const id of list) {
        const product = must(byId.get(id), id);
        expect(product.is_available, id).toBe(true);
        expect(discountPercent(product.price_paise, product.original_price_paise), id).not.toBeNull();
      }
    }
  });

  test('the produce entries count 24, 32, 12 and 18 products, as the spec says', () => {
    const links = subcategoryLinks(indexCatalogue(sample), 'fruits');
    expect(links.map((l) => [l.name, l.count])).toEqual([
      ['Fresh Fruits', 24],
      ['Fresh Vegetables', 32],
      ['Exotic Fruits', 12],
      ['Organic Produce', 18],
    ]);
  });

  test('the sample gives the ten home categories of the spec, and the carousel has three slides with the spec links', () => {
    const illustrations = new Set(readdirSync('public/images/catalogue').flatMap((f) => /^category-(.+)\.svg$/.exec(f)?.[1] ?? []));
    const homeCategories = homeCategoriesOf(indexCatalogue(sample), illustrations);
    expect(homeCategories.map((c) => c.id)).toEqual([
      'fruits',
      'vegetables',
      'dairy',
      'snacks',
      'personal-care',
      'baby',
      'cleaning',
      'beverages',
      'bakery',
      'meat',
    ]);
    expect(homeCategories.map((c) => c.name)).toEqual([
      'Fruits',
      'Vegetables',
      'Dairy & Eggs',
      'Snacks',
      'Personal Care',
      'Baby Care',
      'Cleaning',
      'Beverages',
      'Bakery',
      'Meat & Fish',
    ]);
    for (const c of homeCategories) {
      expect(c.image).toBe(`/images/catalogue/category-${c.id}.svg`);
      expect(c.href).toBe(`/category/${c.id}`);
    }
    expect(homeCategories.map((c) => c.color)).toEqual([...HOME_CATEGORY_COLOURS]);
    expect(bannerSlides.map((s) => [s.link, s.cta])).toEqual([
      ['/offers/quick-delivery', 'Order Now'],
      ['/category/fruits', 'Explore Stores'],
      ['/offers/specials', 'See How It Works'],
    ]);
  });
});

describe('copy that quotes money follows the pricing rules', () => {
  test('the FAQ delivery answer states the fixed fee and the FREEDEL threshold', () => {
    const answer = faqs.find((f) => f.id === 'delivery-charges')?.answer;
    expect(answer).toContain(`above ${formatPaise(FREE_DELIVERY_ABOVE_PAISE)}`);
    expect(answer).toContain(formatPaise(DELIVERY_FEE_PAISE));
    expect(answer).not.toMatch(/₹500|₹30-|₹30\.00|₹50\.00/);
  });

  test('six FAQs in the three categories', () => {
    expect(faqs).toHaveLength(6);
    expect(new Set(faqs.map((f) => f.category))).toEqual(new Set(FAQ_CATEGORIES));
  });

  test('the home free-delivery card and the free-delivery offer use the FREEDEL threshold; every strip card has its code', () => {
    expect(offerCards.find((o) => o.id === 'free-delivery')?.subtitle).toBe('On orders above ₹300');
    expect(offerCards.map((o) => o.code)).toEqual(['WELCOME50', 'SAVE100', 'FREEDEL', 'WEEKEND30', 'BULK20']);
    expect(sampleOffers.find((o) => o.type === 'delivery')?.minOrderPaise).toBe(FREE_DELIVERY_ABOVE_PAISE);
    expect(sampleOffers.map((o) => o.type)).toEqual(['new-user', 'flash-sale', 'delivery', 'bulk']);
  });

  test('offer dates read the Indian way', () => {
    expect(formatOfferDate('2026-12-31')).toBe('31 Dec 2026');
    expect(formatOfferDate('not a date')).toBe('not a date');
  });
});

describe('matchesQuery (in-page search)', () => {
  test('is a case-insensitive substring match; blank matches everything', () => {
    expect(matchesQuery('banana robusta', 'ROBU')).toBe(true);
    expect(matchesQuery('banana robusta', '  nana ')).toBe(true);
    expect(matchesQuery('banana robusta', 'apple')).toBe(false);
    expect(matchesQuery('anything', '   ')).toBe(true);
    expect(matchesQuery('a.b', '.')).toBe(true);
    expect(matchesQuery('ab', '(')).toBe(false);
  });
});
