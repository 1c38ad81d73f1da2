import { describe, expect, test } from 'vitest';
import { withLowPriorityScripts } from '../../src/lib/script-priority.ts';

describe('withLowPriorityScripts', () => {
  test('marks every bundled module script, and nothing else', () => {
    const html =
      '<script>theme()</script><script type="module" src="/_astro/CartBadge.abc.js"></script>' +
      '<script type="application/ld+json">{"a":"<script type=\\"module\\" src=\\"/_astro/x.js\\">"}</script>' +
      '<script type="module" src="/pagefind/pagefind.js"></script><script type="module" src="/_astro/Toaster.def.js"></script>';
    expect(withLowPriorityScripts(html)).toBe(
      '<script>theme()</script><script type="module" fetchpriority="low" src="/_astro/CartBadge.abc.js"></script>' +
        '<script type="application/ld+json">{"a":"<script type=\\"module\\" src=\\"/_astro/x.js\\">"}</script>' +
        '<script type="module" src="/pagefind/pagefind.js"></script><script type="module" fetchpriority="low" src="/_astro/Toaster.def.js"></script>',
    );
  });
});
