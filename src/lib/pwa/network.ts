/** False when the browser knows it has no network (reliable); true otherwise, so callers still handle failed requests. */
export function isOnline(): boolean {
  // Node (the build, tests) has a navigator without onLine.
  return typeof navigator === 'undefined' || (navigator.onLine as boolean | undefined) !== false;
}

/** Calls `listener` whenever the connection goes or comes back; returns the unsubscribe. */
export function onConnectionChange(listener: (online: boolean) => void): () => void {
  const online = () => listener(true);
  const offline = () => listener(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
