import { describe, expect, test } from 'vitest';
import {
  displayImage,
  imageAttributes,
  IMAGE_WIDTHS,
  optimisedImagePath,
  parseOptimisedImage,
  PLACEHOLDER_IMAGE,
  storedImagePath,
  supabaseObjectPrefix,
  variantWidths,
} from '../../src/lib/images.ts';

const photo = { hash: '0123456789abcdef', width: 1200, height: 900 };
const CDN = 'https://ref.supabase.co/storage/v1/object/public/';

describe('variantWidths', () => {
  test('returns each width below the photo, and the photo at most the widest', () => {
    expect(variantWidths(1200)).toEqual([128, 256, 384, 640, 768, 960]);
    expect(variantWidths(960)).toEqual([128, 256, 384, 640, 768, 960]);
    expect(variantWidths(700)).toEqual([128, 256, 384, 640, 700]);
    expect(variantWidths(100)).toEqual([100]);
  });
});

describe('optimised image paths', () => {
  test('round-trip, and name only the widths the build writes', () => {
    const path = optimisedImagePath(photo, 384);
    expect(path).toBe('/_img/0123456789abcdef-1200x900-384.webp');
    expect(parseOptimisedImage(path)).toEqual(photo);
    expect(parseOptimisedImage('/_img/0123456789abcdef-1200x900-500.webp')).toBeNull();
    expect(parseOptimisedImage('/_img/0123456789ABCDEF-1200x900-384.webp')).toBeNull();
    expect(parseOptimisedImage('/images/catalogue/milk.svg')).toBeNull();
    expect(storedImagePath(photo)).toBe(`/_img/0123456789abcdef-1200x900-${IMAGE_WIDTHS.at(-1)}.webp`);
    expect(storedImagePath({ ...photo, width: 500, height: 500 })).toBe('/_img/0123456789abcdef-500x500-500.webp');
  });
});

describe('displayImage', () => {
  test('returns site paths as they are and the placeholder for anything the site cannot show', () => {
    expect(displayImage('/images/catalogue/milk.svg', null)).toBe('/images/catalogue/milk.svg');
    expect(displayImage(null, null)).toBe(PLACEHOLDER_IMAGE);
    expect(displayImage('  ', null)).toBe(PLACEHOLDER_IMAGE);
    for (const url of [
      'https://evil.example/x.png',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'javascript:alert(1)',
      '/x.png" onerror="1',
    ]) {
      expect(displayImage(url, null), url).toBe(PLACEHOLDER_IMAGE);
    }
  });

  test('shows a photo of the project Storage only when its image endpoint resizes photos', () => {
    const object = `${CDN}product-images/atta.jpg`;
    expect(displayImage(object, CDN)).toBe(object);
    expect(displayImage(object, null)).toBe(PLACEHOLDER_IMAGE);
    expect(displayImage('https://other.supabase.co/storage/v1/object/public/x.jpg', CDN)).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('supabaseObjectPrefix', () => {
  test('returns the public-object prefix only with the CDN on and a project URL', () => {
    expect(supabaseObjectPrefix('supabase', 'https://ref.supabase.co')).toBe(CDN);
    expect(supabaseObjectPrefix('supabase', 'https://ref.supabase.co/rest/v1')).toBe(CDN);
    expect(supabaseObjectPrefix(undefined, 'https://ref.supabase.co')).toBeNull();
    expect(supabaseObjectPrefix('supabase', undefined)).toBeNull();
    expect(supabaseObjectPrefix('supabase', 'not a url')).toBeNull();
  });
});

describe('imageAttributes', () => {
  test('returns the widths of each use that the photo has, sized, with sizes', () => {
    const stored = storedImagePath(photo);
    const card = imageAttributes(stored, 'card', null);
    expect(card.src).toBe(optimisedImagePath(photo, 640));
    expect(card.srcSet).toBe([256, 384, 640].map((w) => `${optimisedImagePath(photo, w)} ${w}w`).join(', '));
    expect(card.sizes).toContain('50vw');
    expect([card.width, card.height]).toEqual([640, 480]);
    const product = imageAttributes(stored, 'product', null);
    expect(product.srcSet?.split(', ').map((c) => c.split(' ')[1])).toEqual(['384w', '640w', '768w', '960w']);
    expect(imageAttributes(stored, 'thumb', null).srcSet?.split(', ')).toHaveLength(2);
  });

  test('offers a narrow photo at its own width where a use wants more', () => {
    const small = { hash: photo.hash, width: 500, height: 400 };
    const product = imageAttributes(storedImagePath(small), 'product', null);
    expect(product.srcSet?.split(', ').map((c) => c.split(' ')[1])).toEqual(['384w', '500w']);
    expect([product.width, product.height]).toEqual([500, 400]);
    const tiny = { hash: photo.hash, width: 90, height: 90 };
    expect(imageAttributes(storedImagePath(tiny), 'card', null)).toMatchObject({
      src: optimisedImagePath(tiny, 90),
      width: 90,
      height: 90,
    });
  });

  test('keeps illustrations as they are, square in their box, and the placeholder for the rest', () => {
    expect(imageAttributes('/images/catalogue/milk.svg', 'product', null)).toEqual({
      src: '/images/catalogue/milk.svg',
      width: 480,
      height: 480,
    });
    expect(imageAttributes('https://evil.example/x.jpg', 'card', null)).toEqual({ src: PLACEHOLDER_IMAGE, width: 160, height: 160 });
  });

  test("points a Storage photo's widths at the image endpoint when the CDN is on", () => {
    const attributes = imageAttributes(`${CDN}product-images/atta.jpg`, 'card', CDN);
    expect(attributes.src).toBe('https://ref.supabase.co/storage/v1/render/image/public/product-images/atta.jpg?width=640&quality=75');
    expect(attributes.srcSet).toContain('render/image/public/product-images/atta.jpg?width=256&quality=75 256w');
  });
});
