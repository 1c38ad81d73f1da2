/** First load of each page in Chromium, untouched, to 500 ms of network idle (bench/README.md, "Page weight per page type"). */
import { chromium, devices, type Request } from '@playwright/test';
import type { AssetReader } from './static-weight.ts';
import { addSizes, errorLine, type Sizes } from './util.ts';
import { CHROMIUM_FLAGS as BASE_FLAGS, CHROMIUM_PATH } from '../lib/chromium.ts';

/** Every host name but 127.0.0.1 is unresolvable. */
export const CHROMIUM_FLAGS = [...BASE_FLAGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'];

export const launchChromium = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });

/** What one page loaded: JS sized on disk, /sw.js apart; transferred = bodies + headers; `offSite` must be empty. */
export type FirstLoad = Awaited<ReturnType<typeof measureFirstLoads>>[number];

export async function measureFirstLoads(origin: string, urls: readonly string[], reader: AssetReader) {
  const offSite = (url: string) => !url.startsWith('data:') && !url.startsWith('blob:') && !url.startsWith(`${origin}/`) && url !== origin;
  const browser = await launchChromium();
  const results = [];
  try {
    for (const url of urls) {
      const context = await browser.newContext({ ...devices['Pixel 7'] });
      const page = await context.newPage();
      const [finished, failed, consoleErrors] = [[] as Request[], [] as string[], [] as string[]];
      let error: string | undefined;
      context.on('requestfinished', (request) => finished.push(request));
      context.on('requestfailed', (request) => failed.push(`${request.url()} (${request.failure()?.errorText ?? 'failed'})`));
      page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text().slice(0, 200)));
      await page
        .goto(`${origin}${url}`, { waitUntil: 'networkidle', timeout: 30_000 })
        .catch((thrown: unknown) => (error = errorLine(thrown)));
      const byType: Record<string, number> = {};
      const [httpErrors, jsFiles, jsSizes] = [[] as string[], [] as string[], [] as Sizes[]];
      let [transferredBytes, serviceWorkerScript] = [0, null as Sizes | null];
      for (const request of finished) {
        const type = request.resourceType();
        byType[type] = (byType[type] ?? 0) + 1;
        const status = (await request.response().catch(() => null))?.status() ?? 0;
        if (status >= 400) httpErrors.push(`${status} ${request.url().replace(origin, '')}`);
        const sizes = await request.sizes().catch(() => null);
        if (sizes) transferredBytes += sizes.responseBodySize + sizes.responseHeadersSize;
        if (type !== 'script' || offSite(request.url()) || request.serviceWorker()) continue;
        const pathname = new URL(request.url()).pathname;
        const asset = await reader.load(pathname);
        if (pathname === '/sw.js') serviceWorkerScript = asset?.sizes ?? null;
        else {
          jsFiles.push(pathname);
          if (asset) jsSizes.push(asset.sizes);
        }
      }
      results.push({
        url,
        ok: error === undefined,
        requests: finished.length + failed.length,
        byType,
        serviceWorkerRequests: finished.filter((request) => request.serviceWorker()).length,
        transferredBytes,
        jsFiles,
        js: addSizes(jsSizes),
        serviceWorkerScript,
        offSite: [...finished.map((request) => request.url()), ...failed].filter((line) => offSite(line.split(' ')[0] ?? '')),
        failed,
        httpErrors,
        consoleErrors,
        error,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
