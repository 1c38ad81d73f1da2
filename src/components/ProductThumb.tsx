import { displayImage } from '../lib/format.ts';

const SIZES = { small: 'size-12', medium: 'size-16' } as const;
const PIXELS = { small: 48, medium: 64 } as const;

/** A product's picture in a line of a list (cart lines, an order's items): decorative, the name is beside it. */
export default function ProductThumb({ src, size }: { src: string | null | undefined; size: keyof typeof SIZES }) {
  return (
    <img
      src={displayImage(src)}
      alt=""
      width={PIXELS[size]}
      height={PIXELS[size]}
      className={`${SIZES[size]} shrink-0 rounded-lg bg-gray-100 object-cover dark:bg-gray-800`}
    />
  );
}
