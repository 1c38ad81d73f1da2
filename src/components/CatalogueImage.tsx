import { imageAttributes, PLACEHOLDER_IMAGE, type ImageAttributes, type ImageUseName } from '../lib/images.ts';
import { imageCdn } from '../lib/image-cdn.ts';

/** The catalogue's image URL (optimised path, site path, Storage URL with the CDN on; the placeholder when none) in a use, or its attributes. */
type Source =
  { url: string | null | undefined; use: ImageUseName; attributes?: never } | { attributes: ImageAttributes; url?: never; use?: never };

export type CatalogueImageProps = Source & {
  alt?: string;
  /**
   * Above the fold: loaded at once (`eager`); at once and first (`high`, the page's largest image); at once but after
   * that one (`low`: the rest of a first screen, which Chromium would otherwise raise to compete with it).
   */
  priority?: 'lazy' | 'eager' | 'high' | 'low';
  className?: string;
};

/** A catalogue image wherever one is shown, with its use's widths and `sizes` (src/lib/images.ts); lazy unless told. */
export default function CatalogueImage({ url, use, attributes, alt = '', priority = 'lazy', className }: CatalogueImageProps) {
  const { src, srcSet, sizes, width, height } = attributes ?? imageAttributes(url, use, imageCdn);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' || priority === 'low' ? priority : undefined}
      decoding={priority === 'high' ? undefined : 'async'}
      // A photo that fails to load (a cart saved by an older release whose file is gone) falls back to the placeholder.
      onError={(event) => {
        const img = event.currentTarget;
        if (img.getAttribute('src') === PLACEHOLDER_IMAGE) return;
        img.removeAttribute('srcset');
        img.src = PLACEHOLDER_IMAGE;
      }}
      className={className}
    />
  );
}
