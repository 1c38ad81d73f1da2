/**
 * The storefront's own `client:` directives (an Astro integration), typed for templates in src/env.d.ts:
 * - `client:stored="<key>"` hydrates an island only once localStorage holds `<key>` (src/scripts/client-stored.ts);
 * - `client:painted` hydrates it once the page's after-paint loading starts (src/scripts/client-painted.ts).
 */
import type { AstroIntegration } from 'astro';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'thela:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'stored', entrypoint: './src/scripts/client-stored.ts' });
        addClientDirective({ name: 'painted', entrypoint: './src/scripts/client-painted.ts' });
      },
    },
  };
}
