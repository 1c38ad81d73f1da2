/**
 * Catalogue images as shoppers get them: which URLs the site may show, and each use's `src`, `srcset`, `sizes`, `width`, `height` (the
 * build's `/_img/` files, Supabase's endpoint with PUBLIC_IMAGE_CDN=supabase, else the placeholder). Ships to the browser; no deps.
 */

/** The bundled placeholder shown when a product has no image, or none the site can show. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/** Where the build serves optimised catalogue photos from. */
export const OPTIMISED_IMAGE_DIR = '/_img/';

/**
 * The widths (px) the build encodes each photo at, none wider than the photo: the union of every use's widths. 768 is
 * the product photo of a phone 380 px wide at 1.75-2x (Lighthouse's Moto G took 960 before: 86 KB against 55 KB).
 */
export const IMAGE_WIDTHS = [128, 256, 384, 640, 768, 960] as const;

/** WebP quality of the optimised photos (and of the CDN's). */
export const IMAGE_QUALITY = 75;

// <hash: 16 hex>-<original width>x<original height>-<this file's width>.webp
const OPTIMISED = /^\/_img\/([0-9a-f]{16})-([1-9]\d{0,4})x([1-9]\d{0,4})-([1-9]\d{0,4})\.webp$/;

/** A photo the build optimised: its content hash and its original size. */
export interface OptimisedImage {
  hash: string;
  width: number;
  height: number;
}

/** The path of one width of an optimised photo. */
export function optimisedImagePath(image: OptimisedImage, width: number): string {
  return `${OPTIMISED_IMAGE_DIR}${image.hash}-${image.width}x${image.height}-${width}.webp`;
}

/** The photo an optimised image path names, or null for any other URL. */
export function parseOptimisedImage(url: string): OptimisedImage | null {
  const match = OPTIMISED.exec(url);
  if (!match) return null;
  const image = { hash: match[1] as string, width: Number(match[2]), height: Number(match[3]) };
  return variantWidths(image.width).includes(Number(match[4])) ? image : null;
}

/** The widths the build writes for a photo `width` px wide: each of IMAGE_WIDTHS below it, and the photo's own (at most the widest). */
export function variantWidths(width: number): number[] {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as number;
  const below = IMAGE_WIDTHS.filter((w) => w < width);
  return width >= largest ? [...below.filter((w) => w < largest), largest] : [...below, width];
}

/** Height of a `width`-px-wide copy of a photo (rounded, at least 1). */
function scaledHeight(image: OptimisedImage, width: number): number {
  return Math.max(1, Math.round((image.height * width) / image.width));
}

/** The canonical path stored for a photo (catalogue rows, carts, orders, search records): its widest file. */
export function storedImagePath(image: OptimisedImage): string {
  return optimisedImagePath(image, variantWidths(image.width).at(-1) as number);
}

/**
 * The public-object prefix of the project's Supabase Storage (`https://<ref>.supabase.co/storage/v1/object/public/`)
 * when PUBLIC_IMAGE_CDN is "supabase" and PUBLIC_SUPABASE_URL is set: photos under it are resized by its image
 * endpoint. Null otherwise.
 */
export function supabaseObjectPrefix(cdn: string | undefined, supabaseUrl: string | undefined): string | null {
  if (cdn !== 'supabase' || !supabaseUrl) return null;
  try {
    return `${new URL(supabaseUrl).origin}/storage/v1/object/public/`;
  } catch {
    return null;
  }
}

/** The image endpoint's URL for one width of a public Storage object (`.../render/image/public/...?width=...`). */
export function supabaseRenderUrl(objectUrl: string, prefix: string, width: number): string {
  const rest = objectUrl.slice(prefix.length);
  const render = prefix.replace('/storage/v1/object/public/', '/storage/v1/render/image/public/');
  return `${render}${rest}${rest.includes('?') ? '&' : '?'}width=${width}&quality=${IMAGE_QUALITY}`;
}

// One leading "/" and nothing that could leave the site or the attribute (as the field rule's site path).
const SITE_PATH = /^\/(?![/\\])[^\s\p{Cc}\\"'`<>]*$/u;

/**
 * The image a page or island may show for `url`: an optimised path, a site path (the bundled illustrations), a
 * photo in the project's Storage when the CDN is on; otherwise the placeholder. What search records, the cart and
 * the social cards carry.
 */
export function displayImage(url: string | null | undefined, cdnPrefix: string | null): string {
  const value = url?.trim();
  if (!value) return PLACEHOLDER_IMAGE;
  if (SITE_PATH.test(value)) return value;
  return cdnPrefix && value.startsWith(cdnPrefix) && !/[\s"'`<>\\]/.test(value) ? value : PLACEHOLDER_IMAGE;
}

/**
 * Live rows (Supabase, in the browser) with photos the page can show: a row's own image when the site can show it
 * (a site path, a Storage photo with the CDN on), else the one the build optimised for that product (`built`, by
 * id), else none (the placeholder). Never the operator's original URL, which the security policy would block.
 */
export function liveImages<T extends { id: string; image_url: string | null }>(
  rows: readonly T[],
  built: readonly { id: string; image_url: string | null }[],
  cdnPrefix: string | null,
): T[] {
  const optimised = new Map(built.map((p) => [p.id, p.image_url]));
  return rows.map((row) =>
    row.image_url === null || displayImage(row.image_url, cdnPrefix) !== PLACEHOLDER_IMAGE
      ? row
      : { ...row, image_url: optimised.get(row.id) ?? null },
  );
}

/** Where an image is shown: the widths worth offering there, the `sizes` of its box, and its size without a photo. */
export interface ImageUse {
  widths: readonly number[];
  sizes: string;
  /** Width and height attributes of a square illustration in this box (the bundled SVGs). */
  box: number;
}

// The boxes as laid out (src/layouts/BaseLayout.astro: main at most 1024 px wide, 16 px padding; ProductList's grid
// gaps and the card's padding and border). A browser picks the smallest width that fills the box at its pixel ratio.
export const IMAGE_USES = {
  /** A card of a product grid: 2 columns, 3 from 640 px, 4 from 1024 px. */
  card: { widths: [256, 384, 640], sizes: '(min-width: 1024px) 221px, (min-width: 640px) calc(33vw - 37px), calc(50vw - 40px)', box: 160 },
  /** A card of a horizontally scrolling row (10 rem wide). */
  rowCard: { widths: [256, 384], sizes: '142px', box: 160 },
  /** The product page's photo: the page's width on phones, half of it from 768 px. */
  product: {
    widths: [384, 640, 768, 960],
    sizes: '(min-width: 1024px) 484px, (min-width: 768px) calc(50vw - 28px), calc(100vw - 32px)',
    box: 480,
  },
  /** A cart, checkout or order line's picture. */
  thumb: { widths: [128, 256], sizes: '64px', box: 64 },
  /** A category tile or a store's picture. */
  tile: { widths: [128, 256], sizes: '64px', box: 64 },
} as const satisfies Record<string, ImageUse>;

export type ImageUseName = keyof typeof IMAGE_USES;

/** The attributes of an `<img>` (React and Astro spell `srcSet` differently: callers map it). */
export interface ImageAttributes {
  src: string;
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

/** `src`, `srcset`, `sizes`, `width` and `height` for showing `url` in `use`. */
export function imageAttributes(url: string | null | undefined, use: ImageUseName, cdnPrefix: string | null): ImageAttributes {
  const { widths, sizes, box } = IMAGE_USES[use];
  const shown = displayImage(url, cdnPrefix);
  const optimised = parseOptimisedImage(shown);
  if (optimised) {
    const available = variantWidths(optimised.width);
    // The use's widths the photo has, and its own widest when the use wants more than those give.
    const list = available.filter((w) => widths.includes(w as never));
    const widest = available.at(-1) as number;
    if (widest > (list.at(-1) ?? 0) && (widths.at(-1) as number) > (list.at(-1) ?? 0)) list.push(widest);
    const src = list.at(-1) as number;
    return {
      src: optimisedImagePath(optimised, src),
      srcSet: list.map((w) => `${optimisedImagePath(optimised, w)} ${w}w`).join(', '),
      sizes,
      width: src,
      height: scaledHeight(optimised, src),
    };
  }
  if (cdnPrefix && shown.startsWith(cdnPrefix)) {
    const src = widths.at(-1) as number;
    return {
      src: supabaseRenderUrl(shown, cdnPrefix, src),
      srcSet: widths.map((w) => `${supabaseRenderUrl(shown, cdnPrefix, w)} ${w}w`).join(', '),
      sizes,
      width: box,
      height: box,
    };
  }
  return { src: shown, width: box, height: box };
}
