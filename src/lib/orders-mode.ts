/** Settings of live orders (docs/orders.md) that small scripts read without loading them. */
import { PUBLIC_ORDERS, PUBLIC_ORDERS_POLL_SECONDS, PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';

/**
 * Orders go to the database: the catalogue is Supabase's and PUBLIC_ORDERS is not "simulated" (the rule by which
 * astro.config.mjs resolves `thela:live-orders` to the live code).
 */
export const ordersLive: boolean = Boolean(PUBLIC_SUPABASE_URL && PUBLIC_SUPABASE_ANON_KEY) && PUBLIC_ORDERS !== 'simulated';

/** How often an open live order is asked for again while its page is visible. */
export const POLL_MS = PUBLIC_ORDERS_POLL_SECONDS * 1000;

/** localStorage key of the orders not sent yet (src/stores/live-orders.ts). */
export const OUTBOX_KEY = 'thela-outbox';
