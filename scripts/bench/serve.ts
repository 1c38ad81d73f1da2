/**
 * The bench's server for a build: the site's static server (scripts/ops/lib/static.ts, as the operators serve a
 * release: `_headers`, `_redirects`, 404.html, year-long caching for /_astro/), compressing text with brotli or gzip
 * as a CDN does. Listens on 127.0.0.1 only.
 */
import { serveSite, type SiteServer } from '../ops/lib/static.ts';

/** A running static server. */
export type StaticServer = SiteServer;

/** Serves `root` on 127.0.0.1:`port` until closed. */
export function serveStatic(root: string, port: number): Promise<StaticServer> {
  return serveSite(root, port, { compress: true });
}
