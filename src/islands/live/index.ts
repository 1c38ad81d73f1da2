/**
 * The live-orders parts of the islands (docs/orders.md). astro.config.mjs resolves `thela:live-orders` to this file in
 * a live build and to ./off.ts in a simulated one, so that no simulated bundle holds (or is split around) any of it.
 */
import { placeLiveOrder, repriceCart, sendOutbox } from '../../stores/live-orders.ts';
import OrderRefusal from '../../components/OrderRefusal.tsx';
import LiveOrderView from './LiveOrderView.tsx';
import LiveOrdersList from './LiveOrdersList.tsx';
import StaffApp from './StaffApp.tsx';

const parts = { placeLiveOrder, repriceCart, sendOutbox, OrderRefusal, LiveOrdersList, LiveOrderView, StaffApp };

/** What the islands use of live orders; null in a simulated build. */
export type LiveParts = typeof parts;

export const live: LiveParts | null = parts;
