/**
 * Serves the live release for operators without a CDN. Each request resolves `current` once and answers entirely
 * from that release (the file is opened before the headers go out), so a switch mid-request cannot mix releases.
 * Hashed assets under /_astro/ are immutable for a year and, when a page from the previous release asks for one the
 * new release lacks, come from the retained releases; everything else is revalidated (no-cache + ETag). The
 * release's `_redirects` applies where no file answers (scripts/lib/redirects.ts: `/orders/{id}` is the order page).
 */
import type { FileHandle } from 'node:fs/promises';
import { open, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { OpsConfig } from './config.ts';
import type { Logger } from './log.ts';
import { listReleases, resolveCurrent } from './releases.ts';
import { contentTypeFor } from '../../lib/content-types.ts';
import { isLocalDestination, matchRedirect, readRedirectRules } from '../../lib/redirects.ts';
import { headersForPath, readHeadersRules } from '../../lib/security-policy.ts';

/** Cache-Control for content-hashed files (their name changes when their bytes do). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control for everything else: keep a copy, but ask (ETag) before using it. */
export const REVALIDATE = 'no-cache';

/** URL prefixes whose files are content-hashed. */
const HASHED_PREFIXES = ['/_astro/'];

/** Files in a release that are CDN configuration, not content. */
const HIDDEN_FILES = new Set(['_headers', '_redirects']);

interface Opened {
  handle: FileHandle;
  file: string;
  size: number;
  mtime: Date;
  etag: string;
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
  for (const segment of segments) {
    // Dot segments: '..' (traversal, also when it arrived as %2e%2e or %2f), and hidden files such as .release.json.
    if (segment.startsWith('.') && segment !== '.well-known') return null;
  }
  if (segments.length === 1 && HIDDEN_FILES.has(segments[0] ?? '')) return null;
  return segments;
}

async function openFile(root: string, candidate: string): Promise<Opened | null> {
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    return null;
  }
  // A symlink inside the release must not lead out of it.
  if (!inside(root, real)) return null;
  let handle: FileHandle;
  try {
    handle = await open(real, 'r');
  } catch {
    return null;
  }
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    return null;
  }
  const etag = `"${info.ino.toString(36)}-${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  return { handle, file: real, size: info.size, mtime: info.mtime, etag };
}

/** Finds the file for a path inside one release: the file, a directory's index.html, or `<path>.html`. */
async function lookup(root: string, segments: string[]): Promise<Opened | null> {
  const base = path.join(root, ...segments);
  if (!inside(root, base)) return null;
  const isDir = await stat(base).then(
    (info) => info.isDirectory(),
    () => false,
  );
  if (isDir) return openFile(root, path.join(base, 'index.html'));
  return (await openFile(root, base)) ?? (segments.length ? openFile(root, `${base}.html`) : null);
}

/** A request handler for GET and HEAD of the live release. */
export function createStaticHandler(config: OpsConfig, log: Logger): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed\n');
      return;
    }
    const root = await resolveCurrent(config);
    if (!root) {
      res.writeHead(503, {
        'Retry-After': '30',
        'Cache-Control': 'no-store',
        'Content-Type': 'text/plain; charset=utf-8',
      });
      res.end('No release is live yet.\n');
      return;
    }
    const releaseId = path.basename(root);
    const segments = safeSegments(req.url ?? '/');
    const urlPath = `/${(segments ?? []).join('/')}`;
    const hashed = HASHED_PREFIXES.some((prefix) => urlPath.startsWith(prefix));

    // The release's _redirects: a rewrite (200) serves its page with the URL kept, when no file answers the path.
    const redirect = segments ? matchRedirect(await readRedirectRules(root), urlPath) : null;
    let opened = segments && !redirect?.force ? await lookup(root, segments) : null;
    let servedFrom = releaseId;
    if (!opened && segments && hashed) {
      // A page of the previous release may still ask for its assets after the switch: look in the retained ones.
      for (const release of (await listReleases(config)).filter((item) => item.info).reverse()) {
        if (release.id === releaseId) continue;
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
    let status = 200;
    if (!opened) {
      status = 404;
      opened = await openFile(root, path.join(root, '404.html'));
      if (!opened) {
        res.writeHead(404, { 'Cache-Control': REVALIDATE, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n');
        return;
      }
    }

    const found = opened;
    const { handle } = found;
    try {
      const headers: Record<string, string | number> = {
        'Content-Type': contentTypeFor(found.file),
        'Cache-Control': status === 200 && hashed ? IMMUTABLE : REVALIDATE,
        ETag: found.etag,
        'Last-Modified': found.mtime.toUTCString(),
        'X-Content-Type-Options': 'nosniff',
        'X-Thela-Release': servedFrom,
      };
      // The release's _headers (security policy: CSP with this build's hashes, X-Frame-Options...), as a CDN sends
      // them; caching stays the rule above, which says the same as _headers for the paths this server knows.
      for (const [name, value] of Object.entries(headersForPath(await readHeadersRules(root), urlPath)))
        if (name.toLowerCase() !== 'cache-control') headers[name] = value;
      if (status === 200 && req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === found.etag)) {
        res.writeHead(304, headers).end();
        return;
      }
      headers['Content-Length'] = found.size;
      res.writeHead(status, headers);
      if (req.method === 'HEAD' || found.size === 0) {
        res.end();
        return;
      }
      // The stream reads from the handle opened above: even if the release is pruned now, the bytes stay readable.
      await pipeline(handle.createReadStream({ start: 0, end: found.size - 1, autoClose: false }), res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal Server Error\n');
      else res.destroy();
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
        log.error('static.error', { path: urlPath, reason: (error as Error).message });
    } finally {
      await handle.close().catch(() => {});
    }
  };
}
