/**
 * `client:stored="<key>"`: hydrates an island on idle (as `client:idle` does), but only once this browser has stored
 * `<key>` in localStorage. For islands that render nothing without it: home's "Buy again" shows the orders placed in
 * this browser, so a first visit must not load React for it (on home that was most of the main-thread work, issue 12).
 * An order placed in another tab stores the key there, and the storage event hydrates the island here too.
 * Registered by scripts/integrations/client-directives.ts; Astro inlines it into the pages that use it, so it stays small.
 */
import type { ClientDirective } from 'astro';
// Astro's own client:idle, called once the key is there: the same idle wait, not a second copy of it.
import idleDirective from 'astro/runtime/client/idle.js';

const storedDirective: ClientDirective = (load, options, element) => {
  const key = options.value;
  let stored = false;
  try {
    stored = localStorage.getItem(key) !== null;
  } catch {
    // Storage blocked: nothing was stored, and nothing will be.
  }
  if (stored) {
    idleDirective(load, options, element);
    return;
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key || event.newValue === null) return;
    removeEventListener('storage', onStorage);
    idleDirective(load, options, element);
  };
  addEventListener('storage', onStorage);
};

export default storedDirective;
