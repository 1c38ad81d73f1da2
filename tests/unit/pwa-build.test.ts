import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServiceWorker } from '../../scripts/lib/service-worker.ts';

// A tiny built site: the shell pages, hashed assets, a product page, a Pagefind index and the offline page.
const files: Record<string, string> = {
  'index.html': '<title>Home</title>',
  'cart/index.html': '<title>Cart</title>',
  'checkout/index.html': '<title>Checkout</title>',
  'offline/index.html': '<title>Offline</title>',
  'product/apple/index.html': '<title>Apple</title>',
  '_astro/client.AbC123.js': 'console.log(1)',
  '_astro/client.AbC123.js.map': '{}',
  '_astro/BaseLayout.XyZ789.css': 'body{}',
  '_astro/global.GlB4l1.css': 'body{}',
  '_astro/supabase.Sb1234.js': 'export{}',
  'icons/icon-512.png': 'png',
  'pagefind/pagefind.js': '//',
  'pagefind/index/en_1.pf_index': 'x',
  'images/placeholder.svg': '<svg/>',
  'images/catalogue/apple.svg': '<svg/>',
};

let site = '';
let sw: Awaited<ReturnType<typeof buildServiceWorker>>;

beforeAll(async () => {
  site = mkdtempSync(path.join(tmpdir(), 'thela-sw-test-'));
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), body);
  }
  sw = await buildServiceWorker(site, { supabaseUrl: 'https://project.supabase.co' });
}, 120_000);

afterAll(() => rmSync(site, { recursive: true, force: true }));

describe('buildServiceWorker', () => {
  test('precaches the hashed assets and the first pages under the URLs shoppers use', () => {
    expect(sw.urls.sort()).toEqual(
      [
        '/',
        '/cart/',
        '/checkout/',
        '/offline/',
        '/_astro/client.AbC123.js',
        '/_astro/BaseLayout.XyZ789.css',
        '/_astro/global.GlB4l1.css',
        '/_astro/supabase.Sb1234.js',
        '/images/placeholder.svg',
      ].sort(),
    );
  });

  test('leaves supabase-js out when the site was built without Supabase (it is never loaded then)', async () => {
    const without = await buildServiceWorker(site, { supabaseUrl: '' });
    expect(without.urls).not.toContain('/_astro/supabase.Sb1234.js');
    expect(without.urls).toContain('/_astro/client.AbC123.js');
    await buildServiceWorker(site, { supabaseUrl: 'https://project.supabase.co' });
  }, 120_000);

  test('leaves out product pages, the Pagefind index, icons, other images and source maps, and names what is missing', () => {
    expect(sw.urls.some((url) => /^\/(?:product|pagefind|icons)\//.test(url) || url.endsWith('.map'))).toBe(false);
    expect(sw.missingPages).toEqual(['/orders/', '/orders/view/', '/search/']);
  });

  test('writes one self-contained worker with the manifest and revisions injected', () => {
    const source = readFileSync(path.join(site, 'sw.js'), 'utf8');
    expect(source).not.toContain('self.__WB_MANIFEST');
    expect(source).not.toContain('process.env');
    expect(source).not.toMatch(/\bimport\s*\(|importScripts/);
    expect(source).toContain('https://project.supabase.co');
    expect(source).toContain('SKIP_WAITING');
    const manifest = JSON.parse(/(\[\{"revision".*?\}\])/.exec(source)?.[1] ?? '[]') as { url: string; revision: string | null }[];
    expect(manifest.find((entry) => entry.url === '/_astro/client.AbC123.js')?.revision).toBeNull();
    expect(manifest.find((entry) => entry.url === '/cart/')?.revision).toMatch(/^[0-9a-f]{32}$/);
  });

  test('a changed page changes the worker; the same build gives the same worker', async () => {
    const before = readFileSync(path.join(site, 'sw.js'), 'utf8');
    await buildServiceWorker(site, { supabaseUrl: 'https://project.supabase.co' });
    expect(readFileSync(path.join(site, 'sw.js'), 'utf8')).toBe(before);
    writeFileSync(path.join(site, 'cart/index.html'), '<title>Cart, new release</title>');
    const next = await buildServiceWorker(site, { supabaseUrl: 'https://project.supabase.co' });
    expect(readFileSync(path.join(site, 'sw.js'), 'utf8')).not.toBe(before);
    // Only pages changed: saved pages stay valid (same assets, same release tag).
    expect(next.release).toBe(sw.release);
  }, 120_000);

  test('refuses a folder with no built site', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'thela-sw-empty-'));
    try {
      await expect(buildServiceWorker(empty)).rejects.toThrow(/no built site/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
