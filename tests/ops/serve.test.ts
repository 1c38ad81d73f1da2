import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { rebuild } from '../../scripts/ops/lib/pipeline.ts';
import { startService, type OpsService } from '../../scripts/ops/lib/server.ts';
import { IMMUTABLE, REVALIDATE } from '../../scripts/lib/static-site.ts';
import { SITE_REDIRECTS } from '../../scripts/integrations/redirects.ts';
import { pageRelease, workspace, type Workspace } from './helpers.ts';

const log = memoryLogger();

/** A request written by hand, so the path reaches the server exactly as given (fetch would normalise it). */
function rawGet(url: string, target: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.setEncoding('utf8');
    socket.setTimeout(5000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (chunk) => (data += chunk));
    socket.on('end', () => resolve({ status: Number(data.split(' ')[1]), body: data.slice(data.indexOf('\r\n\r\n') + 4) }));
    socket.on('error', reject);
  });
}

describe('static serving of the live release', () => {
  let ws: Workspace;
  let service: OpsService;
  let releaseId: string;

  beforeAll(async () => {
    ws = workspace();
    service = await startService(ws.config, { log, hooks: false });
  });
  afterAll(async () => {
    await service.close();
    ws.cleanup();
  });

  test('answers 503 while no release is live', async () => {
    const res = await fetch(`${service.url}/`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    releaseId = (await rebuild(ws.config, { log })).releaseId!;
  });

  test('revalidates pages (no-cache + ETag, 304) and caches hashed assets for a year', async () => {
    const home = await fetch(`${service.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(home.headers.get('cache-control')).toBe(REVALIDATE);
    expect(home.headers.get('x-thela-release')).toBe(releaseId);
    const etag = home.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const page = pageRelease(await home.text());
    expect(page.top).toBe(releaseId);

    const again = await fetch(`${service.url}/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const asset = await fetch(`${service.url}${page.asset}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(asset.headers.get('content-type')).toBe('text/css; charset=utf-8');

    for (const pathname of ['/p/3/', '/p/3', '/p/3/index.html', '/pagefind/pagefind.js']) {
      const res = await fetch(`${service.url}${pathname}`);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('cache-control'), pathname).toBe(REVALIDATE);
    }
    const head = await fetch(`${service.url}/p/3/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
  });

  test('answers unknown paths with the release 404 page and status 404', async () => {
    const res = await fetch(`${service.url}/no/such/page`);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe(REVALIDATE);
    expect(await res.text()).toContain('<h1>Not found</h1>');
    expect((await fetch(`${service.url}/_astro/missing.css`)).status).toBe(404);
  });

  test("applies the release's _redirects where no file answers: /orders/{id} is the order page, URL kept", async () => {
    const release = path.join(ws.config.releasesDir, releaseId);
    mkdirSync(path.join(release, 'orders', 'view'), { recursive: true });
    writeFileSync(path.join(release, 'orders', 'index.html'), '<h1>My Orders</h1>');
    writeFileSync(path.join(release, 'orders', 'view', 'index.html'), '<h1>One order page</h1>');
    writeFileSync(path.join(release, '_redirects'), `/moved /p/3/ 301\n/p/:n /nowhere/ 200\n${SITE_REDIRECTS}\n`);
    for (const pathname of ['/orders/ORD-1718000000000', '/orders/ORD-001/', '/orders/%22%3E%3Cimg%20src%3Dx%3E']) {
      const res = await fetch(`${service.url}${pathname}`, { redirect: 'manual' });
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('cache-control'), pathname).toBe(REVALIDATE);
      expect(await res.text(), pathname).toBe('<h1>One order page</h1>');
    }
    expect(await (await fetch(`${service.url}/orders/`)).text()).toBe('<h1>My Orders</h1>');
    // A file wins over a rule (/p/3/ is a page); a rule to a page that is not there is a 404; a 301 is sent as such.
    expect((await fetch(`${service.url}/p/3`)).status).toBe(200);
    expect((await fetch(`${service.url}/p/nope`)).status).toBe(404);
    const moved = await fetch(`${service.url}/moved`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/p/3/');
    expect((await fetch(`${service.url}/orders/a/b`)).status).toBe(404);
    expect((await fetch(`${service.url}/_redirects`)).status).toBe(404);
  });

  test('hides the marker and CDN files and refuses other methods', async () => {
    for (const pathname of ['/.release.json', '/_headers', '/%2erelease.json'])
      expect((await fetch(`${service.url}${pathname}`)).status, pathname).toBe(404);
    const post = await fetch(`${service.url}/`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  test('refuses path traversal, encoded or not, and symlinks out of the release', async () => {
    symlinkSync('/etc', path.join(ws.config.releasesDir, releaseId, 'p', 'etc'));
    const targets = [
      '/../../../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/p/..%5c..%5c..%5cetc%5cpasswd',
      '/p/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc/passwd',
      '/p/etc/passwd',
      '/%00',
      '/%E0%A4%A',
    ];
    for (const target of targets) {
      const res = await rawGet(service.url, target);
      expect([400, 404], target).toContain(res.status);
      expect(res.body, target).not.toMatch(/root:/);
    }
  });
});

describe('switching releases under load', () => {
  test('a client requesting pages in a loop never gets an error or a mixed page', async () => {
    const ws = workspace({ keepReleases: 5 });
    // Pages of ~100 KB go out in several chunks, so a switch can land in the middle of one.
    ws.control({ padBytes: 100_000, pages: 12 });
    const service = await startService(ws.config, { log, hooks: false });
    try {
      await rebuild(ws.config, { log });
      const deadline = Date.now() + 10_000;
      let builderDone = false;
      const problems: string[] = [];
      const seen = new Set<string>();
      let requests = 0;

      const builder = (async () => {
        for (let i = 0; i < 8 && Date.now() < deadline; i++) {
          const result = await rebuild(ws.config, { log });
          if (!result.ok) problems.push(`build: ${result.reason}`);
        }
        builderDone = true;
      })();

      const paths = ['/', '/p/1/', '/p/5', '/p/10/index.html', '/p/7/'];
      const client = async () => {
        // Bounded: until the builder is done, 10 s, or 2000 requests, whichever comes first.
        while (!builderDone && Date.now() < deadline && requests < 2000) {
          const pathname = paths[requests++ % paths.length]!;
          try {
            const res = await fetch(`${service.url}${pathname}`);
            const html = await res.text();
            if (res.status !== 200) {
              problems.push(`${pathname}: ${res.status}`);
              continue;
            }
            const page = pageRelease(html);
            const header = res.headers.get('x-thela-release');
            if (!page.top || page.top !== page.end || page.top !== page.assetId || page.top !== header) {
              problems.push(`${pathname}: mixed page ${JSON.stringify({ ...page, header })}`);
              continue;
            }
            seen.add(page.top);
            const asset = await fetch(`${service.url}${page.asset}`);
            const css = await asset.text();
            if (asset.status !== 200 || !css.includes(`release ${page.top} `))
              problems.push(`${page.asset}: ${asset.status} ${css.slice(0, 40)}`);
          } catch (error) {
            problems.push(`${pathname}: ${(error as Error).message}`);
          }
        }
      };
      await Promise.all([builder, client(), client()]);

      expect(problems).toEqual([]);
      expect(requests).toBeGreaterThan(20);
      expect(seen.size).toBeGreaterThanOrEqual(3);
    } finally {
      await service.close();
      ws.cleanup();
    }
  });

  test('a page of the previous release still gets its hashed assets after the switch', async () => {
    const ws = workspace();
    const service = await startService(ws.config, { log, hooks: false });
    try {
      const first = await rebuild(ws.config, { log });
      const page = pageRelease(await (await fetch(`${service.url}/`)).text());
      const second = await rebuild(ws.config, { log });
      expect(pageRelease(await (await fetch(`${service.url}/`)).text()).top).toBe(second.releaseId);
      const asset = await fetch(`${service.url}${page.asset}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('x-thela-release')).toBe(first.releaseId);
      expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    } finally {
      await service.close();
      ws.cleanup();
    }
  });
});
