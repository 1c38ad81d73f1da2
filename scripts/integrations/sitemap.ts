/**
 * The sitemap, `sitemap-index.xml` and `sitemap-N.xml`, written as @astrojs/sitemap 3.7 wrote them (same URLs, order and
 * bytes) in a fraction of its time at 100,000 products. Why: docs/architecture.md, "The sitemap".
 */
import type { AstroConfig, AstroIntegration } from 'astro';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { SitemapAndIndexStream, SitemapStream } from 'sitemap';

/** URLs per sitemap file (@astrojs/sitemap's default; the protocol allows 50,000). */
const ENTRY_LIMIT = 45_000;
const FILENAME_BASE = 'sitemap';
const STATUS_PAGES = new Set(['404', '500']);

/** The page URLs of a build, absolute, without the status pages and those `filter` refuses, in the sitemap's order. */
export function sitemapUrls(
  pathnames: readonly string[],
  config: Pick<AstroConfig, 'site' | 'base'>,
  filter: (url: string) => boolean,
): string[] {
  const siteUrl = new URL(config.base, config.site);
  const base = siteUrl.pathname.endsWith('/') ? siteUrl.pathname : `${siteUrl.pathname}/`;
  const urls = new Set<string>();
  for (const pathname of pathnames) {
    const page = pathname.replace(/^\//, '');
    if (STATUS_PAGES.has(page.replace(/\/$/, ''))) continue;
    const url = new URL(page === '' ? siteUrl.pathname : base + page, siteUrl).href;
    if (filter(url)) urls.add(url);
  }
  const collator = new Intl.Collator('en', { numeric: true });
  return [...urls].sort(collator.compare);
}

/** Writes `urls` as `sitemap-index.xml` and its `sitemap-N.xml` files into `dir`. */
async function writeSitemap(urls: readonly string[], dir: string, siteUrl: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const index = new SitemapAndIndexStream({
    limit: ENTRY_LIMIT,
    getSitemapStream: (i) => {
      const stream = new SitemapStream({ hostname: siteUrl, xmlns: { news: true, xhtml: true, image: true, video: true } });
      const file = `${FILENAME_BASE}-${i}.xml`;
      return [new URL(file, siteUrl).href, stream, stream.pipe(createWriteStream(path.join(dir, file)))];
    },
  });
  await pipeline(Readable.from(urls.map((url) => ({ url }))), index, createWriteStream(path.join(dir, `${FILENAME_BASE}-index.xml`)));
}

/** The integration: the sitemap of every built page `filter` accepts (it gets each page's absolute URL). */
export function sitemap(options: { filter: (url: string) => boolean }): AstroIntegration {
  let config: AstroConfig;
  return {
    name: 'thela:sitemap',
    hooks: {
      'astro:config:done': ({ config: done }) => {
        config = done;
      },
      'astro:build:done': async ({ dir, pages, logger }) => {
        if (!config.site) {
          logger.warn('no `site` in the config: no sitemap written');
          return;
        }
        const pathnames = pages.map((p) => p.pathname);
        const outDir = fileURLToPath(dir);
        const siteUrl = new URL(config.base, config.site).href;
        const urls = sitemapUrls(pathnames, config, options.filter);
        await writeSitemap(urls, outDir, siteUrl);
        logger.info(
          `\`${FILENAME_BASE}-index.xml\` created at \`${path.relative(process.cwd(), outDir)}\` (${urls.length.toLocaleString('en')} URLs)`,
        );
      },
    },
  };
}
