import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { lockPath, rebuild, rollback } from '../../scripts/ops/lib/pipeline.ts';
import { processStartTime } from '../../scripts/ops/lib/process.ts';
import { currentRelease, listReleases, MARKER } from '../../scripts/ops/lib/releases.ts';
import { startService } from '../../scripts/ops/lib/server.ts';
import { pageRelease, ROOT, workspace, writeConfigFile, type Workspace } from './helpers.ts';

const log = memoryLogger();
const build = (ws: Workspace, force = false) => rebuild(ws.config, { log, force, trigger: 'test' });
const releaseIds = (ws: Workspace) =>
  readdirSync(ws.config.releasesDir)
    .filter((name) => !name.startsWith('.'))
    .sort();

describe('rebuild', () => {
  test('builds into a new release, marks it complete and switches current to it', async () => {
    const ws = workspace();
    try {
      const result = await build(ws);
      expect(result).toMatchObject({ ok: true, live: true, pages: 10, trigger: 'test' });
      expect(readlinkSync(ws.config.currentLink)).toBe(path.join('releases', result.releaseId!));
      const marker = JSON.parse(readFileSync(path.join(ws.config.releasesDir, result.releaseId!, MARKER), 'utf8'));
      expect(marker).toMatchObject({ id: result.releaseId, pages: 10, trigger: 'test' });
      expect(existsSync(lockPath(ws.config))).toBe(false);
      expect(readFileSync(path.join(ws.config.releasesDir, '.logs', `${result.releaseId}.log`), 'utf8')).toContain('fake build: 10 pages');
    } finally {
      ws.cleanup();
    }
  });

  test('keeps the last N releases and never the secret in the build environment', async () => {
    const ws = workspace({ keepReleases: 2 });
    process.env['REBUILD_WEBHOOK_SECRET'] = 'must-not-reach-the-build';
    try {
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await build(ws)).releaseId!);
      expect(releaseIds(ws)).toEqual(ids.slice(-2));
      expect((await currentRelease(ws.config))?.id).toBe(ids[3]);
      expect(ws.builds().filter((line) => line.what === 'start')).toHaveLength(4);
      expect(ws.builds().some((line) => line.what === 'secret-leaked')).toBe(false);
    } finally {
      delete process.env['REBUILD_WEBHOOK_SECRET'];
      ws.cleanup();
    }
  });

  test('a failing build keeps the old release live and serving, and removes the partial one', async () => {
    const ws = workspace();
    const service = await startService(ws.config, { log, hooks: false });
    try {
      const good = await build(ws);
      ws.control({ fail: true });
      const failed = await build(ws);
      expect(failed).toMatchObject({ ok: false, live: false, stage: 'build', previousId: good.releaseId });
      expect(failed.reason).toMatch(/build failed \(exit 1\): fake build: failing on purpose/);
      expect(releaseIds(ws)).toEqual([good.releaseId]);
      expect((await currentRelease(ws.config))?.id).toBe(good.releaseId);

      const res = await fetch(`${service.url}/p/3/`);
      expect(res.status).toBe(200);
      expect(pageRelease(await res.text()).top).toBe(good.releaseId);

      // The same through the service queue: the status tells what happened.
      service.queue.trigger('test');
      const status = await (async () => {
        for (let i = 0; i < 200; i++) {
          const current = await service.status();
          if (current.lastBuild) return current;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error('no build');
      })();
      expect(status).toMatchObject({
        current: { id: good.releaseId, pages: 10 },
        lastBuild: { ok: false, stage: 'build' },
      });
      expect(pageRelease(await (await fetch(`${service.url}/`)).text()).top).toBe(good.releaseId);
    } finally {
      await service.close();
      ws.cleanup();
    }
  });

  test('refuses a page-count collapse unless forced', async () => {
    const ws = workspace({ maxPageDrop: 0.5 });
    try {
      ws.control({ pages: 40 });
      const good = await build(ws);
      ws.control({ pages: 12 });
      const refused = await build(ws);
      expect(refused).toMatchObject({ ok: false, stage: 'check', pages: 12 });
      expect(refused.reason).toMatch(/page count fell from 40 to 12 \(-70%, limit 50%\)/);
      expect((await currentRelease(ws.config))?.id).toBe(good.releaseId);
      expect(releaseIds(ws)).toEqual([good.releaseId]);

      ws.control({ pages: 25 });
      expect(await build(ws)).toMatchObject({ ok: true, pages: 25 });
      ws.control({ pages: 5 });
      const forced = await build(ws, true);
      expect(forced).toMatchObject({ ok: true, pages: 5 });
      expect(JSON.parse(readFileSync(path.join(ws.config.releasesDir, forced.releaseId!, MARKER), 'utf8')).forced).toBe(true);
    } finally {
      ws.cleanup();
    }
  });

  test('refuses a release without its 404 page or search index', async () => {
    const ws = workspace();
    try {
      ws.control({ skip404: true });
      expect((await build(ws)).reason).toMatch(/missing 404\.html/);
      ws.control({ skipPagefind: true });
      expect((await build(ws)).reason).toMatch(/missing pagefind\/ \(directory\)/);
      expect(await currentRelease(ws.config)).toBeNull();
      expect(releaseIds(ws)).toEqual([]);
    } finally {
      ws.cleanup();
    }
  });

  test('stops a build that runs past its timeout', async () => {
    const ws = workspace({ buildTimeoutSeconds: 1 });
    try {
      ws.control({ sleepMs: 30_000 });
      const result = await build(ws);
      expect(result).toMatchObject({ ok: false, stage: 'build', reason: 'build timed out after 1 s' });
      expect(result.durationMs).toBeLessThan(8000);
      const pid = ws.builds().find((line) => line.what === 'start')!.pid;
      expect(() => process.kill(pid, 0)).toThrow();
      expect(releaseIds(ws)).toEqual([]);
    } finally {
      ws.cleanup();
    }
  });

  test('refuses to build while another live process holds the lock', async () => {
    const ws = workspace();
    try {
      mkdirSync(ws.config.releasesDir, { recursive: true });
      const holder = {
        pid: process.pid,
        startTime: processStartTime(process.pid),
        hostname: os.hostname(),
        acquiredAt: new Date().toISOString(),
      };
      writeFileSync(lockPath(ws.config), JSON.stringify(holder));
      expect(await build(ws)).toMatchObject({
        ok: false,
        stage: 'lock',
        reason: `another build is running (pid ${process.pid})`,
      });
      expect(ws.builds()).toEqual([]);
    } finally {
      ws.cleanup();
    }
  });

  test('takes over a stale lock and removes the partial release a killed run left', async () => {
    const ws = workspace();
    try {
      const good = await build(ws);
      // A PID that surely is dead: a child that has exited.
      const dead = spawnSync(process.execPath, ['-e', '0']).pid;
      writeFileSync(
        lockPath(ws.config),
        JSON.stringify({
          pid: dead,
          hostname: os.hostname(),
          acquiredAt: new Date().toISOString(),
          releaseId: '20000101T000000000Z',
        }),
      );
      mkdirSync(path.join(ws.config.releasesDir, '20000101T000000000Z', 'p'), { recursive: true });
      writeFileSync(path.join(ws.config.releasesDir, '20000101T000000000Z', 'index.html'), 'half');
      const next = await build(ws);
      expect(next).toMatchObject({ ok: true });
      expect(releaseIds(ws)).toEqual([good.releaseId, next.releaseId]);
      expect(existsSync(lockPath(ws.config))).toBe(false);
      expect(log.events.some((event) => event.event === 'lock.stale' && event.pid === dead)).toBe(true);
    } finally {
      ws.cleanup();
    }
  });
});

describe('rollback', () => {
  test('restores the previous release, then the one before, and refuses past the oldest', async () => {
    const ws = workspace();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await build(ws)).releaseId!);
      expect(await rollback(ws.config, { log })).toMatchObject({ ok: true, releaseId: ids[1], previousId: ids[2] });
      expect((await currentRelease(ws.config))?.id).toBe(ids[1]);
      expect(await rollback(ws.config, { log })).toMatchObject({ ok: true, releaseId: ids[0] });
      const none = await rollback(ws.config, { log });
      expect(none).toMatchObject({ ok: false, stage: 'switch' });
      expect(none.reason).toMatch(/no earlier complete release/);
      expect(await rollback(ws.config, { log, to: ids[2] })).toMatchObject({ ok: true, releaseId: ids[2] });
      expect((await rollback(ws.config, { log, to: 'nope' })).reason).toMatch(/no complete release nope/);
    } finally {
      ws.cleanup();
    }
  });

  test('a rebuild after a rollback keeps the rolled-back release', async () => {
    const ws = workspace({ keepReleases: 2 });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await build(ws)).releaseId!);
      // keepReleases 2: ids[0] is gone; roll back to ids[1], then build once more.
      await rollback(ws.config, { log });
      expect((await currentRelease(ws.config))?.id).toBe(ids[1]);
      const next = await build(ws);
      // The release rolled back to (also the one the new build replaced) stays, beside the newest two.
      expect((await listReleases(ws.config)).map((release) => release.id)).toEqual([ids[1], ids[2], next.releaseId]);
    } finally {
      ws.cleanup();
    }
  });
});

describe('the commands', () => {
  const run = (script: string, args: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT, 'scripts/ops', script), ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, THELA_OPS_CONFIG: '' },
    });

  test('rebuild and rollback print one summary line and exit non-zero with the reason', () => {
    const ws = workspace();
    const configFile = writeConfigFile(ws, {
      publishCommand: `echo "published $RELEASE_ID" >> ${path.join(ws.dir, 'published.log')}`,
    });
    try {
      const first = run('rebuild.ts', ['--config', configFile]);
      expect(first.status).toBe(0);
      expect(first.stdout).toMatch(/^rebuild: release \S+ live, 10 pages, \d+\.\d s\n$/);
      expect(first.stderr).toContain('fake build: 10 pages');
      const second = run('rebuild.ts', ['--config', configFile, '--json']);
      expect(second.status).toBe(0);
      const lines = second.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines.map((line) => line.event)).toEqual(
        expect.arrayContaining(['build.start', 'release.live', 'publish.done', 'rebuild.summary']),
      );
      const published = readFileSync(path.join(ws.dir, 'published.log'), 'utf8');
      expect(published.trim().split('\n')).toHaveLength(2);

      ws.control({ fail: true });
      const failed = run('rebuild.ts', ['--config', configFile]);
      expect(failed.status).toBe(1);
      expect(failed.stdout).toBe('');
      expect(failed.stderr).toMatch(
        /rebuild: failed at build after [\d.]+ s: build failed \(exit 1\): fake build: failing on purpose \(release \S+ stays live\)/,
      );

      const back = run('rollback.ts', ['--config', configFile, '--no-publish']);
      expect(back.status).toBe(0);
      expect(back.stdout).toMatch(/^rollback: release \S+ live \(was \S+\)\n$/);
      const list = run('rollback.ts', ['--config', configFile, '--list']);
      expect(list.stdout.split('\n').filter((line) => line.startsWith('*'))).toHaveLength(1);

      expect(run('rebuild.ts', ['--bogus']).status).toBe(2);
      writeFileSync(configFile, JSON.stringify({ releasesdir: 'typo' }));
      const typo = run('rebuild.ts', ['--config', configFile]);
      expect(typo.status).toBe(2);
      expect(typo.stderr).toMatch(/unknown key "releasesdir"/);
    } finally {
      ws.cleanup();
    }
  });
});
