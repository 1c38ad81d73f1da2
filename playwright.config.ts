import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './scripts/lib/chromium.ts';

const port = Number(process.env['E2E_PORT'] ?? 4321);
// The 10,000-product build (`npm run build:scale`, into dist-scale/) that the scale project's specs run against.
const scalePort = port + 1;
const scaleDir = process.env['SCALE_OUT_DIR'] ?? 'dist-scale';

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: !!process.env['CI'],
  retries: process.env['CI'] ? 1 : 0,
  workers: 2,
  reporter: [['list']],
  // A bound on a hung test, not a speed check: the longest flows (five axe scans, every route under the policy)
  // took 25-53 s in a loaded CI run, on a machine whose speed varies by a quarter.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunch,
    trace: 'off',
    // page.route() cannot see requests a service worker answers: specs opt in (the offline-*.spec.ts files do).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: /listing-pages\.spec\.ts/,
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
    },
    {
      name: 'scale',
      testMatch: /listing-pages\.spec\.ts/,
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch, baseURL: `http://127.0.0.1:${scalePort}` },
    },
  ],
  // The built site, as a CDN would serve it (its _redirects applied: tests/e2e/support/serve-dist.ts): `npm run
  // test:e2e` builds first.
  webServer: [
    {
      command: `"${process.execPath}" tests/e2e/support/serve-dist.ts ${process.env['OUT_DIR'] || 'dist'} ${port}`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: !process.env['CI'],
      timeout: 60_000,
    },
    {
      command: `"${process.execPath}" tests/e2e/support/serve-dist.ts ${scaleDir} ${scalePort}`,
      url: `http://127.0.0.1:${scalePort}/`,
      reuseExistingServer: !process.env['CI'],
      timeout: 60_000,
    },
  ],
});
