/** A home "Shop by Category" entry (spec section 3), from a top-level category (`homeCategories` in storefront.ts). */
export interface HomeCategory {
  id: string;
  name: string;
  /** The category's image, or its bundled illustration (every system shows it; an emoji needs an emoji font). */
  image: string;
  href: string;
  /** The tile's Tailwind background: the same pastel in both themes (the name sits below the tile, so no text is on it). */
  color: string;
}

/** The tiles' colours, by position: the spec's ten categories, in its order, get the colours they always had. */
export const HOME_CATEGORY_COLOURS: readonly string[] = [
  'bg-red-100',
  'bg-green-100',
  'bg-sky-100',
  'bg-amber-100',
  'bg-pink-100',
  'bg-violet-100',
  'bg-teal-100',
  'bg-orange-100',
  'bg-yellow-100',
  'bg-rose-100',
];

/** How far the category row's arrows scroll (spec section 9). */
export const CATEGORY_SCROLL_STEP_PX = 200;
