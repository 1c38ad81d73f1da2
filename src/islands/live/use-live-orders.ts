import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { POLL_MS } from '../../lib/orders-mode.ts';
import { $keptOrders, $outbox, anyOpen, flushOutbox, refreshKeptOrders } from '../../stores/live-orders.ts';

/** How the last read of the database went: still reading, read, or the database could not be reached. */
export type ReadState = 'reading' | 'ok' | 'offline' | 'failed';

/**
 * This browser's live orders and outbox, read again at once, then every POLL_MS while the page is visible and an
 * order is still open; at once again when the page is shown or the network returns. The outbox is sent alongside.
 */
export function useLiveOrders() {
  const kept = useStore($keptOrders);
  const outbox = useStore($outbox);
  const [state, setState] = useState<ReadState>('reading');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      clearTimeout(timer);
      const [read] = await Promise.all([refreshKeptOrders(), flushOutbox()]);
      if (stopped) return;
      setState(read);
      if (document.visibilityState === 'visible' && anyOpen($keptOrders.get())) timer = setTimeout(() => void tick(), POLL_MS);
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
  }, []);

  return { kept, outbox, state };
}
