/**
 * The one static server of a built site, as a CDN serves it (`_headers`, `_redirects`, compression, HTTP/2): one folder
 * per request, never a mix. The operators' service serves its live release with it (scripts/ops/lib/static.ts); the
 * bench and the e2e tests serve a built folder (`serveSite`).
 */
import { open, realpath, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { contentTypeFor } from './content-types.ts';
import { isLocalDestination, matchRedirect, readRedirectRules } from '../integrations/redirects.ts';
import { headersForPath, readHeadersRules } from './security-policy.ts';

/** Cache-Control for content-hashed files (under HASHED_PREFIXES), and for everything else (revalidated by ETag). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const HASHED_PREFIXES = ['/_astro/'];

/** CDN configuration, not content. */
const HIDDEN_FILES = new Set(['_headers', '_redirects']);

/** Content types a CDN compresses. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml|wasm)|image\/svg)/;

export interface ServeOptions {
  /** Brotli or gzip for text when the client accepts it, as a CDN does (the bench); off by default. */
  compress?: boolean | undefined;
  /** HTTP/2 over TLS with this key and certificate (HTTP/1.1 still answered), as a CDN serves shoppers (the bench's Lighthouse). */
  tls?: { key: string | Buffer; cert: string | Buffer } | undefined;
  /** Send the release's `_headers` (security policy), as a CDN does (default true). */
  headers?: boolean | undefined;
  /** Apply the release's `_redirects` where no file answers (default true); false serves as a host without rewrites. */
  redirects?: boolean | undefined;
  /** Told each request's path, as asked (the e2e specs check what a page asked for). */
  onRequest?: ((path: string) => void) | undefined;
}

/** The folder a request is answered from; `release` is sent as X-Thela-Release. */
export interface Site {
  root: string;
  release?: string | undefined;
  /** Other complete releases, newest first, whose hashed assets answer what `root` lacks. */
  retained?: (() => Promise<Array<{ id: string; dir: string }>>) | undefined;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Where a failure to serve a file is told (the operators' log). */
export interface ErrorLog {
  error(event: string, fields: Record<string, unknown>): void;
}

function inside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' ? !relative.startsWith('..') && !path.isAbsolute(relative) : true;
}

/** Decodes the URL path into safe segments, or null for anything that could leave the release or is hidden. */
export function safeSegments(rawUrl: string): string[] | null {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(rawUrl, 'http://localhost').pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const segments = pathname.split('/').filter((segment) => segment !== '');
  // Dot segments: '..' (traversal, also when it arrived as %2e%2e or %2f), and hidden files such as .release.json.
  if (segments.some((segment) => segment.startsWith('.') && segment !== '.well-known')) return null;
  if (segments.length === 1 && HIDDEN_FILES.has(segments[0] ?? '')) return null;
  return segments;
}

/** An open file of the release at `candidate` (a symlink inside the release must not lead out of it), or null. */
async function openFile(root: string, candidate: string) {
  const real = await realpath(candidate).catch(() => null);
  const handle = real && inside(root, real) ? await open(real, 'r').catch(() => null) : null;
  if (!real || !handle) return null;
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    return null;
  }
  const etag = `"${info.ino.toString(36)}-${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  return { handle, file: real, size: info.size, mtime: info.mtime, etag };
}

/** Finds the file for a path inside one release: the file, a directory's index.html, or `<path>.html`. */
async function lookup(root: string, segments: string[]): ReturnType<typeof openFile> {
  const base = path.join(root, ...segments);
  if (!inside(root, base)) return null;
  const info = await stat(base).catch(() => null);
  if (info?.isDirectory()) return openFile(root, path.join(base, 'index.html'));
  return (await openFile(root, base)) ?? (segments.length ? openFile(root, `${base}.html`) : null);
}

/** A handler for GET and HEAD of the site `siteOf` resolves for each request (null: nothing to serve yet, 503). */
export function siteHandler(siteOf: () => Promise<Site | null>, options: ServeOptions, log?: ErrorLog): Handler {
  const packed = new Map<string, Buffer>();
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed\n');
      return;
    }
    options.onRequest?.(requestedPath(req.url ?? '/'));
    const site = await siteOf();
    if (!site) {
      res.writeHead(503, { 'Retry-After': '30', 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('No release is live yet.\n');
      return;
    }
    const { root } = site;
    const segments = safeSegments(req.url ?? '/');
    const urlPath = `/${(segments ?? []).join('/')}`;
    const hashed = HASHED_PREFIXES.some((prefix) => urlPath.startsWith(prefix));

    // The release's _redirects: a rewrite (200) serves its page with the URL kept, when no file answers the path.
    const redirect = segments && options.redirects !== false ? matchRedirect(await readRedirectRules(root), urlPath) : null;
    let opened = segments && !redirect?.force ? await lookup(root, segments) : null;
    let servedFrom = site.release;
    if (!opened && segments && hashed && site.retained) {
      // A page of the previous release may still ask for its assets after the switch: look in the retained ones.
      for (const release of await site.retained()) {
        opened = await lookup(await realpath(release.dir).catch(() => release.dir), segments);
        if (opened) {
          servedFrom = release.id;
          break;
        }
      }
    }
    if (!opened && redirect) {
      if (redirect.status >= 300 && redirect.status < 400) {
        res.writeHead(redirect.status, { Location: redirect.to, 'Cache-Control': REVALIDATE }).end();
        return;
      }
      const target = redirect.status === 200 && isLocalDestination(redirect.to) ? safeSegments(redirect.to) : null;
      if (target) opened = await lookup(root, target);
    }
    const status = opened ? 200 : 404;
    opened ??= await openFile(root, path.join(root, '404.html'));
    if (!opened) {
      res.writeHead(404, { 'Cache-Control': REVALIDATE, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }

    const { handle } = opened;
    try {
      const type = contentTypeFor(opened.file);
      const encoding = options.compress && opened.size > 0 && COMPRESSIBLE.test(type) ? acceptedEncoding(req) : null;
      // Each encoding is another representation, with its own tag.
      const etag = encoding ? `${opened.etag.slice(0, -1)}-${encoding}"` : opened.etag;
      const headers: Record<string, string | number> = {
        'Content-Type': type,
        'Cache-Control': status === 200 && hashed ? IMMUTABLE : REVALIDATE,
        ETag: etag,
        'Last-Modified': opened.mtime.toUTCString(),
        'X-Content-Type-Options': 'nosniff',
        ...(servedFrom ? { 'X-Thela-Release': servedFrom } : {}),
        ...(options.compress ? { Vary: 'Accept-Encoding' } : {}),
      };
      // The release's _headers (security policy: CSP with this build's hashes, X-Frame-Options...), as a CDN sends
      // them; caching stays the rule above, which says the same as _headers for the paths this server knows.
      const rules = options.headers === false ? [] : await readHeadersRules(root);
      for (const [name, value] of Object.entries(headersForPath(rules, urlPath)))
        if (name.toLowerCase() !== 'cache-control') headers[name] = value;
      if (status === 200 && req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        res.writeHead(304, headers).end();
        return;
      }
      if (encoding) {
        // Read from the handle opened above, like the stream below; packed once per file version and encoding.
        const key = `${opened.file}:${etag}`;
        const body = packed.get(key) ?? compress(await handle.readFile(), encoding);
        packed.set(key, body);
        res.writeHead(status, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      headers['Content-Length'] = opened.size;
      res.writeHead(status, headers);
      if (req.method === 'HEAD' || opened.size === 0) {
        res.end();
        return;
      }
      // The stream reads from the handle opened above: even if the release is pruned now, the bytes stay readable.
      await pipeline(handle.createReadStream({ start: 0, end: opened.size - 1, autoClose: false }), res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal Server Error\n');
      else res.destroy();
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
        log?.error('static.error', { path: urlPath, reason: (error as Error).message });
    } finally {
      await handle.close().catch(() => {});
    }
  };
}

/** A request's path as asked, decoded where it can be. */
function requestedPath(rawUrl: string): string {
  const pathname = rawUrl.split(/[?#]/)[0] ?? '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The encoding a CDN would answer `req` with: brotli when accepted, else gzip, else none. */
function acceptedEncoding(req: IncomingMessage): 'br' | 'gzip' | null {
  const accept = req.headers['accept-encoding'] ?? '';
  return /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
}

/** Compresses as hard as a CDN's static compression does (brotli 11, gzip 9). */
function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(body, { level: 9 });
}

export type SiteServer = Awaited<ReturnType<typeof serveSite>>;

/** Serves the built site in `dir` on 127.0.0.1:`port` (0: a free one) until closed. */
export async function serveSite(dir: string, port: number, options: ServeOptions = {}) {
  let current = dir;
  // Resolved per request, as `current` is: a rebuild may replace the folder while the server runs.
  const site = async (): Promise<Site | null> => {
    const root = await realpath(current).catch(() => null);
    return root ? { root } : null;
  };
  const handle = siteHandler(site, options);
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
  // Node's HTTP/2 compatibility API has every request and response member the handler uses.
  const server = options.tls
    ? createSecureServer({ ...options.tls, allowHTTP1: true }, listener as unknown as Parameters<typeof createSecureServer>[1])
    : createServer(listener);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await once(server.listen(port, '127.0.0.1'), 'listening');
  const address = server.address() as AddressInfo;
  return {
    origin: `${options.tls ? 'https' : 'http'}://127.0.0.1:${address.port}`,
    /** Serves another folder from the next request on, as a release switch does. */
    serve(next: string) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
