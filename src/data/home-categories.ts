/** A home "Shop by Category" entry (spec section 3): id, name, image (the spec's emoji, as a bundled illustration), href, colour. */
export interface HomeCategory {
  id: string;
  name: string;
  /** The category's bundled illustration (every system shows it; an emoji needs an emoji font). */
  image: string;
  href: string;
  /** Tailwind classes for the tile, both themes. */
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
  entry('fruits', 'Fruits', 'bg-red-100 dark:bg-red-950'),
  entry('vegetables', 'Vegetables', 'bg-green-100 dark:bg-green-950'),
  entry('dairy', 'Dairy & Eggs', 'bg-sky-100 dark:bg-sky-950'),
  entry('snacks', 'Snacks', 'bg-amber-100 dark:bg-amber-950'),
  entry('personal-care', 'Personal Care', 'bg-pink-100 dark:bg-pink-950'),
  entry('baby', 'Baby Care', 'bg-violet-100 dark:bg-violet-950'),
  entry('cleaning', 'Cleaning', 'bg-teal-100 dark:bg-teal-950'),
  entry('beverages', 'Beverages', 'bg-orange-100 dark:bg-orange-950'),
  entry('bakery', 'Bakery', 'bg-yellow-100 dark:bg-yellow-950'),
  entry('meat', 'Meat & Fish', 'bg-rose-100 dark:bg-rose-950'),
];

/** How far the category row's arrows scroll (spec section 9). */
export const CATEGORY_SCROLL_STEP_PX = 200;
