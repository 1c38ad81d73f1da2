/**
 * The e2e static server: the site's own (scripts/lib/static-site.ts, as the operators' service serves it) on one
 * built site, keeping the paths asked for and switching to another folder on demand, as a release switch does. Playwright's web server for the built
 * dist (serve-dist.ts), the release-switch, security-policy, order-route and operator-store specs use it.
 */
import { serveSite, type ServeOptions } from '../../../scripts/lib/static-site.ts';

/** A running server: its origin, the paths asked for so far, and the switch to another folder. */
export interface SwitchableServer {
  origin: string;
  requests: string[];
  serve(dir: string): void;
  close(): Promise<void>;
}

export interface ServerOptions extends Pick<ServeOptions, 'headers' | 'redirects'> {
  /** Port on 127.0.0.1 (default: a free one). */
  port?: number;
  /** Keep the paths asked for in `requests` (default true). */
  record?: boolean;
}

/** Starts the server on 127.0.0.1, serving `dir`. */
export async function startSwitchableServer(dir: string, options: ServerOptions = {}): Promise<SwitchableServer> {
  const { port = 0, record = true, ...serve } = options;
  const requests: string[] = [];
  const server = await serveSite(dir, port, { ...serve, onRequest: record ? (path) => requests.push(path) : undefined });
  return { ...server, requests };
}
