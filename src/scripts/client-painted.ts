/**
 * `client:painted`: hydrates an island once the page's after-paint loading starts (src/scripts/after-paint.ts), for
 * islands whose server-rendered markup is the first screen (the search page): React and the island load after the
 * first paint instead of competing with it. Registered by scripts/lib/client-directives.ts; Astro inlines it into
 * the pages that use it.
 */
import type { ClientDirective } from 'astro';
import { whenStarted } from './after-paint.ts';

const paintedDirective: ClientDirective = (load) => {
  whenStarted(() => {
    void load().then((hydrate) => hydrate());
  });
};

export default paintedDirective;
