/**
 * First load of each page in Chromium (Pixel 7, empty cache), every request until 500 ms of network idle, without
 * scrolling or input: client:visible islands below the fold are not loaded. JS is what the browser really fetched.
 */
import { chromium, devices, type Request } from '@playwright/test';
import type { AssetReader } from './static-weight.ts';
import { addSizes, type Sizes } from './util.ts';
import { CHROMIUM_FLAGS as BASE_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';

export { CHROMIUM_PATH };

/** Debian's Chromium for every browser the bench starts; every host name but 127.0.0.1 is unresolvable. */
export const CHROMIUM_FLAGS = [...BASE_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

/** What one page loaded. JS is sized on disk, the service worker script (/sw.js) apart; transferred = bodies + headers. */
export interface FirstLoad {
  url: string;
  ok: boolean;
  error?: string;
  requests: number;
  byType: Record<string, number>;
  serviceWorkerRequests: number;
  transferredBytes: number;
  jsFiles: string[];
  js: Sizes;
  serviceWorkerScript: Sizes | null;
  /** Requests to another origin (must be none). */
  offSite: string[];
  failed: string[];
  /** Responses with an HTTP error status, "404 /path". */
  httpErrors: string[];
  consoleErrors: string[];
}

/** Loads each URL once in a fresh context and reports its requests. */
export async function measureFirstLoads(origin: string, urls: readonly string[], reader: AssetReader): Promise<FirstLoad[]> {
  const offSite = (url: string) => !url.startsWith('data:') && !url.startsWith('blob:') && !url.startsWith(`${origin}/`) && url !== origin;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  const results: FirstLoad[] = [];
  try {
    for (const url of urls) {
      const context = await browser.newContext({ ...devices['Pixel 7'] });
      const page = await context.newPage();
      const finished: Request[] = [];
      const result: FirstLoad = {
        url,
        ok: true,
        requests: 0,
        byType: {},
        serviceWorkerRequests: 0,
        transferredBytes: 0,
        jsFiles: [],
        js: { raw: 0, gzip: 0, brotli: 0 },
        serviceWorkerScript: null,
        offSite: [],
        failed: [],
        httpErrors: [],
        consoleErrors: [],
      };
      context.on('requestfinished', (request) => finished.push(request));
      context.on('requestfailed', (request) => result.failed.push(`${request.url()} (${request.failure()?.errorText ?? 'failed'})`));
      page.on('console', (message) => message.type() === 'error' && result.consoleErrors.push(message.text().slice(0, 200)));
      try {
        await page.goto(`${origin}${url}`, { waitUntil: 'networkidle', timeout: 30_000 });
      } catch (error) {
        result.ok = false;
        result.error = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      }
      result.requests = finished.length + result.failed.length;
      const jsSizes: Sizes[] = [];
      for (const request of finished) {
        const type = request.resourceType();
        result.byType[type] = (result.byType[type] ?? 0) + 1;
        if (request.serviceWorker()) result.serviceWorkerRequests += 1;
        if (offSite(request.url())) result.offSite.push(request.url());
        const status = (await request.response().catch(() => null))?.status() ?? 0;
        if (status >= 400) result.httpErrors.push(`${status} ${request.url().replace(origin, '')}`);
        const sizes = await request.sizes().catch(() => null);
        if (sizes) result.transferredBytes += sizes.responseBodySize + sizes.responseHeadersSize;
        if (type !== 'script' || offSite(request.url()) || request.serviceWorker()) continue;
        const pathname = new URL(request.url()).pathname;
        const asset = await reader.load(pathname);
        if (pathname === '/sw.js') result.serviceWorkerScript = asset?.sizes ?? null;
        else {
          result.jsFiles.push(pathname);
          if (asset) jsSizes.push(asset.sizes);
        }
      }
      for (const line of result.failed) if (offSite(line.split(' ')[0] ?? '')) result.offSite.push(line);
      result.js = addSizes(jsSizes);
      results.push(result);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
