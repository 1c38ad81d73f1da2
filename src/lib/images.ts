/** Catalogue images: which URLs the site may show, and each use's `<img>` attributes. Ships to the browser; no deps. */

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
export const OPTIMISED_IMAGE_DIR = '/_img/';

/**
 * The widths (px) the build encodes each photo at, none wider than the photo. 768 is the product photo of a phone
 * 380 px wide at 1.75-2x (Lighthouse's Moto G took 960 before: 86 KB against 55 KB).
 */
export const IMAGE_WIDTHS = [128, 256, 384, 640, 768, 960] as const;

export const IMAGE_QUALITY = 75;

// <hash: 16 hex>-<original width>x<original height>-<this file's width>.webp
const OPTIMISED = /^\/_img\/([0-9a-f]{16})-([1-9]\d{0,4})x([1-9]\d{0,4})-([1-9]\d{0,4})\.webp$/;

/** A photo the build optimised: its content hash and original size. */
export interface OptimisedImage {
  hash: string;
  width: number;
  height: number;
}

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

/** The canonical path stored for a photo (catalogue rows, carts, orders, search records): its widest file. */
export function storedImagePath(image: OptimisedImage): string {
  return optimisedImagePath(image, variantWidths(image.width).at(-1) as number);
}

/** The public-object prefix of the project's Storage when PUBLIC_IMAGE_CDN is "supabase", whose image endpoint resizes. */
export function supabaseObjectPrefix(cdn: string | undefined, supabaseUrl: string | undefined): string | null {
  if (cdn !== 'supabase' || !supabaseUrl) return null;
  try {
    return `${new URL(supabaseUrl).origin}/storage/v1/object/public/`;
  } catch {
    return null;
  }
}

/** The image endpoint's URL for one width of a public Storage object. */
export function supabaseRenderUrl(objectUrl: string, prefix: string, width: number): string {
  const rest = objectUrl.slice(prefix.length);
  const render = prefix.replace('/storage/v1/object/public/', '/storage/v1/render/image/public/');
  return `${render}${rest}${rest.includes('?') ? '&' : '?'}width=${width}&quality=${IMAGE_QUALITY}`;
}

// One leading "/" and nothing that could leave the site or the attribute (as fields.ts's copy: a shared import splits the cart chunk).
const SITE_PATH = /^\/(?![/\\])[^\s\p{Cc}\\"'`<>]*$/u;

/** The image a page may show for `url`: a site path, a Storage photo when the CDN is on; otherwise the placeholder. */
export function displayImage(url: string | null | undefined, cdnPrefix: string | null): string {
  const value = url?.trim();
  if (!value) return PLACEHOLDER_IMAGE;
  if (SITE_PATH.test(value)) return value;
  return cdnPrefix && value.startsWith(cdnPrefix) && !/[\s"'`<>\\]/.test(value) ? value : PLACEHOLDER_IMAGE;
}

/**
 * Live rows with photos the page can show: the row's own when it can, else the one the build optimised for that id,
 * else none. Never the operator's original URL, which the security policy would block.
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
  /** Width and height of a square illustration (the bundled SVGs) in this box. */
  box: number;
}

// The boxes as laid out (src/layouts/BaseLayout.astro: main at most 1024 px wide, 16 px padding; ProductList's grid
// gaps and the card's padding and border). A browser picks the smallest width that fills the box at its pixel ratio.
export const IMAGE_USES = {
  // 2 columns, 3 from 640 px, 4 from 1024 px.
  card: { widths: [256, 384, 640], sizes: '(min-width: 1024px) 221px, (min-width: 640px) calc(33vw - 37px), calc(50vw - 40px)', box: 160 },
  rowCard: { widths: [256, 384], sizes: '142px', box: 160 },
  product: {
    widths: [384, 640, 768, 960],
    sizes: '(min-width: 1024px) 484px, (min-width: 768px) calc(50vw - 28px), calc(100vw - 32px)',
    box: 480,
  },
  thumb: { widths: [128, 256], sizes: '64px', box: 64 },
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

/** The `<img>` attributes for showing `url` in `use`. */
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
      height: Math.max(1, Math.round((optimised.height * src) / optimised.width)),
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
