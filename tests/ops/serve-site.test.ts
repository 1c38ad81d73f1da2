import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveStatic } from '../../scripts/bench/serve.ts';
import { IMMUTABLE, REVALIDATE, serveSite, type SiteServer } from '../../scripts/lib/static-site.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request by node:http, so the body arrives as sent (fetch would decompress it). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const page = (title: string) => `<!doctype html><title>${title}</title>${'<p>Thela groceries in ten minutes.</p>'.repeat(50)}`;

// The bench's server is the operators' one on a plain folder, compressing as a CDN does.
describe('serveSite (the bench server)', () => {
  let dir: string;
  let server: SiteServer;
  let origin: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'thela-serve-site-'));
    mkdirSync(path.join(dir, '_astro'));
    mkdirSync(path.join(dir, 'orders', 'detail'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), page('Home'));
    writeFileSync(path.join(dir, '404.html'), page('Not found'));
    writeFileSync(path.join(dir, 'orders', 'detail', 'index.html'), page('Order'));
    writeFileSync(path.join(dir, '_astro', 'app.abc123.js'), 'console.log("thela");\n'.repeat(100));
    writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(2000, 7));
    writeFileSync(path.join(dir, '_headers'), '/*\n  X-Frame-Options: DENY\n');
    writeFileSync(path.join(dir, '_redirects'), '/orders/:id /orders/detail/ 200\n');
    server = await serveStatic(dir, 0);
    origin = server.origin;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('compresses text with brotli when accepted, else gzip, else not at all', async () => {
    const br = await get(`${origin}/`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(page('Home'));
    const gzip = await get(`${origin}/`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page('Home'));
    const plain = await get(`${origin}/`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page('Home'));
    // Each representation has its own tag.
    expect(new Set([br.headers['etag'], gzip.headers['etag'], plain.headers['etag']]).size).toBe(3);
  });

  test('never compresses images', async () => {
    const png = await get(`${origin}/icon.png`, { 'accept-encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.body.length).toBe(2000);
  });

  test('caches /_astro/ for a year and revalidates the rest, sending the build _headers', async () => {
    const asset = await get(`${origin}/_astro/app.abc123.js`, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(asset.body).toString()).toBe('console.log("thela");\n'.repeat(100));
    const home = await get(`${origin}/`);
    expect(home.headers['cache-control']).toBe(REVALIDATE);
    expect(home.headers['x-frame-options']).toBe('DENY');
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['x-thela-release']).toBeUndefined();
  });

  test('answers a miss with 404.html (compressed too), applies _redirects and hides the host files', async () => {
    const missing = await get(`${origin}/no-such-page/`, { 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(gunzipSync(missing.body).toString()).toBe(page('Not found'));
    const order = await get(`${origin}/orders/ORD-1`);
    expect([order.status, order.body.toString()]).toEqual([200, page('Order')]);
    expect((await get(`${origin}/_headers`)).status).toBe(404);
    expect((await get(`${origin}/_redirects`)).status).toBe(404);
  });

  test('HEAD sends the compressed length and no body; a matching If-None-Match is 304', async () => {
    const full = await get(`${origin}/`, { 'accept-encoding': 'br' });
    const head = await get(`${origin}/`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.headers['content-length']).toBe(String(full.body.length));
    expect(head.body.length).toBe(0);
    const etag = String(full.headers['etag']);
    expect((await get(`${origin}/`, { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304);
    expect((await get(`${origin}/`, { 'if-none-match': etag })).status).toBe(200);
  });

  test('refuses other methods', async () => {
    const post = await get(`${origin}/`, {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers['allow']).toBe('GET, HEAD');
  });
});

test('serveSite without compression sends files as they are', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'thela-serve-site-'));
  writeFileSync(path.join(dir, 'index.html'), page('Home'));
  const server = await serveSite(dir, 0);
  try {
    const home = await get(`${server.origin}/`, { 'accept-encoding': 'br' });
    expect(home.headers['content-encoding']).toBeUndefined();
    expect(home.headers['vary']).toBeUndefined();
    expect(home.body.toString()).toBe(page('Home'));
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('serveStatic with `secure` answers over HTTP/2 and TLS, compressed, with the same files and headers', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'thela-serve-site-'));
  writeFileSync(path.join(dir, 'index.html'), page('Home'));
  writeFileSync(path.join(dir, '_headers'), '/*\n  X-Frame-Options: DENY\n');
  const server = await serveStatic(dir, 0, { secure: true });
  // The certificate is made for the run: not one a client would trust.
  const session = connect(server.origin, { rejectUnauthorized: false });
  try {
    expect(server.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const answer = await new Promise<Answer>((resolve, reject) => {
      const stream = session.request({ ':path': '/', 'accept-encoding': 'gzip' });
      let headers: Answer['headers'] = {};
      const chunks: Buffer[] = [];
      stream.on('response', (received) => (headers = received as Answer['headers']));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body: Buffer.concat(chunks) }));
      stream.on('error', reject);
      stream.end();
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(gunzipSync(answer.body).toString()).toBe(page('Home'));
    // Never plain HTTP on that port.
    const insecure = await get(`http://${server.origin.slice('https://'.length)}/`).catch((error: unknown) => error);
    expect(insecure).toBeInstanceOf(Error);
  } finally {
    session.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

// The e2e specs serve builds with this server too (tests/e2e/support/static-server.ts).
test('serveSite tells each path asked for, switches folders, and can leave out _headers and _redirects', async () => {
  const first = mkdtempSync(path.join(tmpdir(), 'thela-serve-site-'));
  const second = mkdtempSync(path.join(tmpdir(), 'thela-serve-site-'));
  for (const [dir, title] of [
    [first, 'First'],
    [second, 'Second'],
  ] as const) {
    mkdirSync(path.join(dir, 'orders', 'view'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), page(title));
    writeFileSync(path.join(dir, 'orders', 'view', 'index.html'), page(`${title} order`));
    writeFileSync(path.join(dir, '_headers'), '/*\n  X-Frame-Options: DENY\n');
    writeFileSync(path.join(dir, '_redirects'), '/orders/* /orders/view/ 200\n');
  }
  const asked: string[] = [];
  const plain = await serveSite(first, 0, { headers: false, redirects: false, onRequest: (requested) => asked.push(requested) });
  const full = await serveSite(first, 0);
  try {
    const home = await get(`${plain.origin}/?q=1`);
    expect(home.body.toString()).toBe(page('First'));
    expect(home.headers['x-frame-options']).toBeUndefined();
    expect((await get(`${plain.origin}/orders/ORD-1`)).status).toBe(404);
    expect(asked).toEqual(['/', '/orders/ORD-1']);

    expect((await get(`${full.origin}/`)).headers['x-frame-options']).toBe('DENY');
    const order = await get(`${full.origin}/orders/ORD-1`);
    expect([order.status, order.body.toString()]).toEqual([200, page('First order')]);

    plain.serve(second);
    expect((await get(`${plain.origin}/`)).body.toString()).toBe(page('Second'));
  } finally {
    await Promise.all([plain.close(), full.close()]);
    rmSync(first, { recursive: true, force: true });
    rmSync(second, { recursive: true, force: true });
  }
});
