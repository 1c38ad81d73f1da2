import { describe, expect, test } from 'vitest';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import {
  FETCHED_AT_HEADER,
  fallbackLookupPlugin,
  maxAgePlugin,
  pageKeyPlugin,
  pathKeyPlugin,
  supabaseKeyPlugin,
} from '../../src/lib/pwa/plugins.ts';

// Workbox passes the event; these plugins never read it.
const event = {} as ExtendableEvent;

async function store(plugin: WorkboxPlugin, response: Response): Promise<Response> {
  const saved = await plugin.cacheWillUpdate?.({ request: new Request('https://x.test/'), response, event });
  if (!saved) throw new Error('not saved');
  return saved;
}

async function use(plugin: WorkboxPlugin, cachedResponse: Response | undefined, url = 'https://x.test/') {
  return plugin.cachedResponseWillBeUsed?.({
    cacheName: 'c',
    request: new Request(url),
    event,
    ...(cachedResponse ? { cachedResponse } : {}),
  });
}

describe('maxAgePlugin', () => {
  test('returns a saved read within the age limit and refuses it after', async () => {
    let now = 1_000_000;
    const plugin = maxAgePlugin(600, () => now);
    const saved = await store(plugin, new Response('[1]', { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(saved.headers.get(FETCHED_AT_HEADER)).toBe('1000000');
    expect(saved.headers.get('content-type')).toBe('application/json');
    expect(await use(plugin, saved.clone())).toBeTruthy();
    now += 600_000;
    expect(await use(plugin, saved.clone())).toBeTruthy();
    now += 1;
    expect(await use(plugin, saved.clone())).toBeNull();
  });

  test('refuses a copy without a stamp, with a bad stamp, or from the future', async () => {
    const plugin = maxAgePlugin(600, () => 5_000);
    expect(await use(plugin, new Response('x'))).toBeNull();
    expect(await use(plugin, new Response('x', { headers: { [FETCHED_AT_HEADER]: 'soon' } }))).toBeNull();
    expect(await use(plugin, new Response('x', { headers: { [FETCHED_AT_HEADER]: '9000' } }))).toBeNull();
    expect(await use(plugin, undefined)).toBeNull();
  });

  test('keeps the body', async () => {
    const saved = await store(maxAgePlugin(600), new Response('{"a":1}'));
    expect(await saved.json()).toEqual({ a: 1 });
  });
});

describe('cache keys', () => {
  test('pageKeyPlugin returns one key for /cart, /cart/ and /cart?from=nav', async () => {
    const plugin = pageKeyPlugin();
    const key = (url: string) => plugin.cacheKeyWillBeUsed?.({ mode: 'read', request: new Request(url), event });
    expect(await key('https://x.test/cart')).toBe('https://x.test/cart/');
    expect(await key('https://x.test/cart/')).toBe('https://x.test/cart/');
    expect(await key('https://x.test/cart?from=nav')).toBe('https://x.test/cart/');
  });

  test('pathKeyPlugin returns the path without the query (Pagefind adds ?ts=<now> to its entry file)', async () => {
    const plugin = pathKeyPlugin();
    const key = (url: string) => plugin.cacheKeyWillBeUsed?.({ mode: 'read', request: new Request(url), event });
    expect(await key('https://x.test/pagefind/pagefind-entry.json?ts=1732233445566')).toBe('https://x.test/pagefind/pagefind-entry.json');
  });

  test('supabaseKeyPlugin returns different keys for a list and an object read', async () => {
    const plugin = supabaseKeyPlugin();
    const key = (accept: string) =>
      plugin.cacheKeyWillBeUsed?.({
        mode: 'read',
        request: new Request('https://a.supabase.co/rest/v1/products?id=eq.1', { headers: { accept } }),
        event,
      });
    expect(await key('application/json')).not.toBe(await key('application/vnd.pgrst.object+json'));
  });
});

describe('fallbackLookupPlugin', () => {
  test('returns the cached copy when there is one, else the lookup, else nothing', async () => {
    const precached = new Response('precached');
    const plugin = fallbackLookupPlugin(async (request) => (request.url.endsWith('/cart/') ? precached : undefined));
    const cached = new Response('cached');
    expect(await use(plugin, cached, 'https://x.test/cart/')).toBe(cached);
    expect(await use(plugin, undefined, 'https://x.test/cart/')).toBe(precached);
    expect(await use(plugin, undefined, 'https://x.test/product/x/')).toBeNull();
  });
});
