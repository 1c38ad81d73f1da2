import { describe, expect, test } from 'vitest';
import {
  firstOnPage,
  forFirstPaint,
  forWholePage,
  pageStyleFor,
  UNDRAWN_PREFLIGHT,
  withCompactTheme,
  withoutInteractionStates,
  withoutRegistrations,
  withoutUndrawnPreflight,
} from '../../src/lib/first-paint.ts';

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

describe('withoutInteractionStates', () => {
  test('drops hover blocks (nested ones included) and focus utilities, keeps disabled, ARIA and the base focus ring', () => {
    const css =
      '@layer base{:focus-visible{outline-style:var(--tw-outline-style)}}@layer utilities{.flex{display:flex}' +
      '.focus\\:absolute:focus{position:absolute}.focus-visible\\:outline-white:focus-visible{outline-color:#fff}' +
      '.disabled\\:opacity-40:disabled{opacity:.4}.aria-\\[current\\=true\\]\\:w-6[aria-current=true]{width:1.5rem}' +
      '@media (hover:hover){.hover\\:bg-gray-100:hover{background-color:#eee}@supports (color:color-mix(in lab, red, red)){.hover\\:bg-black\\/10:hover{background-color:color-mix(in oklab, #000 10%, transparent)}}}' +
      '@media (width>=40rem){.sm\\:grid{display:grid}}}';
    expect(withoutInteractionStates(css)).toBe(
      '@layer base{:focus-visible{outline-style:var(--tw-outline-style)}}@layer utilities{.flex{display:flex}' +
        '.disabled\\:opacity-40:disabled{opacity:.4}.aria-\\[current\\=true\\]\\:w-6[aria-current=true]{width:1.5rem}' +
        '@media (width>=40rem){.sm\\:grid{display:grid}}}',
    );
  });

  test('forFirstPaint applies both trims', () => {
    const css = '@property --tw-x{syntax:"*";inherits:false}@media (hover:hover){.hover\\:a:hover{color:red}}.b{color:blue}';
    expect(forFirstPaint(css)).toBe('.b{color:blue}');
  });

  test('forWholePage keeps the interaction states a page without the full sheet needs', () => {
    const css = '@property --tw-x{syntax:"*";inherits:false}@media (hover:hover){.hover\\:a:hover{color:red}}.focus\\:b:focus{color:blue}';
    expect(forWholePage(css)).toBe('@media (hover:hover){.hover\\:a:hover{color:red}}.focus\\:b:focus{color:blue}');
  });
});

describe('withoutUndrawnPreflight', () => {
  test('drops the rules of elements no page draws, keeps the rest (selectors that only start alike included)', () => {
    const css =
      '@layer base{code,kbd,samp,pre{font-size:1em}small{font-size:80%}sub,sup{line-height:0}sub{bottom:-.25em}' +
      'sup{top:-.5em}table{border-collapse:collapse}progress{vertical-align:baseline}summary{display:list-item}' +
      'textarea{resize:vertical}::file-selector-button{margin:0}::-webkit-search-decoration{-webkit-appearance:none}' +
      '::-webkit-inner-spin-button{height:auto}.sub{color:red}}';
    expect(withoutUndrawnPreflight(css)).toBe(
      '@layer base{small{font-size:80%}table{border-collapse:collapse}summary{display:list-item}' +
        '::-webkit-search-decoration{-webkit-appearance:none}.sub{color:red}}',
    );
  });
});

describe('withCompactTheme', () => {
  test('writes each theme value where it is read, through fallbacks and values that read another, and drops the block', () => {
    const css =
      '@layer theme{:root,:host{--font-sans:system-ui;--font-mono:ui-monospace;--default-font-family:var(--font-sans);--default-mono-font-family:var(--font-mono);--color-red-100:oklch(93.6% .032 17.717);' +
      '--color-red-1:#f00;--color-black:#000;--spacing:.25rem}}@layer base{html{font-family:var(--default-font-family,var(--font-sans))}}' +
      '@layer utilities{.p-2{padding:calc(var(--spacing) * 2)}.bg-red-100{background-color:var(--color-red-100)}' +
      '.bg-black\\/50{background-color:color-mix(in oklab,var(--color-black) 50%,transparent)}}';
    expect(withCompactTheme(css)).toBe(
      '@layer base{html{font-family:system-ui}}@layer utilities{.p-2{padding:calc(.25rem * 2)}.bg-red-100{background-color:oklch(93.6% .032 17.717)}' +
        '.bg-black\\/50{background-color:color-mix(in oklab,#000 50%,transparent)}}',
    );
  });

  test('drops the theme block when nothing in it is read, and leaves a sheet without one as it is', () => {
    expect(withCompactTheme('@layer theme{:root,:host{--color-a:#fff}}.a{color:var(--color-a)}')).toBe('.a{color:#fff}');
    expect(withCompactTheme('.a{color:red}')).toBe('.a{color:red}');
    const nested = '@layer theme{:root,:host{--a:1px}}.a{top:var(--x,calc(var(--y,0) + var(--a)))}';
    expect(withCompactTheme(nested)).toBe('.a{top:var(--x,calc(var(--y,0) + 1px))}');
    const unreached = '@layer theme{:root,:host{--a:var(--b);--b:2px;--c:3px}}.a{top:var(--a,calc(1px + 1px))}';
    expect(withCompactTheme(unreached)).toBe('@layer theme{:root,:host{--a:2px}}.a{top:var(--a,calc(1px + 1px))}');
  });
});

describe('firstOnPage', () => {
  test('true once per key and page', () => {
    const page = {};
    expect(firstOnPage(page, 'stepper')).toBe(true);
    expect(firstOnPage(page, 'stepper')).toBe(false);
    expect(firstOnPage(page, 'other')).toBe(true);
    expect(firstOnPage({}, 'stepper')).toBe(true);
  });
});

describe('UNDRAWN_PREFLIGHT', () => {
  // Their preflight arrives only with the full sheet, after the first paint: no first-paint sheet carries it. A source
  // that draws one of these needs its rule back in the shell.
  const drawn = [
    /<(code|kbd|samp|pre|sub|sup|abbr|progress|optgroup|textarea)\b/,
    /\btype=["'{]+(file|number)\b/,
    /createElement\(\s*["'](code|kbd|samp|pre|sub|sup|abbr|progress|optgroup|textarea)["']/,
  ];

  test('names only elements no source of the site draws', async () => {
    const { globSync, readFileSync } = await import('node:fs');
    const sources = globSync('src/**/*.{astro,tsx,ts}');
    expect(sources.length).toBeGreaterThan(50);
    const drawing = sources.filter((file) => drawn.some((pattern) => pattern.test(readFileSync(file, 'utf8'))));
    expect(drawing).toEqual([]);
    expect(UNDRAWN_PREFLIGHT).toContain('textarea');
  });
});
