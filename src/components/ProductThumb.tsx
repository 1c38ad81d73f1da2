import CatalogueImage from './CatalogueImage.tsx';

const SIZES = { small: 'size-12', medium: 'size-16' } as const;

/** A product's picture in a line of a list (cart lines, an order's items): decorative, the name is beside it. */
export default function ProductThumb({ src, size }: { src: string | null | undefined; size: keyof typeof SIZES }) {
  return (
    <CatalogueImage url={src} use="thumb" className={`${SIZES[size]} shrink-0 rounded-lg bg-gray-100 object-cover dark:bg-gray-800`} />
  );
}
