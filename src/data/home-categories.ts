/** A home "Shop by Category" entry (spec section 3): id, name, image (the spec's emoji, as a bundled illustration), href, colour. */
export interface HomeCategory {
  id: string;
  name: string;
  /** The category's bundled illustration (every system shows it; an emoji needs an emoji font). */
  image: string;
  href: string;
  /** The tile's Tailwind background: the same pastel in both themes (the name sits below the tile, so no text is on it). */
  color: string;
}

const entry = (id: string, name: string, color: string): HomeCategory => ({
  id,
  name,
  image: `/images/catalogue/category-${id}.svg`,
  href: `/category/${id}`,
  color,
});

/** The ten static home categories of the spec, in its order. */
export const homeCategories: readonly HomeCategory[] = [
  entry('fruits', 'Fruits', 'bg-red-100'),
  entry('vegetables', 'Vegetables', 'bg-green-100'),
  entry('dairy', 'Dairy & Eggs', 'bg-sky-100'),
  entry('snacks', 'Snacks', 'bg-amber-100'),
  entry('personal-care', 'Personal Care', 'bg-pink-100'),
  entry('baby', 'Baby Care', 'bg-violet-100'),
  entry('cleaning', 'Cleaning', 'bg-teal-100'),
  entry('beverages', 'Beverages', 'bg-orange-100'),
  entry('bakery', 'Bakery', 'bg-yellow-100'),
  entry('meat', 'Meat & Fish', 'bg-rose-100'),
];

/** How far the category row's arrows scroll (spec section 9). */
export const CATEGORY_SCROLL_STEP_PX = 200;
