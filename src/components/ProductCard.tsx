import { cardFace, type CardFace, type CardImageUse } from '../lib/card-face.ts';
import type { CardProduct } from '../lib/fields.ts';
import { imageCdn } from '../lib/image-cdn.ts';
import CatalogueImage, { type CatalogueImageProps } from './CatalogueImage.tsx';
import CartControl from './CartControl.tsx';

export interface ProductCardProps {
  product: CardProduct;
  /** Heading level of the product name within the page outline (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** When the image loads: lazily (default), or at once for a first screenful (see CatalogueImage). */
  priority?: CatalogueImageProps['priority'];
  /** The image's box: a grid card (default) or a card of a scrolling row. */
  imageUse?: CardImageUse;
  /** Show the cart control (default); off for the no-JavaScript fallback, where it could not work. */
  showAdd?: boolean;
  /** The cart control takes its stepper from the page's shared template (pre-rendered listings; see CartControl). */
  sharedStepper?: boolean;
  /** What it shows, when not the product's own: the search page's template (src/components/FirstPageTemplate.astro). */
  face?: CardFace | undefined;
}

/** The one product card: pre-rendered by Astro pages (no React shipped) and rendered live by the search and featured islands. */
export default function ProductCard({
  product,
  headingLevel = 3,
  priority = 'lazy',
  imageUse = 'card',
  showAdd = true,
  sharedStepper = false,
  face,
}: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  const { href, percent, unit, price, original, perUnit, image } = face ?? cardFace(product, imageUse, imageCdn);
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-gray-200 bg-white p-2 dark:border-gray-800 dark:bg-gray-900">
      <a href={href} className="block rounded-lg">
        <CatalogueImage
          attributes={image}
          priority={priority}
          className="aspect-square w-full rounded-lg bg-gray-50 object-contain dark:bg-gray-800"
        />
        <Heading className="mt-2 line-clamp-2 text-sm leading-snug font-semibold">{product.name}</Heading>
      </a>
      {percent !== null && (
        <span className="absolute top-3 left-3 rounded-md bg-brand-700 px-1.5 py-0.5 text-xs font-bold text-white">{percent}% OFF</span>
      )}
      <p className="mt-0.5 text-xs text-gray-600 dark:text-gray-300">{unit}</p>
      <div className="mt-auto flex flex-wrap items-end justify-between gap-1 pt-2">
        <p className="leading-tight">
          <span className="block text-sm font-bold">{price}</span>
          {original !== null && (
            <s className="text-xs text-gray-600 dark:text-gray-300">
              <span className="sr-only">Original price </span>
              {original}
            </s>
          )}
          {perUnit && <span className="block text-xs text-gray-600 dark:text-gray-300">{perUnit}</span>}
        </p>
        {!product.is_available ? (
          <span className="ml-auto rounded-lg bg-gray-100 px-2 py-1.5 text-xs font-semibold text-gray-700 dark:bg-gray-800 dark:text-gray-200">
            Out of stock
          </span>
        ) : (
          showAdd && <CartControl product={product} sharedStepper={sharedStepper} className="ml-auto" />
        )}
      </div>
    </article>
  );
}
