/** Template types for the storefront's own client directive (scripts/integrations/client-directives.ts). */
declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on idle once localStorage holds this key (src/browser/client-stored.ts). */
    'client:stored'?: string;
  }
}
