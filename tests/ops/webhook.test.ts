import { mkdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createVerifier, signature } from '../../scripts/ops/lib/auth.ts';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { describePayload, MissingSecretError, startService, type OpsService } from '../../scripts/ops/lib/server.ts';
import { stateDir } from '../../scripts/ops/lib/state.ts';
import { SECRET, workspace, type Workspace } from './helpers.ts';

const supabasePayload = JSON.stringify({
  type: 'UPDATE',
  table: 'products',
  schema: 'public',
  record: { id: 'p-42', name: 'Atta 5 kg', price: 289 },
  old_record: { id: 'p-42', name: 'Atta 5 kg', price: 299 },
});

function signedHeaders(body: string, secret = SECRET, at = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(at / 1000));
  return {
    'content-type': 'application/json',
    'x-thela-timestamp': timestamp,
    'x-thela-signature': `sha256=${signature(secret, timestamp, body)}`,
  };
}

describe('POST /hooks/rebuild', () => {
  let ws: Workspace;
  let service: OpsService;
  const log = memoryLogger();
  const post = (headers: Record<string, string>, body: string | Uint8Array<ArrayBuffer> = supabasePayload) =>
    fetch(`${service.url}/hooks/rebuild`, { method: 'POST', headers, body });

  beforeAll(async () => {
    // A long quiet period: accepted webhooks queue a build that never starts before close() drops it.
    ws = workspace({}, { debounceSeconds: 600 });
    service = await startService(ws.config, { log, secret: SECRET });
  });
  afterAll(async () => {
    await service.close();
    ws.cleanup();
  });

  test('accepts the secret as a bearer token (what a Supabase Database Webhook header sends)', async () => {
    const res = await post({ authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ accepted: true, queued: true });
  });

  test('accepts the secret in x-webhook-secret', async () => {
    expect((await post({ 'x-webhook-secret': SECRET })).status).toBe(202);
  });

  test('answers 401 with no detail for a wrong or missing secret', async () => {
    for (const headers of [
      { authorization: 'Bearer wrong-secret-wrong-secret' },
      { 'x-webhook-secret': `${SECRET}x` },
      { authorization: SECRET },
      {},
    ]) {
      const res = await post(headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'unauthorized' });
    }
  });

  test('accepts a fresh signature once and refuses its replay', async () => {
    const headers = signedHeaders(supabasePayload);
    expect((await post(headers)).status).toBe(202);
    const replay = await post(headers);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: 'unauthorized' });
  });

  test('refuses a stale or future signature', async () => {
    expect((await post(signedHeaders(supabasePayload, SECRET, Date.now() - 6 * 60_000))).status).toBe(401);
    expect((await post(signedHeaders(supabasePayload, SECRET, Date.now() + 6 * 60_000))).status).toBe(401);
  });

  test('refuses a signature made with another secret or over another body', async () => {
    expect((await post(signedHeaders(supabasePayload, 'another-secret-0123456789'))).status).toBe(401);
    expect((await post(signedHeaders('{"type":"INSERT"}'), supabasePayload)).status).toBe(401);
    expect((await post({ ...signedHeaders(supabasePayload), 'x-thela-timestamp': 'yesterday' })).status).toBe(401);
  });

  test('answers 413 to a body over the limit, declared or streamed', async () => {
    const big = new Uint8Array(ws.config.service.bodyLimitBytes + 1).fill(97);
    const res = await post({ authorization: `Bearer ${SECRET}` }, big);
    expect(res.status).toBe(413);

    // Chunked, so the size is only known while reading.
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${service.url}/hooks/rebuild`);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { authorization: `Bearer ${SECRET}`, 'transfer-encoding': 'chunked' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 8; i++) req.write(Buffer.alloc(16 * 1024, 'b'));
      req.end();
    });
    expect(status).toBe(413);
  });

  test('answers 405 with an Allow header to other methods', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await fetch(`${service.url}/hooks/rebuild`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    const status = await fetch(`${service.url}/hooks/status`, { method: 'POST' });
    expect(status.status).toBe(405);
    expect(status.headers.get('allow')).toBe('GET, HEAD');
  });

  test('logs the gist of the Supabase payload and never the secret or a signature', async () => {
    const headers = signedHeaders(supabasePayload);
    await post(headers);
    const accepted = log.events.filter((event) => event.event === 'hook.accepted');
    expect(accepted.at(-1)).toMatchObject({
      auth: 'signature',
      type: 'UPDATE',
      table: 'products',
      schema: 'public',
      recordId: 'p-42',
    });
    const everything = JSON.stringify(log.events);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(headers['x-thela-signature']!.slice(7));
    expect(everything).not.toContain('Atta');
    expect(log.events.filter((event) => event.event === 'hook.rejected').map((event) => event.reason)).toEqual(
      expect.arrayContaining(['bad-secret', 'missing', 'replayed', 'stale', 'bad-signature', 'bad-timestamp', 'too-large']),
    );
  });

  test('GET /hooks/status reports the queue and no secrets', async () => {
    const res = await fetch(`${service.url}/hooks/status`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({
      current: null,
      building: false,
      queued: true,
      lastBuild: null,
      hooks: true,
      serving: true,
    });
    expect(JSON.stringify(body)).not.toContain(SECRET);
  });
});

describe('startService', () => {
  test('refuses to start the hook endpoint without a secret, with a clear message', async () => {
    const ws = workspace();
    try {
      await expect(startService(ws.config, { log: memoryLogger() })).rejects.toThrow(MissingSecretError);
      await expect(startService(ws.config, { log: memoryLogger(), secret: '  ' })).rejects.toThrow(/REBUILD_WEBHOOK_SECRET is not set/);
      await expect(startService(ws.config, { log: memoryLogger(), secret: 'short' })).rejects.toThrow(/too short/);
      const service = await startService(ws.config, { log: memoryLogger(), hooks: false });
      const res = await fetch(`${service.url}/hooks/rebuild`, { method: 'POST' });
      expect(res.status).toBe(404);
      await service.close();
    } finally {
      ws.cleanup();
    }
  });

  test('reports a port in use', async () => {
    const ws = workspace();
    const first = await startService(ws.config, { log: memoryLogger(), hooks: false });
    try {
      const port = Number(new URL(first.url).port);
      const taken = { ...ws.config, service: { ...ws.config.service, port, schedule: '* * * * *' } };
      await expect(startService(taken, { log: memoryLogger(), hooks: false })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
      ws.cleanup();
    }
  });
});

describe('a signed webhook whose request failed', () => {
  test('is accepted when the sender retries it: a failed save of replay.json or pending.json spends nothing', async () => {
    const ws = workspace({}, { debounceSeconds: 600 });
    const log = memoryLogger();
    const service = await startService(ws.config, { log, secret: SECRET });
    try {
      const state = stateDir(ws.config);
      mkdirSync(state, { recursive: true });
      for (const blocked of ['replay.json', 'pending.json']) {
        const headers = signedHeaders(`{"type":"UPDATE","table":"${blocked}"}`);
        const post = () =>
          fetch(`${service.url}/hooks/rebuild`, { method: 'POST', headers, body: `{"type":"UPDATE","table":"${blocked}"}` });
        // A folder where the file belongs: its atomic rename fails, as a write does on a full disk.
        rmSync(path.join(state, blocked), { force: true });
        mkdirSync(path.join(state, blocked, 'x'), { recursive: true });
        expect((await post()).status).toBe(500);
        rmSync(path.join(state, blocked), { recursive: true });
        expect((await post()).status).toBe(202);
        // Spent now: a third copy is a replay.
        expect((await post()).status).toBe(401);
      }
      expect(log.events.filter((entry) => entry.event === 'hook.rejected').map((entry) => entry['reason'])).toEqual([
        'replayed',
        'replayed',
      ]);
    } finally {
      await service.close();
      ws.cleanup();
    }
  });
});

describe('createVerifier', () => {
  test('accepts a signature inside the window and forgets it once it expired', () => {
    let now = 1_800_000_000_000;
    const verifier = createVerifier({ secret: SECRET, toleranceMs: 300_000, now: () => now });
    const body = Buffer.from('{}');
    const headers = signedHeaders('{}', SECRET, now - 299_000);
    const verdict = verifier.verify(headers, body);
    expect(verdict).toMatchObject({ ok: true, method: 'signature' });
    // Checked, not spent: until the request is accepted, the same signature passes again.
    expect(verifier.verify(headers, body)).toMatchObject({ ok: true, method: 'signature' });
    verifier.remember(verdict);
    expect(verifier.verify(headers, body)).toEqual({ ok: false, reason: 'replayed' });
    now += 10 * 60_000;
    expect(verifier.verify(headers, body)).toEqual({ ok: false, reason: 'stale' });
    expect(verifier.verify(signedHeaders('{}', SECRET, now - 301_000), body)).toEqual({ ok: false, reason: 'stale' });
  });

  test('a signature whose save failed is not spent', () => {
    let failSave = true;
    const saved: Array<Array<[string, number]>> = [];
    const store = {
      load: () => [],
      save: (entries: Array<[string, number]>) => {
        if (failSave) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        saved.push(entries);
      },
    };
    const verifier = createVerifier({ secret: SECRET, toleranceMs: 300_000, store });
    const headers = signedHeaders('{}');
    expect(() => verifier.remember(verifier.verify(headers, Buffer.from('{}')))).toThrow(/ENOSPC/);
    failSave = false;
    const retry = verifier.verify(headers, Buffer.from('{}'));
    expect(retry).toMatchObject({ ok: true, method: 'signature' });
    verifier.remember(retry);
    expect(saved).toHaveLength(1);
    expect(verifier.verify(headers, Buffer.from('{}'))).toEqual({ ok: false, reason: 'replayed' });
  });

  test('prefers the signature when both forms are sent', () => {
    const verifier = createVerifier({ secret: SECRET, toleranceMs: 300_000 });
    const headers = { ...signedHeaders('{}', 'another-secret-0123456789'), authorization: `Bearer ${SECRET}` };
    expect(verifier.verify(headers, Buffer.from('{}'))).toEqual({ ok: false, reason: 'bad-signature' });
  });
});

describe('describePayload', () => {
  test('keeps only well-formed names and ids', () => {
    expect(describePayload(Buffer.from(supabasePayload))).toEqual({
      payload: 'json',
      type: 'UPDATE',
      schema: 'public',
      table: 'products',
      recordId: 'p-42',
    });
    expect(describePayload(Buffer.from('{"type":"DROP","table":"x; drop table","record":{"id":"<script>"}}'))).toEqual({
      payload: 'json',
      type: 'invalid',
      schema: null,
      table: 'invalid',
      recordId: null,
    });
    expect(describePayload(Buffer.from('not json'))).toEqual({ payload: 'not-json', bytes: 8 });
    expect(describePayload(Buffer.alloc(0))).toEqual({ payload: 'empty' });
  });
});
