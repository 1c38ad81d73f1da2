import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { lockPath, rebuild } from '../../scripts/ops/lib/pipeline.ts';
import { groupAlive, killGroup } from '../../scripts/ops/lib/process.ts';
import { currentRelease } from '../../scripts/ops/lib/releases.ts';
import { ROOT, SECRET, waitFor, workspace, writeConfigFile } from './helpers.ts';

interface Running {
  child: ChildProcess;
  events: Array<Record<string, unknown>>;
  url: string;
  exited: Promise<number | null>;
}

/** Starts `scripts/ops/service.ts` as its own process and waits until it listens. */
async function startProcess(configFile: string): Promise<Running> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/ops/service.ts'), '--config', configFile], {
    cwd: ROOT,
    env: { ...process.env, REBUILD_WEBHOOK_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: Array<Record<string, unknown>> = [];
  let buffer = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) if (line.trim()) events.push(JSON.parse(line));
  });
  child.stderr.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = await waitFor(() => events.find((event) => event.event === 'service.listening'), 15_000);
  return { child, events, url: listening.url as string, exited };
}

test('the service restarts cleanly after being killed mid-build: no stale lock, partial release gone', async () => {
  const ws = workspace();
  const log = memoryLogger();
  const configFile = writeConfigFile(ws, { service: { host: '127.0.0.1', port: 0, debounceSeconds: 0.05 } });
  const started: Running[] = [];
  let orphan: number | undefined;
  try {
    const good = await rebuild(ws.config, { log });
    ws.control({ sleepMs: 60_000 });

    const first = await startProcess(configFile);
    started.push(first);
    const hook = () => fetch(`${first.url}/hooks/rebuild`, { method: 'POST', headers: { authorization: `Bearer ${SECRET}` } });
    expect((await hook()).status).toBe(202);
    // Mid-build: the lock names the build's process group and the fake build has written part of the site.
    const lock = await waitFor(() => {
      if (!existsSync(lockPath(ws.config))) return undefined;
      const info = JSON.parse(readFileSync(lockPath(ws.config), 'utf8'));
      return info.buildPid && ws.builds().some((line) => line.what === 'start') ? info : undefined;
    }, 10_000);
    orphan = lock.buildPid as number;
    const partial = path.join(ws.config.releasesDir, lock.releaseId);
    await waitFor(() => existsSync(path.join(partial, 'index.html')), 5000);

    first.child.kill('SIGKILL');
    await first.exited;
    // What a crash leaves: the lock, the half-built release, and a build still running without its parent.
    expect(existsSync(lockPath(ws.config))).toBe(true);
    expect(existsSync(partial)).toBe(true);
    expect(groupAlive(orphan)).toBe(true);

    ws.control({});
    const second = await startProcess(configFile);
    started.push(second);
    expect(existsSync(lockPath(ws.config))).toBe(false);
    expect(existsSync(partial)).toBe(false);
    expect(groupAlive(orphan)).toBe(false);
    expect((await currentRelease(ws.config))?.id).toBe(good.releaseId);
    const names = second.events.map((event) => event.event);
    expect(names).toEqual(expect.arrayContaining(['lock.stale', 'build.orphan-stopped', 'release.partial-removed']));

    // And it builds again.
    expect((await fetch(`${second.url}/hooks/rebuild`, { method: 'POST', headers: { 'x-webhook-secret': SECRET } })).status).toBe(202);
    const status = await waitFor(async () => {
      const body = (await (await fetch(`${second.url}/hooks/status`)).json()) as {
        lastBuild: { ok: boolean; releaseId: string } | null;
      };
      return body.lastBuild;
    }, 10_000);
    expect(status.ok).toBe(true);
    expect((await currentRelease(ws.config))?.id).toBe(status.releaseId);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.events.at(-1)).toMatchObject({ event: 'service.stopped' });
  } finally {
    for (const running of started) if (running.child.exitCode === null) running.child.kill('SIGKILL');
    if (orphan && groupAlive(orphan)) await killGroup(orphan, 500);
    ws.cleanup();
  }
});

test('SIGTERM during a build stops the build, discards its release and releases the lock', async () => {
  const ws = workspace();
  const configFile = writeConfigFile(ws, { service: { port: 0, debounceSeconds: 0.05 } });
  let running: Running | undefined;
  let buildPid: number | undefined;
  try {
    ws.control({ sleepMs: 60_000 });
    running = await startProcess(configFile);
    await fetch(`${running.url}/hooks/rebuild`, { method: 'POST', headers: { authorization: `Bearer ${SECRET}` } });
    const lock = await waitFor(
      () =>
        existsSync(lockPath(ws.config)) &&
        JSON.parse(readFileSync(lockPath(ws.config), 'utf8')).buildPid &&
        JSON.parse(readFileSync(lockPath(ws.config), 'utf8')),
      10_000,
    );
    buildPid = lock.buildPid;
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(groupAlive(buildPid!)).toBe(false);
    expect(existsSync(lockPath(ws.config))).toBe(false);
    expect(existsSync(path.join(ws.config.releasesDir, lock.releaseId))).toBe(false);
  } finally {
    if (running?.child.exitCode === null) running.child.kill('SIGKILL');
    if (buildPid && groupAlive(buildPid)) await killGroup(buildPid, 500);
    ws.cleanup();
  }
});
