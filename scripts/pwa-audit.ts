/** Installability and offline check of a served build (Lighthouse dropped its PWA category in v12); usage in HELP below. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from './lib/chromium.ts';
import { parseCommand, usageError } from './lib/cli.ts';

interface CdpManifest {
  url: string;
  /** The manifest as served (CDP's parsed form leaves out short_name). */
  data?: string;
  errors: { message: string }[];
  manifest?: {
    startUrl?: string;
    display?: string;
    themeColor?: string;
    backgroundColor?: string;
    icons?: { url: string; sizes?: string; type?: string }[];
  };
}

/** Audits the site at `url` in a fresh Chromium profile (a persistent one: incognito is never installable). */
export async function pwaAudit(url: string) {
  const timeoutMs = 20_000;
  const profile = mkdtempSync(path.join(tmpdir(), 'thela-pwa-audit-'));
  const context = await chromium.launchPersistentContext(profile, { ...chromiumLaunch, serviceWorkers: 'allow' });
  const checks: { id: string; passed: boolean; detail?: string }[] = [];
  const check = (id: string, passed: boolean, detail?: string) => checks.push(detail && !passed ? { id, passed, detail } : { id, passed });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(timeoutMs);
    const started = Date.now();
    await page.goto(url, { waitUntil: 'load' });
    const sw = await page
      .waitForFunction(() => navigator.serviceWorker.controller?.scriptURL ?? null, undefined, { timeout: timeoutMs })
      .then((handle) => handle.jsonValue() as Promise<string>)
      .catch(() => null);
    const serviceWorkerReadyMs = sw ? Date.now() - started : null;
    check('service-worker', sw !== null, 'no service worker took control of the page');

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const errors = installabilityErrors.map((e) => [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '));
    check('installable', errors.length === 0, errors.join('; '));

    const app = (await cdp.send('Page.getAppManifest')) as CdpManifest;
    const manifest = app.manifest;
    check(
      'manifest-parses',
      Boolean(app.url) && app.errors.length === 0 && manifest !== undefined,
      app.errors.map((e) => e.message).join('; ') || 'no manifest',
    );
    let raw: { name?: unknown; short_name?: unknown } = {};
    try {
      raw = JSON.parse(app.data ?? '{}') as typeof raw;
    } catch {
      // Reported by manifest-parses.
    }
    check(
      'manifest-name',
      typeof raw.name === 'string' && typeof raw.short_name === 'string',
      `name=${String(raw.name)} short_name=${String(raw.short_name)}`,
    );
    check('manifest-display-standalone', manifest?.display === 'kStandalone', `display=${manifest?.display}`);
    check('manifest-start-url', manifest?.startUrl === new URL('/', url).href, `start_url=${manifest?.startUrl}`);
    check(
      'manifest-colours',
      Boolean(manifest?.themeColor && manifest.backgroundColor),
      `theme=${manifest?.themeColor} background=${manifest?.backgroundColor}`,
    );
    const sizes = new Set((manifest?.icons ?? []).flatMap((icon) => (icon.sizes ?? '').split(/\s+/)));
    check('manifest-icons-192-512', sizes.has('192x192') && sizes.has('512x512'), `sizes=${[...sizes].join(',')}`);

    // Offline: the start URL from the precache, and a page never visited gets the offline page, not an error.
    await context.setOffline(true);
    const start = await page.goto(manifest?.startUrl ?? url).catch(() => null);
    check('offline-start-url', start?.status() === 200 && start.fromServiceWorker(), `status=${start?.status()}`);
    const unvisited = await page.goto(new URL('/pwa-audit-never-visited', url).href).catch(() => null);
    const offlinePage =
      unvisited?.status() === 200 && (await page.getByRole('heading', { level: 1, name: "You're offline" }).count()) === 1;
    check('offline-fallback-page', offlinePage, `status=${unvisited?.status()}`);
    await context.setOffline(false);

    return {
      url,
      passed: checks.every((c) => c.passed),
      installable: errors.length === 0,
      installabilityErrors: errors,
      manifestUrl: app.url || null,
      serviceWorker: { scriptURL: sw, controlsPage: sw !== null },
      checks,
      serviceWorkerReadyMs,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const HELP = `Usage: node scripts/pwa-audit.ts URL

Audits the served build at URL (e.g. http://127.0.0.1:4321/) in Chromium: installability, the manifest, the service
worker, offline loads. Prints JSON; exit 1 when a check fails.

Options:
  -h, --help   this help`;

if (import.meta.main) {
  const { positionals } = parseCommand('pwa-audit', HELP, {}, { allowPositionals: true });
  const [target] = positionals;
  if (target === undefined || positionals.length > 1) usageError('pwa-audit', 'expected one URL, of a served build', HELP);
  if (!URL.canParse(target)) usageError('pwa-audit', `not a URL: ${target}`, HELP);
  const result = await pwaAudit(target);
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.passed ? 0 : 1);
}
