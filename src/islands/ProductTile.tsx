import { discountPercent, displayImage, displayUnit, formatPrice } from '../lib/format.ts';
import type { Product } from '../lib/catalogue/types.ts';
import AddButton from './AddButton.tsx';

/** The product fields a tile shows. */
export type TileProduct = Pick<Product, 'id' | 'name' | 'price' | 'original_price' | 'image_url' | 'quantity_unit'> & {
  is_available?: boolean | undefined;
};

export interface ProductTileProps {
  product: TileProduct;
  /** Heading level of the product name inside the list it sits in (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** Load the image at once (first row above the fold) instead of lazily. */
  eager?: boolean;
  /** Show the ADD button (default); off for the no-JavaScript fallback, where it could not work. */
  showAdd?: boolean;
}

/** The React product card: image, discount badge, name, unit, price, struck original price, link to /product/{id}, ADD. */
export default function ProductTile({ product, headingLevel = 3, eager = false, showAdd = true }: ProductTileProps) {
  const Heading = `h${headingLevel}` as const;
  const discount = discountPercent(product.price, product.original_price);
  const href = `/product/${encodeURIComponent(product.id)}`;
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-gray-200 bg-white p-2 shadow-sm dark:border-gray-800 dark:bg-gray-900">
      <a href={href} className="group flex flex-1 flex-col rounded-lg">
        <div className="relative aspect-square overflow-hidden rounded-lg bg-gray-50 dark:bg-gray-800">
          <img
            src={displayImage(product.image_url)}
            alt=""
            width={240}
            height={240}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-contain transition-transform group-hover:scale-105"
          />
          {discount !== null && (
            <span className="absolute top-1.5 left-1.5 rounded-md bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white">{discount}% OFF</span>
          )}
        </div>
        <Heading className="mt-2 line-clamp-2 text-sm leading-snug font-semibold group-hover:underline">{product.name}</Heading>
        <p className="mt-0.5 text-xs text-gray-600 dark:text-gray-300">{displayUnit(product.quantity_unit)}</p>
      </a>
      <div className="mt-2 flex items-end justify-between gap-1">
        <p className="flex flex-col leading-tight">
          <span className="text-sm font-bold">
            <span className="sr-only">Price </span>
            {formatPrice(product.price)}
          </span>
          {discount !== null && product.original_price != null && (
            <s className="text-xs text-gray-500 dark:text-gray-400">
              <span className="sr-only">Original price </span>
              {formatPrice(product.original_price)}
            </s>
          )}
        </p>
        {showAdd && <AddButton product={{ id: product.id, name: product.name, price: product.price, image_url: product.image_url, quantity_unit: product.quantity_unit, is_available: product.is_available }} />}
      </div>
    </article>
  );
}
