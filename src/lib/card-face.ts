/**
 * What a product card shows, as text and image attributes: the one place ProductCard's values come from, also written by the
 * build into the search's first pages (src/lib/search/first-page.ts), which the search page fills in before React loads.
 */
import type { CardProduct } from './fields.ts';
import { discountPercent, displayUnit, formatPaise } from './format.ts';
import { imageAttributes, type ImageAttributes, type ImageUseName } from './images.ts';
import { formatUnitPrice } from './unit-price.ts';

export type CardImageUse = Extract<ImageUseName, 'card' | 'rowCard'>;

export interface CardFace {
  href: string;
  /** The discount badge's number ("12" of "12% OFF"), null without a discount. */
  percent: string | null;
  unit: string;
  price: string;
  /** The struck-through price, shown with the badge only. */
  original: string | null;
  perUnit: string | null;
  image: ImageAttributes;
}

/** `cdnPrefix`: src/lib/image-cdn.ts's `imageCdn`, passed in so the search page's inline script can use this without Astro's env. */
export function cardFace(product: CardProduct, use: CardImageUse, cdnPrefix: string | null): CardFace {
  const percent = discountPercent(product.price_paise, product.original_price_paise);
  return {
    href: `/product/${encodeURIComponent(product.id)}`,
    percent: percent === null ? null : String(percent),
    unit: displayUnit(product.quantity_unit),
    price: formatPaise(product.price_paise),
    original: percent !== null && product.original_price_paise !== null ? formatPaise(product.original_price_paise) : null,
    perUnit: formatUnitPrice(product.price_paise, product.quantity_unit),
    image: imageAttributes(product.image_url, use, cdnPrefix),
  };
}
