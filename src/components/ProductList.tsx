import type { CardFace } from '../lib/card-face.ts';
import type { CardProduct } from '../lib/fields.ts';
import ProductCard, { type ProductCardProps } from './ProductCard.tsx';

export type ProductListProps = Pick<ProductCardProps, 'headingLevel' | 'showAdd' | 'sharedStepper'> & {
  products: readonly CardProduct[];
  /** What each card shows, when not its product's own (ProductCard's `face`). */
  faces?: readonly CardFace[] | undefined;
  /** `grid` (2 to 4 columns) or `row` (one horizontally scrolling row). */
  layout?: 'grid' | 'row';
  /** How many cards load their image eagerly (the first screenful). */
  eager?: number;
  /** The first card's image is the page's largest content (listings, search results): fetched before the other eager ones. */
  firstHigh?: boolean;
  id?: string;
};

const LAYOUT = {
  grid: { list: 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4', item: undefined },
  row: { list: 'scrollbar-none -mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-1', item: 'w-40 shrink-0 snap-start' },
} as const;

/** A list of product cards, one markup for every page and island; each item is a `data-filter-item` an in-page search can hide. */
export default function ProductList({ products, faces, layout = 'grid', eager = 2, firstHigh = false, id, ...card }: ProductListProps) {
  const { list, item } = LAYOUT[layout];
  return (
    <ul id={id} data-filter-list className={list}>
      {products.map((product, i) => (
        <li key={product.id} data-filter-item className={item}>
          <ProductCard
            {...card}
            product={product}
            face={faces?.[i]}
            priority={i >= eager ? 'lazy' : !firstHigh ? 'eager' : i === 0 ? 'high' : 'low'}
            imageUse={layout === 'row' ? 'rowCard' : 'card'}
          />
        </li>
      ))}
    </ul>
  );
}
