import { describe, expect, test } from 'vitest';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { BuildQueue } from '../../scripts/ops/lib/queue.ts';
import { startService } from '../../scripts/ops/lib/server.ts';
import { SECRET, waitFor, workspace } from './helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('BuildQueue', () => {
  test('folds triggers during a build into exactly one more build', async () => {
    const runs: string[] = [];
    let active = 0;
    let overlapped = false;
    const queue = new BuildQueue({
      debounceMs: 20,
      maxWaitMs: 1000,
      run: async (trigger) => {
        overlapped ||= active > 0;
        active++;
        runs.push(trigger);
        await sleep(150);
        active--;
      },
    });
    queue.trigger('a');
    await waitFor(() => queue.state.running, 2000, 5);
    for (let i = 0; i < 10; i++) queue.trigger('b');
    expect(queue.state).toMatchObject({ running: true, queued: true, pendingTriggers: 10 });
    await queue.idle();
    expect(runs).toEqual(['a', 'b+9']);
    expect(overlapped).toBe(false);
    await queue.stop();
  });

  test('a steady stream of triggers postpones the build no longer than maxWait', async () => {
    const started: number[] = [];
    const queue = new BuildQueue({ debounceMs: 100, maxWaitMs: 250, run: async () => void started.push(Date.now()) });
    const begin = Date.now();
    for (let i = 0; i < 40 && Date.now() - begin < 800; i++) {
      queue.trigger('row');
      await sleep(20);
    }
    expect(started.length).toBeGreaterThanOrEqual(1);
    // Due at 250 ms; the slack is for a loaded machine.
    expect(started[0]! - begin).toBeLessThan(600);
    await queue.stop();
  });

  test('stop() drops the waiting build', async () => {
    let runs = 0;
    const queue = new BuildQueue({
      debounceMs: 50,
      maxWaitMs: 50,
      run: async () => {
        runs++;
      },
    });
    queue.trigger('x');
    await queue.stop();
    await sleep(100);
    expect(runs).toBe(0);
    expect(queue.trigger('y')).toMatchObject({ queued: false });
  });
});

describe('the service queue', () => {
  test('50 webhooks in 2 seconds make at most 2 builds, never two at once', async () => {
    // maxWait 1 s: the first build starts mid-burst, so the rest of the burst arrives while it runs.
    const ws = workspace({}, { debounceSeconds: 0.3, maxWaitSeconds: 1 });
    ws.control({ sleepMs: 300 });
    const service = await startService(ws.config, { log: memoryLogger(), secret: SECRET });
    try {
      const begin = Date.now();
      const statuses: number[] = [];
      let sawBuilding = false;
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${service.url}/hooks/rebuild`, {
          method: 'POST',
          headers: { 'x-webhook-secret': SECRET },
          body: `{"type":"UPDATE","table":"products","record":{"id":${i}}}`,
        });
        statuses.push(res.status);
        sawBuilding ||= ((await res.json()) as { building: boolean }).building;
        // Spread over 2 s; the loop is bounded by its count either way.
        await sleep(Math.max(0, begin + ((i + 1) * 2000) / 50 - Date.now()));
      }
      expect(statuses.every((status) => status === 202)).toBe(true);
      expect(sawBuilding).toBe(true);
      await waitFor(async () => {
        const status = await service.status();
        return !status.building && !status.queued && status.lastBuild;
      }, 10_000);

      const builds = ws.builds();
      const starts = builds.filter((line) => line.what === 'start');
      expect(starts.length).toBeGreaterThanOrEqual(1);
      expect(starts.length).toBeLessThanOrEqual(2);
      // Each build ended before the next one started.
      for (let i = 1; i < starts.length; i++) {
        const previousEnd = builds.find((line) => line.what === 'end' && line.id === starts[i - 1]!.id)!;
        expect(previousEnd.at).toBeLessThanOrEqual(starts[i]!.at);
      }
      const status = await service.status();
      expect(status.lastBuild).toMatchObject({ ok: true });
      expect(status.current?.id).toBe(starts.at(-1)!.id);
    } finally {
      await service.close();
      ws.cleanup();
    }
  });

  test('the schedule triggers a build through the same path', async () => {
    const ws = workspace({}, { schedule: '* * * * * *', debounceSeconds: 0.05 });
    const service = await startService(ws.config, { log: memoryLogger(), hooks: false });
    try {
      const status = await service.status();
      expect(status.schedule).toMatchObject({ cron: '* * * * * *' });
      expect(Date.parse(status.schedule!.nextRun!)).toBeGreaterThan(Date.now() - 1000);
      const built = await waitFor(async () => (await service.status()).lastBuild, 8000);
      expect(built).toMatchObject({ ok: true, trigger: expect.stringMatching(/^schedule/) });
      expect((await service.status()).current?.id).toBe(built.releaseId);
    } finally {
      await service.close();
      ws.cleanup();
    }
  });

  test('an invalid cron expression is refused at start', async () => {
    const ws = workspace({}, { schedule: 'every day' });
    try {
      await expect(startService(ws.config, { log: memoryLogger(), hooks: false })).rejects.toThrow(/service\.schedule "every day"/);
    } finally {
      ws.cleanup();
    }
  });
});
