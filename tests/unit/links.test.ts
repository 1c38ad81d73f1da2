import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { scanHtml } from '../../scripts/lib/html-scan.ts';
import { formatBrokenLink, pageLinks, sitePath } from '../../scripts/lib/links.ts';
import { cspHash } from '../../scripts/lib/security-policy.ts';
import { checkSite, siteCheckOptions } from '../../scripts/lib/site-checks.ts';

const ORIGIN = 'https://shop.example';
let site: string;

/** Writes a small built site: `files` by path (relative), with the build's order rewrite in `_redirects`. */
function build(files: Record<string, string>): void {
  for (const [file, text] of Object.entries({ _redirects: '/orders/:id /orders/view/ 200\n', ...files })) {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), text);
  }
}
const check = async () => (await checkSite(site, siteCheckOptions({}, ORIGIN))).links;

beforeEach(() => {
  site = mkdtempSync(path.join(tmpdir(), 'thela-links-'));
});
afterEach(() => rmSync(site, { recursive: true, force: true }));

describe('pageLinks', () => {
  test('returns every href, src and srcset candidate, entities decoded, and only URL-like content', () => {
    const html = `<a href="/a?x=1&amp;y=2">a</a><img src='/b.svg' srcSet="/c-256.webp 256w, /c-640.webp 640w">
      <meta property="og:image" content="https://shop.example/d.webp"><meta name="description" content="Fresh milk">
      <link rel="preload" imagesrcset="/e.webp 1x">`;
    expect(pageLinks(scanHtml(html))).toEqual([
      '/a?x=1&y=2',
      '/b.svg',
      '/c-256.webp',
      '/c-640.webp',
      'https://shop.example/d.webp',
      '/e.webp',
    ]);
  });

  test("leaves out a template's URLs, slots a script fills before it is shown", () => {
    const html = `<a href="/a">a</a><template data-results><a href="{{href:0}}"><img src="{{src:0}}" style="x"></a></template><a href="/b">b</a>`;
    expect(pageLinks(scanHtml(html))).toEqual(['/a', '/b']);
    // Its style attributes still count: the policy applies once the content is in the page.
    expect(scanHtml(html).styleAttributes).toBe(1);
  });
});

describe('sitePath', () => {
  test('resolves against the page and leaves out what leaves the site', () => {
    expect(sitePath('../x/', 'product/a/index.html', ORIGIN)).toBe('/product/x/');
    expect(sitePath('/search?q=milk#top', 'index.html', ORIGIN)).toBe('/search');
    expect(sitePath('https://shop.example/p/', 'index.html', ORIGIN)).toBe('/p/');
    for (const away of ['https://elsewhere.example/', 'mailto:help@shop.example', 'tel:18001234567', '#main', '//cdn.example/x.js']) {
      expect(sitePath(away, 'index.html', ORIGIN), away).toBeNull();
    }
  });
});

describe('the site checks: links', () => {
  test('passes a site whose every link resolves: folders, files, .html, and rewrites of _redirects', async () => {
    build({
      'index.html': '<a href="/about">About</a><a href="/orders/ORD-7">Order</a><a href="/help/">Help</a><img src="/img/a.webp">',
      'about/index.html': '<a href="../">Home</a><a href="/terms">Terms</a>',
      'help/index.html': '<a href="https://elsewhere.example/">Elsewhere</a>',
      'orders/view/index.html': '<a href="/">Home</a>',
      'terms.html': '',
      'img/a.webp': '',
      'data/featured.json': '[{"image_url":"/img/a.webp"}]',
    });
    const report = await check();
    expect(report.broken).toEqual([]);
    expect(report.links).toBe(8);
  });

  test('names each broken link with the pages that hold it, and fails the build step', async () => {
    build({
      'index.html': '<a href="/category/fruits">Fruits</a><img src="/_img/gone-640.webp">',
      'offers/index.html': '<a href="/category/fruits/">Fruits</a>',
      '404.html': '<a href="nowhere">x</a>',
      'data/featured.json': '[{"image_url":"/images/missing.svg"}]',
    });
    const report = await check();
    expect(report.broken).toEqual([
      { link: '/_img/gone-640.webp', pages: ['/index.html'] },
      { link: '/category/fruits', pages: ['/index.html'] },
      { link: '/category/fruits/', pages: ['/offers/index.html'] },
      { link: '/images/missing.svg', pages: ['/data/featured.json'] },
      { link: '/nowhere', pages: ['/404.html'] },
    ]);
    expect(formatBrokenLink({ link: '/x', pages: ['/a', '/b', '/c', '/d', '/e'] })).toBe('/x on /a, /b, /c and 2 more pages');
    const step = spawnSync(process.execPath, ['scripts/check-site.ts', site], {
      encoding: 'utf8',
      env: { ...process.env, SITE_URL: ORIGIN, THELA_BUILD_CACHE: path.join(site, '.cache') },
    });
    expect(step.status).toBe(1);
    expect(step.stderr).toContain('Broken links, build stopped: 5 link(s)');
    expect(step.stderr).toContain('/category/fruits on /index.html');
  });

  test('reads each file as its bytes: links and inline scripts in Devanagari resolve and hash as written', async () => {
    build({
      'index.html': '<script>price("₹ 40")</script><a href="/श्रेणी/दूध/">दूध</a><a href="/%E0%A4%A6%E0%A4%B9%E0%A5%80">दही</a>',
      'श्रेणी/दूध/index.html': '',
    });
    const report = await checkSite(site, siteCheckOptions({}, ORIGIN));
    expect(report.links.broken).toEqual([{ link: '/दही', pages: ['/index.html'] }]);
    expect([...report.code.scriptHashes]).toEqual([cspHash('price("₹ 40")')]);
  });

  test('checked on three threads, a site gives what one thread finds, file by file', async () => {
    const pages = Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => [`p/${i}/index.html`, `<script>s${i % 2}()</script><a href="/p/${i + 1}/">next</a>`]),
    );
    build({ 'index.html': '<a href="/p/0/">first</a>', ...pages });
    const [one, three] = [
      await checkSite(site, siteCheckOptions({}, ORIGIN), undefined, 1),
      await checkSite(site, siteCheckOptions({}, ORIGIN), undefined, 3),
    ];
    expect(three).toEqual(one);
    expect(three.links.broken).toEqual([{ link: '/p/7/', pages: ['/p/6/index.html'] }]);
    expect(three.code.scriptHashes.size).toBe(2);
  });
});
