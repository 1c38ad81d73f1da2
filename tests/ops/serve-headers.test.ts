import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { rebuild } from '../../scripts/ops/lib/pipeline.ts';
import { resolveCurrent } from '../../scripts/ops/lib/releases.ts';
import { startService, type OpsService } from '../../scripts/ops/lib/server.ts';
import { IMMUTABLE, REVALIDATE } from '../../scripts/lib/static-site.ts';
import { mergeHeadersFile, securityHeaders } from '../../scripts/lib/security-policy.ts';
import { workspace, type Workspace } from './helpers.ts';

const log = memoryLogger();

// The operators' server sends the live release's _headers (the security policy the build wrote) as a CDN would,
// on pages, assets and the 404 page alike, keeping its own caching.
describe('static serving sends the release _headers', () => {
  let ws: Workspace;
  let service: OpsService;
  const headers = securityHeaders({ scriptHashes: new Set(["'sha256-abc='"]), styleHashes: new Set() }, 'https://abcd.supabase.co');

  beforeAll(async () => {
    ws = workspace();
    service = await startService(ws.config, { log, hooks: false });
    await rebuild(ws.config, { log });
    const root = (await resolveCurrent(ws.config))!;
    writeFileSync(
      path.join(root, '_headers'),
      mergeHeadersFile('/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n', headers),
    );
  });
  afterAll(async () => {
    await service.close();
    ws.cleanup();
  });

  test.each(['/', '/no-such-page/'])('%s', async (pathname) => {
    const res = await fetch(`${service.url}${pathname}`);
    for (const [name, value] of Object.entries(headers)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get('cache-control')).toBe(REVALIDATE);
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' https://abcd.supabase.co");
  });

  test('a hashed asset keeps its year-long caching, once', async () => {
    const home = await (await fetch(`${service.url}/`)).text();
    const asset = /\/_astro\/[^"']+/.exec(home)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${service.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  test('the _headers file itself is not served', async () => {
    expect((await fetch(`${service.url}/_headers`)).status).toBe(404);
  });
});
