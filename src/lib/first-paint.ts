/** Pure parts of the first-paint CSS (src/styles/first-paint.ts): which sheet a page gets, and how it is trimmed. */

/** The page types with a first-paint sheet of their own (src/styles/critical/<type>.css). */
export type PageStyle = 'home' | 'listing' | 'product' | 'app' | 'content';

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
 * A first-paint sheet without Tailwind's `@property` registrations: Tailwind registers its internal custom
 * properties and, for browsers without `@property`, sets their initial values on every element inside an
 * `@supports` test. Here every browser gets the initial values that way (the same computed values; about 250 bytes
 * less on every page); the full sheet brings the registrations, which only matter for animating those properties.
 */
export function withoutRegistrations(css: string): string {
  return css
    .replace(/@property\s+[\w-]+\s*\{[^}]*\}/g, '')
    .replace(/@layer properties\s*\{\s*@supports[^{]*\{([^{}]*\{[^}]*\})\s*\}\s*\}/, '@layer properties{$1}');
}

/**
 * A first-paint sheet without the rules of states no first paint shows: hover (Tailwind wraps every `hover:` rule in
 * `@media (hover:hover)`) and the `focus:` / `focus-visible:` / `focus-within:` utilities (no page focuses anything
 * on load). They arrive with the full sheet, before anyone can point or tab. Disabled and ARIA states stay: a page
 * can be drawn with them.
 */
export function withoutInteractionStates(css: string): string {
  return withoutBlocks(css, /@media\s*\(hover:\s*hover\)\s*\{/g).replace(
    /(?<=[{}]|^)[^{}@]*\.focus(?:-visible|-within)?\\:[^{}]*\{[^{}]*\}/g,
    '',
  );
}

/** `css` without the blocks whose opening (up to and including its "{") `opening` matches, nested blocks and all. */
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

/** The trims of a page type's first-paint sheet, in order. */
export function forFirstPaint(css: string): string {
  return withoutInteractionStates(withoutRegistrations(css));
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
