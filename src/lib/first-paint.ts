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
