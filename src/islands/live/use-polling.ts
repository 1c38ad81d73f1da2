import { useEffect } from 'react';
import { POLL_MS } from '../../lib/orders-mode.ts';

/**
 * Calls `read` at once, then every POLL_MS while the page is visible and `read` resolves true (more may change), and
 * at once again when the page is shown or the network returns. `read` must keep its identity (useCallback).
 */
export function usePolling(read: () => Promise<boolean>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      clearTimeout(timer);
      const again = await read();
      if (!stopped && again && document.visibilityState === 'visible') timer = setTimeout(() => void tick(), POLL_MS);
    };
    const wake = () => {
      if (document.visibilityState === 'visible') void tick();
      else clearTimeout(timer);
    };
    void tick();
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('online', wake);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', wake);
    };
  }, [read]);
}
