/** A home "Shop by Category" entry (spec section 3): id, name, emoji image, href, colour. */
export interface HomeCategory {
  id: string;
  name: string;
  emoji: string;
  /** The emoji's accessible name. */
  emojiLabel: string;
  href: string;
  /** Tailwind classes for the tile, both themes. */
  color: string;
}

const entry = (id: string, name: string, emoji: string, emojiLabel: string, color: string): HomeCategory => ({
  id,
  name,
  emoji,
  emojiLabel,
  href: `/category/${id}`,
  color,
});

/** The ten static home categories of the spec, in its order. */
export const homeCategories: readonly HomeCategory[] = [
  entry('fruits', 'Fruits', '🍎', 'Red apple', 'bg-red-100 dark:bg-red-950'),
  entry('vegetables', 'Vegetables', '🥦', 'Broccoli', 'bg-green-100 dark:bg-green-950'),
  entry('dairy', 'Dairy & Eggs', '🥛', 'Glass of milk', 'bg-sky-100 dark:bg-sky-950'),
  entry('snacks', 'Snacks', '🍿', 'Popcorn', 'bg-amber-100 dark:bg-amber-950'),
  entry('personal-care', 'Personal Care', '🧴', 'Lotion bottle', 'bg-pink-100 dark:bg-pink-950'),
  entry('baby', 'Baby Care', '🍼', 'Baby bottle', 'bg-violet-100 dark:bg-violet-950'),
  entry('cleaning', 'Cleaning', '🧹', 'Broom', 'bg-teal-100 dark:bg-teal-950'),
  entry('beverages', 'Beverages', '🥤', 'Cup with straw', 'bg-orange-100 dark:bg-orange-950'),
  entry('bakery', 'Bakery', '🍞', 'Bread', 'bg-yellow-100 dark:bg-yellow-950'),
  entry('meat', 'Meat & Fish', '🍗', 'Poultry leg', 'bg-rose-100 dark:bg-rose-950'),
];

/** How far the category row's arrows scroll (spec section 9). */
export const CATEGORY_SCROLL_STEP_PX = 200;
