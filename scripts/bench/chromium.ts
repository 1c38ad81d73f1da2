/** Debian's Chromium, configured once for every browser the benchmark starts: no network beyond 127.0.0.1. */

import { CHROMIUM_FLAGS as BASE_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';

export { CHROMIUM_PATH };

/**
 * Flags that keep Chromium quiet and off the internet. The host resolver rule makes every host name unresolvable,
 * so nothing can reach the internet even by mistake; the site is served on the IP literal 127.0.0.1, which needs no
 * resolving.
 */
export const CHROMIUM_FLAGS = [...BASE_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

/** Whether a URL is on another origin than the site under test (anything but the local server, data: and blob:). */
export function isOffSite(url: string, origin: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:')) return false;
  return !url.startsWith(`${origin}/`) && url !== origin;
}
