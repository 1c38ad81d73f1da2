import { describe, expect, test } from 'vitest';
import { decodeEntities, savedPages, titleFromHtml } from '../../src/lib/pwa/saved-pages.ts';
import { searchIndexSaved } from '../../src/lib/pwa/search.ts';
import { memoryCacheStorage } from '../fixtures/pwa-cache-storage.ts';

const html = (title: string) => new Response(`<!doctype html><html><head><title>${title}</title></head><body></body></html>`);

describe('titleFromHtml', () => {
  test('returns the title without the brand suffix, decoded', () => {
    expect(titleFromHtml('<html><head><title>Banana Robusta | Thela</title></head></html>', 'Thela')).toBe('Banana Robusta');
    expect(titleFromHtml('<title>Fruits &amp; Vegetables | Thela</title>', 'Thela')).toBe('Fruits & Vegetables');
    expect(titleFromHtml('<title>Thela</title>', 'Thela')).toBe('Thela');
    expect(titleFromHtml('<title>  Tea\n  | Thela</title>', 'Thela')).toBe('Tea');
  });

  test('returns null for a page without a title', () => {
    expect(titleFromHtml('<p>no title</p>', 'Thela')).toBeNull();
    expect(titleFromHtml('<title></title>', 'Thela')).toBeNull();
  });

  test('decodeEntities handles named, decimal and hex references and leaves unknown ones', () => {
    expect(decodeEntities('&lt;b&gt; &quot;x&quot; &#39;y&#39; &#x20B9;10 &bogus;')).toBe(`<b> "x" 'y' ₹10 &bogus;`);
    expect(decodeEntities('&#0; &#x110000;')).toBe('&#0; &#x110000;');
  });
});

describe('savedPages', () => {
  test('returns the visited pages newest first, without the always-available ones or bad responses', async () => {
    const storage = memoryCacheStorage();
    const pages = await storage.open('thela-pages-abc');
    await pages.put('https://shop.test/product/apple/', html('Apple | Thela'));
    await pages.put('https://shop.test/cart/', html('Cart | Thela'));
    await pages.put('https://shop.test/category/fruits/', html('Fruits &amp; More | Thela'));
    await pages.put('https://shop.test/product/broken/', new Response('gone', { status: 500 }));
    await (await storage.open('thela-images')).put('https://shop.test/images/a.svg', new Response('<svg/>'));
    expect(await savedPages('Thela', { cacheStorage: storage })).toEqual([
      { path: '/category/fruits/', title: 'Fruits & More' },
      { path: '/product/apple/', title: 'Apple' },
    ]);
  });

  test('returns at most `limit` pages, and nothing without the Cache API', async () => {
    const storage = memoryCacheStorage();
    const pages = await storage.open('thela-pages-abc');
    for (let i = 0; i < 5; i++) await pages.put(`https://shop.test/product/p${i}/`, html(`P${i} | Thela`));
    expect((await savedPages('Thela', { cacheStorage: storage, limit: 2 })).map((p) => p.title)).toEqual(['P4', 'P3']);
    expect(await savedPages('Thela', { cacheStorage: undefined })).toEqual([]);
  });
});

describe('searchIndexSaved', () => {
  async function withSearch(files: string[]): Promise<CacheStorage> {
    const storage = memoryCacheStorage();
    for (const file of files) {
      const hashed = /\.pf_(?:index|meta)$/.test(file);
      await (await storage.open(hashed ? 'thela-search-index' : 'thela-search-core')).put(`https://shop.test${file}`, new Response('x'));
    }
    return storage;
  }
  const all = [
    '/pagefind/pagefind.js',
    '/pagefind/pagefind-entry.json',
    '/pagefind/wasm.en.pagefind',
    '/pagefind/pagefind.en_91ad.pf_meta',
    '/pagefind/index/en_b68d.pf_index',
  ];

  test('returns true when everything a search loads is saved', async () => {
    expect(await searchIndexSaved(await withSearch(all))).toBe(true);
  });

  test('returns false when any part is missing, and creates no cache while checking', async () => {
    for (const missing of all) expect(await searchIndexSaved(await withSearch(all.filter((f) => f !== missing))), missing).toBe(false);
    const empty = memoryCacheStorage();
    expect(await searchIndexSaved(empty)).toBe(false);
    expect(await empty.keys()).toEqual([]);
    expect(await searchIndexSaved(undefined)).toBe(false);
  });
});
