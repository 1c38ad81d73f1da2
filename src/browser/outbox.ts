// Sends the orders placed here without a network (src/stores/live-orders.ts) as soon as it can: on page load, when the
// browser is back online and when the page is shown again. Loads the sender only when something waits.
import { OUTBOX_KEY } from '../lib/orders-mode.ts';

function waiting(): boolean {
  try {
    const raw = localStorage.getItem(OUTBOX_KEY);
    return raw !== null && raw !== '[]';
  } catch {
    return false;
  }
}

function send(): void {
  if (!waiting() || !navigator.onLine) return;
  void import('thela:live-orders').then(({ live }) => live?.sendOutbox());
}

send();
window.addEventListener('online', send);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') send();
});
