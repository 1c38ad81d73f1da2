/**
 * The storefront's own `client:` directive (an Astro integration): `client:stored="<key>"` hydrates an island only
 * once localStorage holds `<key>` (src/browser/client-stored.ts). Its type for templates is in src/env.d.ts.
 */
import type { AstroIntegration } from 'astro';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'thela:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'stored', entrypoint: './src/browser/client-stored.ts' });
      },
    },
  };
}
