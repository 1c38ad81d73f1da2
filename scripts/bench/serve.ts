/**
 * A static server for a build, behaving like a CDN in front of it: brotli or gzip for text when the browser asks,
 * year-long immutable caching for /_astro/ (as public/_headers says), directory index pages, 404.html for misses.
 * Listens on 127.0.0.1 only.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { contentTypeFor } from '../lib/content-types.ts';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml|wasm)|image\/svg)/;

/** A running static server. */
export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

async function findFile(root: string, pathname: string): Promise<string | null> {
  const candidate = path.join(root, pathname);
  if (path.relative(root, candidate).startsWith('..')) return null;
  const info = await stat(candidate).catch(() => null);
  if (info?.isFile()) return candidate;
  if (info?.isDirectory()) {
    const index = path.join(candidate, 'index.html');
    return (await stat(index).catch(() => null))?.isFile() ? index : null;
  }
  const html = `${candidate}.html`;
  return (await stat(html).catch(() => null))?.isFile() ? html : null;
}

/** Serves `root` on 127.0.0.1:`port` until closed. */
export async function serveStatic(root: string, port: number): Promise<StaticServer> {
  const compressed = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405).end();
        return;
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      } catch {
        res.writeHead(400).end();
        return;
      }
      let status = 200;
      let file = await findFile(root, pathname);
      if (!file) {
        status = 404;
        file = await findFile(root, '/404.html');
      }
      if (!file) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n');
        return;
      }
      const type = contentTypeFor(file);
      const headers: Record<string, string> = {
        'Content-Type': type,
        'Cache-Control': pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Encoding',
      };
      let body: Buffer = await readFile(file);
      const accept = req.headers['accept-encoding'] ?? '';
      if (COMPRESSIBLE.test(type) && body.length > 0) {
        const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
        if (encoding) {
          const key = `${encoding}:${file}`;
          let packed = compressed.get(key);
          if (!packed) {
            packed =
              encoding === 'br'
                ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
                : gzipSync(body, { level: 9 });
            compressed.set(key, packed);
          }
          body = packed;
          headers['Content-Encoding'] = encoding;
        }
      }
      headers['Content-Length'] = String(body.length);
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
