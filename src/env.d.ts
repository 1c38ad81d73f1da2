/** Template types for the storefront's own client directive (scripts/lib/client-directives.ts). */
declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on idle once localStorage holds this key (src/scripts/client-stored.ts). */
    'client:stored'?: string;
  }
}
