/**
 * First load of each page in Chromium (Pixel 7 viewport, empty cache) until the network is idle for 500 ms, untouched: client:visible
 * islands load only if in the first viewport. Its JS bytes are what the browser really fetched.
 */
import { chromium, devices, type Request } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, isOffSite } from './chromium.ts';
import type { AssetReader } from './static-weight.ts';
import { addSizes, type Sizes } from './util.ts';

/** What one page loaded in Chromium. */
export interface FirstLoad {
  url: string;
  ok: boolean;
  error?: string;
  /** All requests the page (and any service worker) made, by resource type. */
  requests: number;
  byType: Record<string, number>;
  serviceWorkerRequests: number;
  /** Bytes over the wire (brotli from the benchmark server), body + headers. */
  transferredBytes: number;
  /** The JS files the page fetched, sized on disk (raw / gzip / brotli); the service worker script is counted apart. */
  jsFiles: string[];
  js: Sizes;
  /** The service worker script (/sw.js) when the page registered one, sized on disk; its precache fetches are in serviceWorkerRequests. */
  serviceWorkerScript: Sizes | null;
  /** Requests to any other origin (must be none: nothing is loaded from outside the site). */
  offSite: string[];
  failed: string[];
  /** Responses with an HTTP error status (e.g. a missing image), as "404 /path". */
  httpErrors: string[];
  consoleErrors: string[];
}

/** Loads each URL once in a fresh context and reports its requests. */
export async function measureFirstLoads(origin: string, urls: readonly string[], reader: AssetReader): Promise<FirstLoad[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  const results: FirstLoad[] = [];
  try {
    for (const url of urls) {
      const context = await browser.newContext({ ...devices['Pixel 7'] });
      const page = await context.newPage();
      const finished: Request[] = [];
      const failed: string[] = [];
      const consoleErrors: string[] = [];
      context.on('requestfinished', (request) => finished.push(request));
      context.on('requestfailed', (request) => failed.push(`${request.url()} (${request.failure()?.errorText ?? 'failed'})`));
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text().slice(0, 200));
      });
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
        failed,
        httpErrors: [],
        consoleErrors,
      };
      try {
        await page.goto(`${origin}${url}`, { waitUntil: 'networkidle', timeout: 30_000 });
      } catch (error) {
        result.ok = false;
        result.error = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      }
      const all = [...finished];
      result.requests = all.length + failed.length;
      const jsSizes: Sizes[] = [];
      for (const request of all) {
        const type = request.resourceType();
        result.byType[type] = (result.byType[type] ?? 0) + 1;
        if (request.serviceWorker()) result.serviceWorkerRequests += 1;
        if (isOffSite(request.url(), origin)) result.offSite.push(request.url());
        const status = (await request.response().catch(() => null))?.status() ?? 0;
        if (status >= 400) result.httpErrors.push(`${status} ${request.url().replace(origin, '')}`);
        const sizes = await request.sizes().catch(() => null);
        if (sizes) result.transferredBytes += sizes.responseBodySize + sizes.responseHeadersSize;
        if (type === 'script' && !isOffSite(request.url(), origin) && !request.serviceWorker()) {
          const pathname = new URL(request.url()).pathname;
          const asset = await reader.load(pathname);
          if (pathname === '/sw.js') {
            result.serviceWorkerScript = asset?.sizes ?? null;
            continue;
          }
          result.jsFiles.push(pathname);
          if (asset) jsSizes.push(asset.sizes);
        }
      }
      for (const line of failed) if (isOffSite(line.split(' ')[0] ?? '', origin)) result.offSite.push(line);
      result.js = addSizes(jsSizes);
      results.push(result);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
