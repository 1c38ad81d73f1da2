/** The four operator faults of issue 13 (item 5), each reproduced as an operator meets it. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { signature } from '../../scripts/ops/lib/auth.ts';
import { acquireLock } from '../../scripts/ops/lib/lock.ts';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { lockPath, rebuild, rollback } from '../../scripts/ops/lib/pipeline.ts';
import { currentRelease } from '../../scripts/ops/lib/releases.ts';
import { startService } from '../../scripts/ops/lib/server.ts';
import { pendingStore } from '../../scripts/ops/lib/state.ts';
import { ROOT, SECRET, waitFor, workspace, writeConfigFile, type Workspace } from './helpers.ts';

const releaseIds = (ws: Workspace) =>
  readdirSync(ws.config.releasesDir)
    .filter((name) => !name.startsWith('.'))
    .sort();

const runCli = (script: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [path.join(ROOT, 'scripts/ops', script), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, THELA_OPS_CONFIG: '', ...env },
  });

describe('pruning', () => {
  test('a rebuild after a rollback keeps the release rolled back to, and the one it replaced', async () => {
    const log = memoryLogger();
    const ws = workspace({ keepReleases: 2 });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await rebuild(ws.config, { log, trigger: 'test' })).releaseId!);
      expect(releaseIds(ws)).toEqual(ids.slice(-2));
      // The newest release is bad: back to the one before it.
      expect((await rollback(ws.config, { log })).releaseId).toBe(ids[1]);
      const fixed = (await rebuild(ws.config, { log, trigger: 'test' })).releaseId!;
      expect(releaseIds(ws)).toContain(ids[1]);
      const next = (await rebuild(ws.config, { log, trigger: 'test' })).releaseId!;
      expect((await currentRelease(ws.config))?.id).toBe(next);
      // The live one, the one before it, and the one an operator rolled back to all survive.
      expect(releaseIds(ws)).toEqual(expect.arrayContaining([ids[1], fixed, next]));
      const pruned = log.events.filter((entry) => entry.event === 'release.pruned').flatMap((entry) => entry['releaseIds'] as string[]);
      expect(pruned).not.toContain(ids[1]);
      // A plain rollback now lands on the release the fix replaced, never on a deleted one.
      expect((await rollback(ws.config, { log })).releaseId).toBe(fixed);
    } finally {
      ws.cleanup();
    }
  });
});

describe('failure reports', () => {
  test("a failed build's cause line reaches /hooks/status and the CLI summary, without secrets", async () => {
    const ws = workspace();
    const key = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    // A build that fails as one did when Supabase was down: the cause, a stack, then a wrapper's line.
    const failing = path.join(ws.dir, 'failing-build.mjs');
    writeFileSync(
      failing,
      [
        "console.log('building catalogue...');",
        'console.error(`Catalogue unavailable, build stopped: Supabase read of categories failed: fetch failed ' +
          '(connect ECONNREFUSED 127.0.0.1:54321) apikey=${process.env.PUBLIC_SUPABASE_ANON_KEY}`);',
        "console.error('    at loadCatalogue (file:///srv/thela/src/lib/catalogue/loader.ts:40:11)');",
        "console.error('build: astro build failed (exit 1)');",
        'process.exit(1);',
      ].join('\n'),
    );
    const buildCommand = [process.execPath, failing];
    const env = { PUBLIC_SUPABASE_ANON_KEY: key };
    Object.assign(process.env, env);
    const log = memoryLogger();
    try {
      await rebuild(ws.config, { log, trigger: 'test' }); // a good release is live first
      ws.config.buildCommand = buildCommand;
      const service = await startService(ws.config, { log, hooks: false });
      try {
        service.queue.trigger('test');
        await waitFor(async () => (await service.status()).lastBuild);
        const status = (await (await fetch(`${service.url}/hooks/status`)).json()) as {
          lastBuild: { reason: string };
        };
        expect(status.lastBuild.reason).toMatch(
          /^build failed \(exit 1\): Catalogue unavailable, build stopped: Supabase read of categories failed: .*ECONNREFUSED/,
        );
        expect(JSON.stringify(status)).not.toContain(key);
        expect(JSON.stringify(log.events)).not.toContain(key);
      } finally {
        await service.close();
      }

      const configFile = writeConfigFile(ws, { buildCommand });
      const cli = runCli('rebuild.ts', ['--config', configFile, '--json'], env);
      expect(cli.status).toBe(1);
      const summary = cli.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .find((line) => line.event === 'rebuild.summary');
      expect(summary.reason).toContain('Catalogue unavailable, build stopped: Supabase read of categories failed');
      expect(cli.stdout).not.toContain(key);
      const text = runCli('rebuild.ts', ['--config', configFile], env);
      expect(text.stderr).toMatch(/rebuild: failed at build after [\d.]+ s: build failed \(exit 1\): Catalogue unavailable/);
    } finally {
      delete process.env['PUBLIC_SUPABASE_ANON_KEY'];
      ws.cleanup();
    }
  });

  test('a rebuild refused by the lock names the live release', async () => {
    const ws = workspace();
    try {
      const live = (await rebuild(ws.config, { log: memoryLogger(), trigger: 'test' })).releaseId!;
      const lock = await acquireLock(lockPath(ws.config));
      try {
        const cli = runCli('rebuild.ts', ['--config', writeConfigFile(ws)]);
        expect(cli.status).toBe(75);
        expect(cli.stderr).toContain(`release ${live} stays live`);
        expect(cli.stderr).not.toContain('nothing is live');
      } finally {
        lock.release();
      }
    } finally {
      ws.cleanup();
    }
  });
});

describe('the service across a restart', () => {
  test('a replayed signed webhook stays refused, and an accepted pending one is built after the restart', async () => {
    const ws = workspace({}, { debounceSeconds: 600 });
    const log = memoryLogger();
    const body = '{"type":"UPDATE","table":"products"}';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'content-type': 'application/json',
      'x-thela-timestamp': timestamp,
      'x-thela-signature': `sha256=${signature(SECRET, timestamp, body)}`,
    };
    try {
      const first = await startService(ws.config, { log, secret: SECRET });
      const post = (url: string) => fetch(`${url}/hooks/rebuild`, { method: 'POST', headers, body });
      expect((await post(first.url)).status).toBe(202);
      expect((await post(first.url)).status).toBe(401);
      // Stopped (what SIGTERM does) while the build still waits out its quiet period: nothing was built.
      await first.close();
      expect(ws.builds()).toHaveLength(0);
      expect(pendingStore(ws.config).read()?.count).toBe(1);

      ws.config.service.debounceMs = 20;
      const second = await startService(ws.config, { log, secret: SECRET });
      try {
        expect((await post(second.url)).status).toBe(401);
        await waitFor(() => ws.builds().some((line) => line.what === 'end'), 10_000);
        await waitFor(async () => (await second.status()).lastBuild?.ok);
        await second.queue.idle();
        expect(existsSync(pendingStore(ws.config).file)).toBe(false);
        expect(log.events.map((entry) => entry.event)).toContain('hook.pending-resumed');
      } finally {
        await second.close();
      }
      // A third start has nothing left to build.
      const third = await startService(ws.config, { log, secret: SECRET });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await third.status()).queued).toBe(false);
      await third.close();
      expect(ws.builds().filter((line) => line.what === 'start')).toHaveLength(1);
    } finally {
      ws.cleanup();
    }
  });
});
