/** Debian's Chromium, which every browser we start uses (Playwright cannot download its own here). */
export const CHROMIUM_PATH = process.env['CHROME_PATH'] ?? process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Flags that let Chromium run as root in a container and keep it off the network it would otherwise call home to. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launch options for Playwright's `chromium.launch()` and test projects. */
export const chromiumLaunch = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] };
