/**
 * A static server for the release-switch spec: serves one built site like `astro preview` (directory format,
 * 404.html) and switches to another directory on demand, as an operator's release switch does. Logs every path.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { contentTypeFor } from '../../../scripts/lib/content-types.ts';
import { headersForPath, readHeadersRules } from '../../../scripts/lib/security-policy.ts';

/** A running server: its origin, the directory it serves, and the paths asked for so far. */
export interface SwitchableServer {
  origin: string;
  requests: string[];
  serve(dir: string): void;
  close(): Promise<void>;
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}

/** Starts the server on a free port of 127.0.0.1, serving `dir`. */
export async function startSwitchableServer(dir: string): Promise<SwitchableServer> {
  let root = path.resolve(dir);
  const requests: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      requests.push(pathname);
      const base = path.join(root, pathname);
      if (!base.startsWith(root)) {
        res.writeHead(400).end();
        return;
      }
      const candidates = pathname.endsWith('/') ? [path.join(base, 'index.html')] : [base, path.join(base, 'index.html'), `${base}.html`];
      let file: string | undefined;
      for (const candidate of candidates)
        if (await isFile(candidate)) {
          file = candidate;
          break;
        }
      const status = file ? 200 : 404;
      file ??= path.join(root, '404.html');
      res.writeHead(status, {
        ...headersForPath(await readHeadersRules(root), pathname),
        'Content-Type': contentTypeFor(file),
        'Cache-Control': status === 200 && pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      createReadStream(file).pipe(res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
