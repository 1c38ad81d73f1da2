/**
 * `client:stored="<key>"`: hydrates an island on idle (as `client:idle` does), but only once this browser has stored
 * `<key>` in localStorage. For islands that render nothing without it: home's "Buy again" shows the orders placed in
 * this browser, so a first visit must not load React for it (on home that was most of the main-thread work, issue 12).
 * An order placed in another tab stores the key there, and the storage event hydrates the island here too.
 * Registered by scripts/lib/client-directives.ts; Astro inlines it into the pages that use it, so it stays small.
 */
import type { ClientDirective } from 'astro';

const storedDirective: ClientDirective = (load, options) => {
  const key = options.value;
  const hydrate = () => {
    const run = async () => (await load())();
    if ('requestIdleCallback' in window) requestIdleCallback(() => void run());
    else setTimeout(() => void run(), 200);
  };
  let stored = false;
  try {
    stored = localStorage.getItem(key) !== null;
  } catch {
    // Storage blocked: nothing was stored, and nothing will be.
  }
  if (stored) {
    hydrate();
    return;
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key || event.newValue === null) return;
    removeEventListener('storage', onStorage);
    hydrate();
  };
  addEventListener('storage', onStorage);
};

export default storedDirective;
