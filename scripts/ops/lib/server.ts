/** The operators' service: webhook, status, cron schedule and the live site, with one debounced queue so builds never overlap. */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Cron } from 'croner';
import { isRecord } from '../../../src/lib/fields.ts';
import { createVerifier, MIN_SECRET_LENGTH } from './auth.ts';
import { ConfigError, type OpsConfig } from './config.ts';
import type { Logger } from './log.ts';
import { rebuild, recover, type RunResult } from './pipeline.ts';
import { BuildQueue } from './queue.ts';
import { currentRelease } from './releases.ts';
import { pendingStore, replayStore } from './state.ts';
import { createStaticHandler } from './static.ts';

/** REBUILD_WEBHOOK_SECRET is missing or too short while the webhook endpoint is on. */
export class MissingSecretError extends Error {
  override name = 'MissingSecretError';
}

/** `secret`: REBUILD_WEBHOOK_SECRET; `hooks`: serve POST /hooks/rebuild (default true; needs the secret). */
interface ServiceOptions {
  log: Logger;
  secret?: string | undefined;
  hooks?: boolean | undefined;
}

export type OpsService = Awaited<ReturnType<typeof startService>>;

/** When a build finds the lock held by another process (a cron job, say), try again after this long. */
const LOCK_RETRY_MS = 15_000;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

/** Reads the body, or resolves null as soon as it exceeds the limit. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  // A promise settles once: what arrives after the limit, the end or an error is ignored.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) resolve(null);
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** The loggable gist of a Supabase Database Webhook payload. It decides nothing: any authenticated call rebuilds. */
export function describePayload(body: Buffer): Record<string, string | number | null> {
  if (body.length === 0) return { payload: 'empty' };
  let data: unknown;
  try {
    data = JSON.parse(body.toString('utf8'));
  } catch {
    return { payload: 'not-json', bytes: body.length };
  }
  if (!isRecord(data)) return { payload: 'not-an-object', bytes: body.length };
  const field = (key: string, valid: RegExp) => {
    const value = data[key];
    return typeof value === 'string' && valid.test(value) ? value : value === undefined ? null : 'invalid';
  };
  const row = data['record'] ?? data['old_record'];
  const id = isRecord(row) ? row['id'] : undefined;
  return {
    payload: 'json',
    type: field('type', /^(INSERT|UPDATE|DELETE)$/),
    schema: field('schema', IDENTIFIER),
    table: field('table', IDENTIFIER),
    recordId: typeof id === 'number' || (typeof id === 'string' && id.length <= 64 && /^[\w-]+$/.test(id)) ? id : null,
  };
}

export async function startService(config: OpsConfig, options: ServiceOptions) {
  const { log } = options;
  const hooks = options.hooks !== false;
  const secret = options.secret?.trim();
  if (hooks && (!secret || secret.length < MIN_SECRET_LENGTH)) {
    throw new MissingSecretError(
      secret
        ? `REBUILD_WEBHOOK_SECRET is too short (${secret.length} characters; at least ${MIN_SECRET_LENGTH}): refusing to start the webhook endpoint.`
        : 'REBUILD_WEBHOOK_SECRET is not set: refusing to start the webhook endpoint. Set it to a long random value ' +
            '(for example `openssl rand -hex 32`), or start with --no-hooks to run only the schedule and the static site.',
    );
  }
  const verifier =
    hooks && secret ? createVerifier({ secret, toleranceMs: config.service.signatureToleranceMs, store: replayStore(config) }) : undefined;

  const startedAt = new Date().toISOString();
  const shutdown = new AbortController();
  let lastBuild: RunResult | null = null;
  let lastSuccessAt: string | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  // Accepted webhooks are counted on disk until a build that started after them has finished (a 202 is a promise).
  const pending = pendingStore(config);
  let accepted = pending.read()?.count ?? 0;

  const queue = new BuildQueue({
    debounceMs: config.service.debounceMs,
    maxWaitMs: config.service.maxWaitMs,
    run: async (trigger) => {
      const covered = accepted;
      let result: RunResult;
      try {
        result = await rebuild(config, { log, trigger, signal: shutdown.signal });
      } catch (error) {
        log.error('build.error', { reason: (error as Error).message, trigger });
        return;
      }
      // A finished build (good or failed) answers the webhooks before it; an interrupted or locked-out one does not.
      if (covered > 0 && !shutdown.signal.aborted && result.stage !== 'lock') {
        accepted -= covered;
        if (accepted <= 0) {
          accepted = 0;
          pending.clear();
        } else pending.write({ count: accepted, since: new Date().toISOString() });
      }
      lastBuild = result;
      if (result.ok) lastSuccessAt = result.finishedAt;
      const { releaseId, ok, stage, reason, pages, durationMs } = result;
      log[ok ? 'info' : 'warn']('build.done', { releaseId, trigger, ok, stage, reason, pages, durationMs });
      if (result.stage === 'lock' && !shutdown.signal.aborted) {
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => queue.trigger('retry'), Math.max(LOCK_RETRY_MS, config.service.debounceMs));
      }
    },
  });

  let cron: Cron | undefined;
  if (config.service.schedule) {
    try {
      cron = new Cron(
        config.service.schedule,
        {
          ...(config.service.timezone ? { timezone: config.service.timezone } : {}),
          // Started once the server listens, so a refused start leaves no timer behind.
          paused: true,
          protect: true,
          catch: (error) => log.error('schedule.error', { reason: String(error) }),
        },
        () => {
          log.info('schedule.fired', { cron: config.service.schedule });
          queue.trigger('schedule');
        },
      );
    } catch (error) {
      throw new ConfigError(`service.schedule "${config.service.schedule}": ${(error as Error).message}`);
    }
  }

  await recover(config, log);

  const serveStatic = config.service.serveStatic ? createStaticHandler(config, log) : undefined;

  const status = async () => {
    const current = await currentRelease(config);
    const state = queue.state;
    return {
      current: current ? { id: current.id, pages: current.info?.pages, builtAt: current.info?.builtAt } : null,
      building: state.running,
      queued: state.queued,
      lastBuild,
      lastSuccessAt,
      schedule: cron
        ? {
            cron: cron.getPattern() ?? '',
            timezone: config.service.timezone,
            nextRun: cron.nextRun()?.toISOString() ?? null,
          }
        : null,
      hooks,
      serving: Boolean(serveStatic),
      startedAt,
    };
  };

  const onRebuild = async (req: IncomingMessage, res: ServerResponse) => {
    if (!verifier) {
      sendJson(res, 404, { error: 'not found' });
      return;
    }
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'method not allowed' }, { Allow: 'POST' });
      return;
    }
    const limit = config.service.bodyLimitBytes;
    const remote = req.socket.remoteAddress;
    const body = Number(req.headers['content-length'] ?? 0) > limit ? null : await readBody(req, limit);
    if (body === null) {
      log.warn('hook.rejected', { reason: 'too-large', remote });
      // Close rather than read the rest of an oversized body.
      sendJson(res, 413, { error: 'payload too large', limit }, { Connection: 'close' });
      return;
    }
    const verdict = verifier.verify(req.headers, body);
    if (!verdict.ok) {
      log.warn('hook.rejected', { reason: verdict.reason, remote });
      sendJson(res, 401, { error: 'unauthorized' }, { 'WWW-Authenticate': 'Bearer' });
      return;
    }
    // On disk before the 202: if the service stops before the build has run, the next start runs it. The signature
    // is spent only then, and only once saved (no await from the check to here): a request that fails on the way
    // (a full disk answers 500) leaves it unspent, so the sender's retry is accepted.
    pending.write({ count: accepted + 1, since: pending.read()?.since ?? new Date().toISOString() });
    accepted += 1;
    verifier.remember(verdict);
    const state = queue.trigger('webhook');
    log.info('hook.accepted', {
      auth: verdict.method,
      remote,
      ...describePayload(body),
      building: state.running,
      pendingTriggers: state.pendingTriggers,
    });
    sendJson(res, 202, { accepted: true, building: state.running, queued: state.queued });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if (pathname === '/hooks/rebuild') await onRebuild(req, res);
    else if (pathname === '/hooks/status' && !reading) sendJson(res, 405, { error: 'method not allowed' }, { Allow: 'GET, HEAD' });
    else if (pathname === '/hooks/status') sendJson(res, 200, await status());
    else if (pathname.startsWith('/hooks/') || !serveStatic) sendJson(res, 404, { error: 'not found' });
    else await serveStatic(req, res);
  };

  const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      log.error('http.error', { reason: error instanceof Error ? error.message : String(error) });
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });
  try {
    await once(server.listen(config.service.port, config.service.host), 'listening');
  } catch (error) {
    cron?.stop();
    throw error;
  }
  cron?.resume();
  const waiting = pending.read();
  if (waiting) {
    log.info('hook.pending-resumed', { webhooks: waiting.count, since: waiting.since });
    queue.trigger('webhook-pending');
  }
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  log.info('service.listening', {
    url,
    hooks,
    serving: Boolean(serveStatic),
    schedule: config.service.schedule,
    nextRun: cron?.nextRun()?.toISOString() ?? null,
    releasesDir: config.releasesDir,
  });

  let closing: Promise<void> | undefined;
  return {
    url,
    queue,
    status,
    /** Stops the schedule, stops a running build (its release is discarded), closes the server. */
    close(): Promise<void> {
      closing ??= (async () => {
        cron?.stop();
        clearTimeout(retryTimer);
        shutdown.abort();
        await queue.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        log.info('service.stopped');
      })();
      return closing;
    },
  };
}
