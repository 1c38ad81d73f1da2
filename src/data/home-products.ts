/**
 * The home page's fixed product rows (spec section 2). Ids of real sample-catalogue products so their ADD buttons
 * add them to the cart; each has a discount, so each card shows its badge. An id missing from the catalogue (a
 * different catalogue, say) is skipped at build time.
 */

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
