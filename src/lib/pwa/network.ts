/** False when the browser knows it has no network (reliable); true otherwise, so callers still handle failed requests. */
export function isOnline(): boolean {
  // Node (the build, tests) has a navigator without onLine.
  return typeof navigator === 'undefined' || (navigator.onLine as boolean | undefined) !== false;
}

/** Calls `listener` whenever the connection goes or comes back; returns the unsubscribe. */
export function onConnectionChange(listener: (online: boolean) => void): () => void {
  const stop = new AbortController();
  window.addEventListener('online', () => listener(true), { signal: stop.signal });
  window.addEventListener('offline', () => listener(false), { signal: stop.signal });
  return () => stop.abort();
}
