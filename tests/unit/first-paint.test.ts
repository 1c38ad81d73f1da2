import { describe, expect, test } from 'vitest';
import { pageStyleFor, withoutRegistrations } from '../../src/lib/first-paint.ts';

describe('pageStyleFor', () => {
  test.each([
    ['/', 'home'],
    ['', 'home'],
    ['/category/fruits', 'listing'],
    ['/category/fruits/2/', 'listing'],
    ['/category/fruits/subcategory/fresh-fruits/', 'listing'],
    ['/shop/grocery/', 'listing'],
    ['/store/gupta-fresh-mart/', 'listing'],
    ['/stores', 'listing'],
    ['/product/onion-1-kg/', 'product'],
    ['/search', 'app'],
    ['/cart/', 'app'],
    ['/checkout/', 'app'],
    ['/orders/', 'app'],
    ['/orders/ORD-001/', 'app'],
    ['/profile/', 'content'],
    ['/help/faq/', 'content'],
    ['/shops/', 'content'],
    ['/categoryx/', 'content'],
    ['/404.html', 'content'],
  ])('%s -> %s', (path, style) => {
    expect(pageStyleFor(path)).toBe(style);
  });
});

describe('withoutRegistrations', () => {
  // The shape Tailwind 4 writes (minified), abridged.
  const css =
    '/*! tailwindcss */\n@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:block))) or ((-moz-orient:inline) and (not (color:rgb(from red r g b)))){*,:before,:after,::backdrop{--tw-border-style:solid;--tw-leading:initial}}}' +
    '@layer theme{:root{--color-white:#fff}}@layer utilities{.border{border-style:var(--tw-border-style);border-width:1px}}' +
    '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}@property --tw-leading{syntax:"*";inherits:false}';

  test('drops the registrations and sets the initial values in every browser', () => {
    expect(withoutRegistrations(css)).toBe(
      '/*! tailwindcss */\n@layer properties{*,:before,:after,::backdrop{--tw-border-style:solid;--tw-leading:initial}}' +
        '@layer theme{:root{--color-white:#fff}}@layer utilities{.border{border-style:var(--tw-border-style);border-width:1px}}',
    );
  });

  test('leaves a sheet without registrations as it is', () => {
    const plain = '@layer utilities{.flex{display:flex}}@supports (color:color-mix(in lab, red, red)){.a{color:red}}';
    expect(withoutRegistrations(plain)).toBe(plain);
  });
});
