/**
 * The pages' own scripts (Astro's bundled `<script type="module" src="/_astro/...">` tags) load at low fetch
 * priority. They only enhance what the HTML already shows, so on a slow network the first screen's image and the full
 * stylesheet go first; browsers without Fetch Priority ignore the attribute (issue 12).
 *
 * Astro offers no attribute for its bundled script tags: one template in its renderer writes them
 * (astro/dist/runtime/server/render/script.js). The build bundles that renderer, so this Vite plugin adds the
 * attribute to the template there, and every page is written with it at no cost per page. A middleware did this
 * before by decoding, rewriting and re-encoding every rendered page: about 7% of a 10,000-product build's CPU
 * (issue 13). If Astro's template changes, the build stops here rather than ship pages without the attribute.
 */
import type { Plugin } from 'vite';

const RENDERER = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]script\.js$/;
const BUNDLED_TAG = '<script type="module" src="';
const LOW_PRIORITY_TAG = '<script type="module" fetchpriority="low" src="';

/** Astro's script renderer source with its bundled-script template marked low priority; throws if it has none. */
export function withLowPriorityTemplate(source: string): string {
  if (!source.includes(BUNDLED_TAG)) {
    throw new Error(`thela:low-priority-scripts: Astro's script renderer no longer writes '${BUNDLED_TAG}'; update scripts/lib/script-priority.ts`);
  }
  return source.replaceAll(BUNDLED_TAG, LOW_PRIORITY_TAG);
}

/** The Vite plugin: rewrites the template as the build loads Astro's script renderer. */
export function lowPriorityScripts(): Plugin {
  return {
    name: 'thela:low-priority-scripts',
    transform(code, id) {
      return RENDERER.test(id) ? { code: withLowPriorityTemplate(code), map: null } : undefined;
    },
  };
}
