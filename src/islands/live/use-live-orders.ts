import { useStore } from '@nanostores/react';
import { useCallback, useState } from 'react';
import { $keptOrders, $outbox, anyOpen, flushOutbox, refreshKeptOrders } from '../../stores/live-orders.ts';
import { usePolling } from './use-polling.ts';

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

  usePolling(
    useCallback(async () => {
      const [read] = await Promise.all([refreshKeptOrders(), flushOutbox()]);
      setState(read);
      return anyOpen($keptOrders.get());
    }, []),
  );

  return { kept, outbox, state };
}
