/** Pure parts of the first-paint CSS (src/styles/first-paint.build.ts): which sheet a page gets, and how it is trimmed. */

/** The page types with a first-paint sheet of their own. */
export const PAGE_STYLES = ['home', 'listing', 'product', 'app', 'content'] as const;
export type PageStyle = (typeof PAGE_STYLES)[number];

/** Path prefixes of each page type; anything else is a content page. */
const PREFIXES: readonly [string, PageStyle][] = [
  ['/category/', 'listing'],
  ['/shop/', 'listing'],
  ['/store/', 'listing'],
  ['/stores/', 'listing'],
  ['/product/', 'product'],
  ['/search/', 'app'],
  ['/cart/', 'app'],
  ['/checkout/', 'app'],
  ['/orders/', 'app'],
];

/** The page type of a site path ("/category/fruits/2" -> "listing"). */
export function pageStyleFor(pathname: string): PageStyle {
  const path = `${pathname.replace(/\/+$/, '')}/`;
  if (path === '/') return 'home';
  return PREFIXES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'content';
}

/**
 * Without Tailwind's `@property` registrations: every browser gets the initial values from the `@supports` fallback
 * (the same computed values, about 250 bytes less a page); they only matter for animation, and the full sheet has them.
 */
export function withoutRegistrations(css: string): string {
  return css.replace(/@property\s+[\w-]+\s*\{[^}]*\}/g, '').replace(PROPERTIES_LAYER, '@layer properties{$1}');
}

/** Tailwind's properties layer: its `--tw-*` initial values on every element, inside an `@supports` test. */
const PROPERTIES_LAYER = /@layer properties\s*\{\s*@supports[^{]*\{([^{}]*\{[^}]*\})\s*\}\s*\}/;

/**
 * Without the states no first paint shows: hover (`@media (hover:hover)`) and the focus utilities (nothing is focused
 * on load); they arrive with the full sheet. Disabled and ARIA states stay: a page can be drawn with them.
 */
export function withoutInteractionStates(css: string): string {
  return withoutBlocks(css, /@media\s*\(hover:\s*hover\)\s*\{/g).replace(
    /(?<=[{}]|^)[^{}@]*\.focus(?:-visible|-within)?\\:[^{}]*\{[^{}]*\}/g,
    '',
  );
}

/** `css` without the blocks whose opening (up to its "{") `opening` matches, nested blocks and all. */
function withoutBlocks(css: string, opening: RegExp): string {
  let out = '';
  let from = 0;
  for (const match of css.matchAll(opening)) {
    if (match.index < from) continue;
    out += css.slice(from, match.index);
    let depth = 1;
    let at = match.index + match[0].length;
    for (; at < css.length && depth > 0; at++) {
      if (css[at] === '{') depth++;
      else if (css[at] === '}') depth--;
    }
    from = at;
  }
  return out + css.slice(from);
}

/**
 * Tailwind 4's preflight selectors (minified) for elements no page draws, left to the full sheet; tests/unit/first-paint.test.ts
 * fails when a source draws one. Firefox's focus-ring and invalid-field states stay: any focused field shows them.
 */
export const UNDRAWN_PREFLIGHT = [
  '::file-selector-button',
  'abbr:where([title])',
  'code,kbd,samp,pre',
  'sub,sup',
  'sub',
  'sup',
  'progress',
  ':where(select:is([multiple],[size])) optgroup',
  ':where(select:is([multiple],[size])) optgroup option',
  'textarea',
  '::-webkit-inner-spin-button',
  '::-webkit-outer-spin-button',
];
const UNDRAWN_RULE = new RegExp(
  `(?<=[{}])(?:${UNDRAWN_PREFLIGHT.map((selector) => selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\{[^{}]*\\}`,
  'g',
);

export function withoutUndrawnPreflight(css: string): string {
  return css.replace(UNDRAWN_RULE, '');
}

/**
 * Without the theme block: each theme value (`--color-*`, `--spacing`, `--text-*`...) is written where it is read
 * instead of travelling twice. The same computed values; the full sheet defines them all again.
 */
export function withCompactTheme(css: string): string {
  const block = /@layer theme\{:root,:host\{([^{}]*)\}\}/.exec(css);
  if (!block) return css;
  const theme = new Map((block[1] ?? '').split(';').map((declaration) => declaration.split(/:(.*)/s) as [string, string]));
  let rest = css.slice(0, block.index) + css.slice(block.index + block[0].length);
  // Innermost reads first, until none is left: a value may read another (--default-font-family: var(--font-sans)).
  const read = /var\((--[\w-]+)(?:,[^()]*)?\)/g;
  const resolve = (text: string) => {
    for (let last = ''; last !== text;) [last, text] = [text, text.replace(read, (whole, name: string) => theme.get(name) ?? whole)];
    return text;
  };
  rest = resolve(rest);
  // A value still read (in a fallback holding parentheses, which the loop leaves) keeps its declaration.
  const isRead = (name: string) => rest.includes(`var(${name})`) || rest.includes(`var(${name},`);
  const kept = [...theme].filter(([name]) => isRead(name)).map(([name, value]) => `${name}:${resolve(value)}`);
  if (kept.length === 0) return rest;
  return `${rest.slice(0, block.index)}@layer theme{:root,:host{${kept.join(';')}}}${rest.slice(block.index)}`;
}

/**
 * Page types whose inline sheet is all the CSS their pages ever need: what scripts draw later and the interaction states
 * included, so they never load the full sheet (nor restyle the page when it arrives). Listing pages: the most visited.
 */
export const WHOLE_SHEET_STYLES: ReadonlySet<PageStyle> = new Set(['listing']);

/** The trims of a page type's whole sheet: as for a first-paint sheet, with the interaction states kept. */
export function forWholePage(css: string): string {
  return withCompactTheme(withoutUndrawnPreflight(withoutRegistrations(css)));
}

/** The trims of a page type's first-paint sheet. */
export function forFirstPaint(css: string): string {
  return forWholePage(withoutInteractionStates(css));
}

const seen = new WeakMap<object, Set<string>>();

/** True the first time `key` is asked for while rendering one page (`Astro.request`): for markup a page needs once. */
export function firstOnPage(page: object, key: string): boolean {
  const keys = seen.get(page) ?? new Set<string>();
  seen.set(page, keys);
  if (keys.has(key)) return false;
  keys.add(key);
  return true;
}
