import astroSitemap from '@astrojs/sitemap';
import type { AstroConfig, AstroIntegration, AstroIntegrationLogger } from 'astro';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { sitemap, sitemapUrls } from '../../scripts/integrations/sitemap.ts';

const filter = (page: string) => !/\/(404|offline|orders\/view)\/?$/.test(page);
const config = {
  site: 'https://shop.example.in',
  base: '/',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
} as unknown as AstroConfig;
const logger = { info: () => {}, warn: () => {}, error: () => {} } as unknown as AstroIntegrationLogger;

/** Pages as Astro reports them at astro:build:done: numbered, nested, status and filtered pages, out of order. */
function pages(products: number): { pathname: string }[] {
  const list = [
    '',
    '404/',
    'offline/',
    'orders/view/',
    'about/',
    'category/fruits/',
    'category/fruits/2/',
    'category/fruits/10/',
    'search/',
  ];
  for (let i = products; i > 0; i--) list.push(`product/item-${i}/`);
  return list.map((pathname) => ({ pathname }));
}

/** Runs an integration's hooks as a build would, into a new folder; returns its files and their text. */
async function run(integration: AstroIntegration, built: { pathname: string }[]): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'thela-sitemap-'));
  temp.push(dir);
  const hooks = integration.hooks as Record<string, ((options: unknown) => unknown) | undefined>;
  await hooks['astro:routes:resolved']?.({ routes: [], logger });
  await hooks['astro:config:done']?.({ config, logger });
  await hooks['astro:build:done']?.({ dir: pathToFileURL(`${dir}/`), pages: built.map((p) => ({ ...p })), logger, assets: new Map() });
  const files = (await readdir(dir)).sort();
  return Object.fromEntries(await Promise.all(files.map(async (file) => [file, await readFile(path.join(dir, file), 'utf8')] as const)));
}

const temp: string[] = [];
afterEach(async () => {
  await Promise.all(temp.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('sitemap', () => {
  test('the same files, byte for byte, as @astrojs/sitemap, split at 45,000 URLs', async () => {
    const built = pages(46_000);
    const ours = await run(sitemap({ filter }), built);
    expect(Object.keys(ours)).toEqual(['sitemap-0.xml', 'sitemap-1.xml', 'sitemap-index.xml']);
    expect(ours).toEqual(await run(astroSitemap({ filter }), built));
  });

  test('numbers sort as numbers; status and filtered pages are left out', () => {
    const urls = sitemapUrls(
      pages(2).map((p) => p.pathname),
      config,
      filter,
    );
    expect(urls).toEqual([
      'https://shop.example.in/',
      'https://shop.example.in/about/',
      'https://shop.example.in/category/fruits/',
      'https://shop.example.in/category/fruits/2/',
      'https://shop.example.in/category/fruits/10/',
      'https://shop.example.in/product/item-1/',
      'https://shop.example.in/product/item-2/',
      'https://shop.example.in/search/',
    ]);
  });
});
