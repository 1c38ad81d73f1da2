// The home page's fixed product rows (spec section 2): sample ids, each discounted so its card shows the badge; filled up
// from the catalogue where it lacks them (`homeProductRows` in src/lib/catalogue/storefront.ts).

/** "Popular Right Now": four fixed products. */
export const POPULAR_PRODUCT_IDS: readonly string[] = [
  'banana-robusta-6-pcs',
  'tomato-hybrid-500-g',
  'farm-fresh-eggs-1-dozen',
  'britannia-brown-bread-400-g',
];

/** "Best Sellers": four fixed products. */
export const BEST_SELLER_IDS: readonly string[] = [
  'onion-1-kg',
  'tata-tea-gold-500-g',
  'parle-g-original-glucose-biscuits-800-g',
  'fortune-sunlite-refined-sunflower-oil-1-l',
];
