// `client:stored="<key>"`: hydrates on idle once this browser stored `<key>` (so a first visit loads no React for "Buy again").
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
