/** The shopper's motion preference, one query for every script that scrolls or animates. */
export const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** How to scroll: smoothly, unless the shopper asked for less motion. */
export const scrollBehavior = (): ScrollBehavior => (reducedMotion.matches ? 'auto' : 'smooth');
