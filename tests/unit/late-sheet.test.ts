import { describe, expect, test } from 'vitest';
import { lateSheet, LateSheetError, longhandsOf } from '../../src/lib/late-sheet.build.ts';

/** A full sheet as Tailwind 4 writes it (minified, abridged): properties, theme, base, utilities, registrations. */
const props =
  '@layer properties{@supports (((-webkit-hyphens:none))){*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-border-style:solid}}}';
const theme = '@layer theme{:root,:host{--color-white:#fff;--color-gray-900:oklch(21% .034 264.665);--spacing:.25rem}}';
const base = '@layer base{*,:after,:before{box-sizing:border-box}body{color:var(--color-gray-900)}textarea{resize:vertical}}';
const registrations = '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}';
const sheet = (utilities: string) => `${props}${theme}${base}@layer utilities{${utilities}}${registrations}`;
/** A first-paint sheet as forFirstPaint leaves it: properties unwrapped, colours in place, no registrations. */
const firstPaint = (utilities: string) =>
  `@layer properties{*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-border-style:solid}}@layer theme{:root,:host{--spacing:.25rem}}` +
  `@layer base{*,:after,:before{box-sizing:border-box}body{color:oklch(21% .034 264.665)}}@layer utilities{${utilities}}`;
const UNDRAWN = ['textarea'];

describe('lateSheet', () => {
  test('holds only the class rules the first-paint sheet lacks: unlayered, theme values in place, no registrations', () => {
    const full = sheet('.flex{display:flex}.p-2{padding:calc(var(--spacing)*2)}.bg-white{background-color:var(--color-white)}');
    const late = lateSheet(full, firstPaint('.flex{display:flex}'), UNDRAWN);
    expect(late).toBe('.p-2{padding:calc(.25rem*2)}.bg-white{background-color:#fff}');
    expect(late).not.toMatch(/@layer|@property|:root|(^|[{},])\*/);
  });

  test('is empty when the first-paint sheet has everything', () => {
    const utilities = '.flex{display:flex}.bg-white{background-color:#fff}';
    expect(lateSheet(sheet(utilities), firstPaint(utilities), UNDRAWN)).toBe('');
  });

  test('keeps a first-paint rule the full sheet lets win: a later variant of a late base utility', () => {
    // A card: bg-white only below the fold (late), dark:bg-gray-900 also in the header (first paint). Unlayered,
    // the late bg-white would beat the layered dark variant in the dark theme; written again after it, it cannot.
    const full = sheet('.bg-white{background-color:#fff}.dark\\:bg-gray-900:where(.dark,.dark *){background-color:#111}');
    const late = lateSheet(full, firstPaint('.dark\\:bg-gray-900:where(.dark,.dark *){background-color:#111}'), UNDRAWN);
    expect(late).toBe('.bg-white{background-color:#fff}.dark\\:bg-gray-900:where(.dark,.dark *){background-color:#111}');
  });

  test('keeps a longhand that follows a late shorthand, and one inside a media query', () => {
    const full = sheet('.p-4{padding:1rem}.px-2{padding-inline:.5rem}@media (width>=48rem){.md\\:p-6{padding:1.5rem}}');
    const late = lateSheet(full, firstPaint('.px-2{padding-inline:.5rem}@media (width>=48rem){.md\\:p-6{padding:1.5rem}}'), UNDRAWN);
    expect(late).toBe('.p-4{padding:1rem}.px-2{padding-inline:.5rem}@media (width>=48rem){.md\\:p-6{padding:1.5rem}}');
  });

  test('keeps a more specific first-paint rule even when it comes first', () => {
    const full = sheet('.group:hover .group-hover\\:flex{display:flex}.hidden{display:none}');
    const late = lateSheet(full, firstPaint('.group:hover .group-hover\\:flex{display:flex}'), UNDRAWN);
    expect(late).toBe('.group:hover .group-hover\\:flex{display:flex}.hidden{display:none}');
  });

  test('keeps nothing for rules that cannot meet: other properties, an earlier and as specific rule, another part, the same plain property', () => {
    const full = sheet(
      '.flex{display:flex}.mt-1{margin-top:.25rem}.mt-2{margin-top:.5rem}.mx-auto{margin-inline:auto}' +
        '.text-sm{font-size:.875rem}.placeholder\\:text-gray-400::placeholder{color:#999}.text-white{color:#fff}',
    );
    const late = lateSheet(full, firstPaint('.flex{display:flex}.mt-2{margin-top:.5rem}.text-white{color:#fff}'), UNDRAWN);
    expect(late).toBe(
      '.mt-1{margin-top:.25rem}.mx-auto{margin-inline:auto}.text-sm{font-size:.875rem}.placeholder\\:text-gray-400::placeholder{color:#999}',
    );
  });

  test('carries keyframes the first-paint sheet lacks', () => {
    const full = `${sheet('.animate-pulse{animation:var(--animate-pulse)}')}@keyframes pulse{50%{opacity:.5}}`;
    expect(lateSheet(full, firstPaint(''), UNDRAWN)).toBe(
      '.animate-pulse{animation:var(--animate-pulse)}@keyframes pulse{50%{opacity:.5}}',
    );
  });

  test('leaves out the preflight of undrawn elements, and stops on any other base rule the first-paint sheet lacks', () => {
    const full = sheet('.flex{display:flex}');
    expect(lateSheet(full, firstPaint(''), UNDRAWN)).toBe('.flex{display:flex}');
    expect(() => lateSheet(full, firstPaint(''), [])).toThrow(LateSheetError);
    expect(() => lateSheet(full, firstPaint(''), [])).toThrow(/textarea\{resize:vertical\}/);
  });

  test('stops when a late rule reads a Tailwind property the first-paint sheet does not initialise', () => {
    const full = sheet('.shadow{--tw-shadow:0 1px #000;box-shadow:var(--tw-shadow)}.ring{box-shadow:var(--tw-shadow)}');
    const bare = firstPaint('').replace('--tw-shadow:0 0 #0000;', '');
    expect(() => lateSheet(full, bare, UNDRAWN)).toThrow(/--tw-shadow/);
    expect(lateSheet(full, firstPaint(''), UNDRAWN)).toContain('.ring{box-shadow:var(--tw-shadow)}');
  });
});

describe('longhandsOf', () => {
  test.each([
    ['margin', ['margin-bottom', 'margin-left', 'margin-right', 'margin-top']],
    ['padding-inline', ['padding-left', 'padding-right']],
    ['inset-inline-start', ['left']],
    ['border', ['border-bottom-width', 'border-left-width', 'border-right-width', 'border-top-width', 'border-bottom-style']],
    ['white-space', ['white-space-collapse', 'text-wrap-mode']],
    ['-webkit-line-clamp', ['line-clamp']],
    ['--tw-shadow', ['--tw-shadow']],
  ])('%s', (property, some) => {
    const longhands = longhandsOf(property);
    for (const longhand of some) expect(longhands).toContain(longhand);
  });
});
