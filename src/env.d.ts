/** Template types for the storefront's own client directive (scripts/integrations/client-directives.ts). */
declare namespace Astro {
  interface ClientDirectives {
    /** Hydrate on idle once localStorage holds this key (src/browser/client-stored.ts). */
    'client:stored'?: string;
  }
}

/** The coupons as the build read them (scripts/integrations/pricing-data.ts). */
declare module 'virtual:thela/coupons' {
  export const coupons: import('./lib/pricing-rows.ts').CompactCouponRow[];
}

/** The order settings the cart holds, as the build read them (scripts/integrations/pricing-data.ts). */
declare module 'virtual:thela/order-settings' {
  export const orderSettings: import('./lib/pricing-rows.ts').OrderSettings;
}
