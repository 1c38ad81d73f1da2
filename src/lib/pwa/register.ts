/** Registers the service worker: `onUpdateReady` when a new one waits or took over in another tab; `applyUpdate` reloads into it. */
import { Workbox } from 'workbox-window';

/** How often an open tab asks whether a new release was published (and on coming back online or into view). */
export const UPDATE_CHECK_MS = 30 * 60_000;

export function registerServiceWorker(onUpdateReady: () => void) {
  const container = navigator.serviceWorker;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // The first install takes control of this page (clientsClaim): that is not an update.
  let hadController = Boolean(container.controller);
  let applying = false;
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };

  wb.addEventListener('waiting', () => onUpdateReady());
  container.addEventListener('controllerchange', () => {
    if (!hadController) {
      hadController = true;
      // This page loaded before the worker existed: ask it to save the page for offline use.
      container.controller?.postMessage({ type: 'SAVE_PAGE', url: window.location.href });
      return;
    }
    // This tab asked for the update: reload into it. Another tab did: say so, and let the shopper choose when.
    if (applying) reload();
    else onUpdateReady();
  });

  let lastCheck = Date.now();
  const check = () => {
    lastCheck = Date.now();
    wb.update().catch(() => {
      // Offline or the server is away: the next check will do.
    });
  };
  setInterval(() => {
    if (document.visibilityState === 'visible') check();
  }, UPDATE_CHECK_MS);
  window.addEventListener('online', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > 5 * 60_000) check();
  });

  wb.register().catch((error: unknown) => console.warn('Offline support is unavailable:', error));

  return {
    applyUpdate() {
      applying = true;
      void container.getRegistration('/').then((registration) => {
        // The new worker activates (sw.ts listens for SKIP_WAITING); controllerchange then reloads this tab.
        if (registration?.waiting) registration.waiting.postMessage({ type: 'SKIP_WAITING' });
        else reload();
      });
    },
  };
}
