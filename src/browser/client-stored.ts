// `client:stored="<key>"`: hydrates on idle once this browser stored `<key>` (so a first visit loads no React for "Buy again").
import type { ClientDirective } from 'astro';

/**
 * Hydrates once the browser is idle, as client:idle does (requestIdleCallback, else 200 ms). Not Astro's own
 * client:idle module: it is not part of Astro's public API (astro/runtime/client/idle.js), and this is all it does.
 */
function hydrateWhenIdle(load: Parameters<ClientDirective>[0]): void {
  const hydrate = async () => (await load())();
  if ('requestIdleCallback' in window) requestIdleCallback(() => void hydrate());
  else setTimeout(() => void hydrate(), 200);
}

const storedDirective: ClientDirective = (load, options) => {
  const key = options.value;
  let stored = false;
  try {
    stored = localStorage.getItem(key) !== null;
  } catch {
    // Storage blocked: nothing was stored, and nothing will be.
  }
  if (stored) {
    hydrateWhenIdle(load);
    return;
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key || event.newValue === null) return;
    removeEventListener('storage', onStorage);
    hydrateWhenIdle(load);
  };
  addEventListener('storage', onStorage);
};

export default storedDirective;
