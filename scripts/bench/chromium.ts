/** Debian's Chromium, configured once for every browser the benchmark starts: no network beyond 127.0.0.1. */

/** The Chromium binary (Playwright cannot download its own here). */
export const CHROMIUM_PATH = process.env['CHROME_PATH'] ?? process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Flags that keep Chromium quiet and off the internet. The host resolver rule makes every host name unresolvable,
 * so nothing can reach the internet even by mistake; the site is served on the IP literal 127.0.0.1, which needs no
 * resolving.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** Whether a URL is on another origin than the site under test (anything but the local server, data: and blob:). */
export function isOffSite(url: string, origin: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:')) return false;
  return !url.startsWith(`${origin}/`) && url !== origin;
}
