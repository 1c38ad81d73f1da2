import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import {
  isLocalDestination,
  matchRedirect,
  parseRedirectsFile,
  readRedirectRules,
  SITE_REDIRECTS,
  siteRedirects,
  withSiteRedirects,
} from '../../scripts/integrations/redirects.ts';
import { ORDER_PAGE } from '../../src/lib/order-paths.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'thela-redirects-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the _redirects reader', () => {
  test('reads from, to and status a line; comments, one-field lines and bad statuses are not rules', () => {
    const rules = parseRedirectsFile(
      ['# a comment', '/old /new', '/a /b 302', '/c/* /d/:splat 200!', '/lonely', 'no-slash /x 301', '/e /f abc', '  /g  /h  307  '].join(
        '\n',
      ),
    );
    expect(rules.map(({ from, to, status, force }) => [from, to, status, force])).toEqual([
      ['/old', '/new', 301, false],
      ['/a', '/b', 302, false],
      ['/c/*', '/d/:splat', 200, true],
      ['/g', '/h', 307, false],
    ]);
  });

  test('the first matching rule wins; splats and placeholders fill the destination', () => {
    const rules = parseRedirectsFile(
      ['/news/:year/:slug /blog/:year-:slug 301', '/news/* /blog/:splat 302', '/* /index.html 200'].join('\n'),
    );
    expect(matchRedirect(rules, '/news/2026/diwali')).toEqual({ to: '/blog/2026-diwali', status: 301, force: false });
    expect(matchRedirect(rules, '/news/a/b/c')).toEqual({ to: '/blog/a/b/c', status: 302, force: false });
    expect(matchRedirect(rules, '/news/')).toEqual({ to: '/blog/', status: 302, force: false });
    expect(matchRedirect(rules, '/anything')).toEqual({ to: '/index.html', status: 200, force: false });
    expect(matchRedirect(parseRedirectsFile('/a.b /c 301'), '/aXb')).toBeNull();
  });

  test('only paths of the site are served by rewrite', () => {
    expect(isLocalDestination('/orders/view/')).toBe(true);
    for (const to of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) expect(isLocalDestination(to), to).toBe(false);
  });

  test('reads a build folder once per version of its file; none without the file', async () => {
    const dir = tempDir();
    expect(await readRedirectRules(dir)).toEqual([]);
    writeFileSync(path.join(dir, '_redirects'), '/a /b 200\n');
    expect((await readRedirectRules(dir)).map((rule) => rule.to)).toEqual(['/b']);
  });
});

describe("the site's rules", () => {
  const rules = parseRedirectsFile(SITE_REDIRECTS);

  test('every /orders/{id}, with or without the slash, is the one order page with the URL kept', () => {
    for (const url of ['/orders/ORD-001', '/orders/ORD-1718000000000/', '/orders/"><img src=x>'])
      expect(matchRedirect(rules, url), url).toEqual({ to: ORDER_PAGE, status: 200, force: false });
  });

  test('no rule takes a page of the build (hosts such as Cloudflare apply rules before files)', () => {
    for (const url of ['/', '/orders', '/orders/', '/orders/a/b', '/cart/', '/product/ORD-1'])
      expect(matchRedirect(rules, url), url).toBeNull();
  });

  test("the build writes them after a public/_redirects' own rules, once", () => {
    expect(withSiteRedirects('')).toBe(`${SITE_REDIRECTS}\n`);
    const merged = withSiteRedirects('/old /new 301\n');
    expect(merged).toBe(`/old /new 301\n\n${SITE_REDIRECTS}\n`);
    expect(withSiteRedirects(merged)).toBe(merged);
  });

  test('astro build writes <outDir>/_redirects; astro dev serves /orders/{id} the order page, query kept', async () => {
    const integration = siteRedirects();
    const dir = tempDir();
    writeFileSync(path.join(dir, '_redirects'), '/from-public /x 301\n');
    const done = integration.hooks['astro:build:done'] as unknown as (options: { dir: URL }) => Promise<void>;
    await done({ dir: pathToFileURL(`${dir}/`) });
    expect(readFileSync(path.join(dir, '_redirects'), 'utf8')).toBe(`/from-public /x 301\n\n${SITE_REDIRECTS}\n`);

    type Middleware = (req: { url?: string }, res: unknown, next: () => void) => void;
    const middlewares: Middleware[] = [];
    const setup = integration.hooks['astro:server:setup'] as unknown as (options: { server: unknown }) => void;
    setup({ server: { middlewares: { use: (fn: Middleware) => middlewares.push(fn) } } });
    const dev = (url: string) => {
      const req = { url };
      let nexted = false;
      middlewares[0]?.(req, {}, () => (nexted = true));
      expect(nexted).toBe(true);
      return req.url;
    };
    expect(dev('/orders/ORD-1718000000000?from=checkout')).toBe(`${ORDER_PAGE}?from=checkout`);
    expect(dev('/orders/ORD-001/')).toBe(ORDER_PAGE);
    expect(dev('/orders/')).toBe('/orders/');
    expect(dev('/cart')).toBe('/cart');
    expect(dev('/orders/%E0%A4%A')).toBe('/orders/%E0%A4%A');
  });
});
