/** Settings of live orders (docs/orders.md) that small scripts read without loading them. */
import { PUBLIC_ORDERS_POLL_SECONDS } from 'astro:env/client';

/** How often an open live order is asked for again while its page is visible. */
export const POLL_MS = PUBLIC_ORDERS_POLL_SECONDS * 1000;

/** localStorage key of the orders not sent yet (src/stores/live-orders.ts). */
export const OUTBOX_KEY = 'thela-outbox';
