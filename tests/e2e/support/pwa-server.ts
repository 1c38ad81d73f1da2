/**
 * The e2e static server: serves one built site as a static host does (directory format, 404.html with status 404,
 * the build's `_redirects` applied where no file answers unless `redirects: false`, its `_headers` unless
 * `headers: false`) and switches to another directory on demand, as an operator's release switch does. Playwright's
 * web server for the built dist (serve-dist.ts), the release-switch, security-policy and order-route specs use it.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { contentTypeFor } from '../../../scripts/lib/content-types.ts';
import { isLocalDestination, matchRedirect, readRedirectRules } from '../../../scripts/integrations/redirects.ts';
import { headersForPath, readHeadersRules } from '../../../scripts/lib/security-policy.ts';

/** A running server: its origin, the directory it serves, and the paths asked for so far. */
export interface SwitchableServer {
  origin: string;
  requests: string[];
  serve(dir: string): void;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Port on 127.0.0.1 (default: a free one). */
  port?: number;
  /** Send the build's `_headers` (security policy) as a CDN does (default true). */
  headers?: boolean;
  /** Apply the build's `_redirects` (default true); false serves it as a host without rewrites does. */
  redirects?: boolean;
  /** Keep the paths asked for in `requests` (default true). */
  record?: boolean;
}

/** Files of a build that configure the host and are never served. */
const HOST_FILES = new Set(['/_headers', '/_redirects']);

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}

/** The file that answers `pathname` in `root`: the file, a directory's index.html, or `<path>.html`. */
async function lookup(root: string, pathname: string): Promise<string | undefined> {
  const base = path.join(root, pathname);
  if (base !== root && !base.startsWith(`${root}${path.sep}`)) return undefined;
  const candidates = pathname.endsWith('/') ? [path.join(base, 'index.html')] : [base, path.join(base, 'index.html'), `${base}.html`];
  for (const candidate of candidates) if (await isFile(candidate)) return candidate;
  return undefined;
}

/** Starts the server on 127.0.0.1, serving `dir`. */
export async function startSwitchableServer(dir: string, options: ServerOptions = {}): Promise<SwitchableServer> {
  const { port: wanted = 0, headers = true, redirects = true, record = true } = options;
  let root = path.resolve(dir);
  const requests: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      } catch {
        res.writeHead(400).end();
        return;
      }
      if (record) requests.push(pathname);
      const redirect = redirects ? matchRedirect(await readRedirectRules(root), pathname) : null;
      let file = HOST_FILES.has(pathname) || redirect?.force ? undefined : await lookup(root, pathname);
      if (!file && redirect) {
        if (redirect.status >= 300 && redirect.status < 400) {
          res.writeHead(redirect.status, { Location: redirect.to }).end();
          return;
        }
        if (redirect.status === 200 && isLocalDestination(redirect.to)) file = await lookup(root, redirect.to);
      }
      const status = file ? 200 : 404;
      file ??= path.join(root, '404.html');
      if (!(await isFile(file))) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n');
        return;
      }
      res.writeHead(status, {
        ...(headers ? headersForPath(await readHeadersRules(root), pathname) : {}),
        'Content-Type': contentTypeFor(file),
        'Cache-Control': status === 200 && pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      createReadStream(file).pipe(res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    serve(next) {
      root = path.resolve(next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
