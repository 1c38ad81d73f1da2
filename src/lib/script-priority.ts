/**
 * The pages' own scripts (Astro's bundled `<script type="module" src="/_astro/...">` tags) load at low fetch
 * priority. They only enhance what the HTML already shows, so on a slow network the first screen's image and the
 * full stylesheet go first; browsers without Fetch Priority ignore the attribute. Astro offers no attribute for its
 * bundled script tags, so src/middleware.ts applies this to every rendered page.
 */
const BUNDLED_SCRIPT = /<script type="module" src="\/_astro\//g;

/** `html` with every bundled module script tag marked `fetchpriority="low"`. */
export function withLowPriorityScripts(html: string): string {
  return html.replace(BUNDLED_SCRIPT, '<script type="module" fetchpriority="low" src="/_astro/');
}
