/** `thela:live-orders` in a simulated build (astro.config.mjs): no live orders, and none of their code. */
import type { LiveParts } from './index.ts';

export const live: LiveParts | null = null;
