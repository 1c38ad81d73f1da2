/** Measured child processes (wall time, CPU, peak memory per step, timed output lines) and the shared build lock. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import { readFile, readdir } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { procStat } from '../ops/lib/process.ts';

export const BUILD_LOCK = '/tmp/thela-build.lock';

/** One line a command printed, with when it arrived (ms after the command started). */
export type TimedLine = { atMs: number; text: string };

export type Measured = Awaited<ReturnType<typeof runMeasured>>;
type StepOf = (argv: readonly string[]) => string | null;

/** Resident memory (KiB) of a process tree from /proc; with `stepOf`, that of each step's subtree and its CPU time. */
async function sampleTree(rootPid: number, stepOf?: StepOf) {
  const procs = new Map<number, { ppid: number; rssKb: number; cpuMs: number; argv: string[] }>();
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  await Promise.all(
    pids.map(async (pid) => {
      try {
        const [stat = '', statm = '', cmdline = ''] = await Promise.all(
          ['stat', 'statm', 'cmdline'].map((f) => readFile(`/proc/${pid}/${f}`, 'utf8')),
        );
        // The fields after the command name (which may hold spaces); 14-17 are utime, stime, cutime, cstime in 10 ms ticks.
        const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        procs.set(Number(pid), {
          ppid: Number(after[1]),
          rssKb: Number(statm.split(' ')[1]) * 4, // 4 KiB pages
          cpuMs: after.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) * 10,
          argv: cmdline.split('\0').filter(Boolean),
        });
      } catch {
        // The process ended meanwhile.
      }
    }),
  );
  const children = new Map<number, number[]>();
  for (const [pid, info] of procs) children.set(info.ppid, [...(children.get(info.ppid) ?? []), pid]);
  const steps: Record<string, { rssKb: number; cpuMs: number }> = {};
  const subtree = (pid: number, step: string | null): number => {
    const info = procs.get(pid);
    const own = info && !step ? stepOf?.(info.argv) : null;
    const rssKb = (info?.rssKb ?? 0) + (children.get(pid) ?? []).reduce((sum, child) => sum + subtree(child, step ?? own ?? null), 0);
    if (own && info) {
      const entry = (steps[own] ??= { rssKb: 0, cpuMs: 0 });
      entry.rssKb += rssKb;
      entry.cpuMs += info.cpuMs;
    }
    return rssKb;
  };
  return { rssKb: subtree(rootPid, null), steps };
}

/** User + system time of the children this process has waited for, ms (/proc/self/stat: cutime and cstime, 10 ms ticks). */
function childrenCpuMs(): number | null {
  const after = procStat('self');
  return after ? (Number(after[13]) + Number(after[14])) * 10 : null;
}

/** Runs a command to completion, measured: `cpuMs` with its children, its tree's peak RSS (and per `stepOf` step) every 250 ms. */
export async function runMeasured(
  command: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; onLine?: (line: TimedLine) => void; timeoutMs?: number; stepOf?: StepOf },
) {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const lines: TimedLine[] = [];
  const reading = Promise.all(
    [child.stdout, child.stderr].map((input) => {
      const reader = createInterface({ input, crlfDelay: Infinity }).on('line', (text) => {
        const line = { atMs: performance.now() - started, text };
        lines.push(line);
        options.onLine?.(line);
      });
      return once(reader, 'close');
    }),
  );

  let peakTreeRssKb = 0;
  const steps: Record<string, { peakRssKb: number; cpuMs: number }> = {};
  const sampling = new AbortController();
  const sampler = (async () => {
    while (!sampling.signal.aborted) {
      if (child.pid) {
        const sample = await sampleTree(child.pid, options.stepOf);
        peakTreeRssKb = Math.max(peakTreeRssKb, sample.rssKb);
        for (const [name, { rssKb, cpuMs }] of Object.entries(sample.steps)) {
          const step = (steps[name] ??= { peakRssKb: 0, cpuMs: 0 });
          step.peakRssKb = Math.max(step.peakRssKb, rssKb);
          step.cpuMs = Math.max(step.cpuMs, cpuMs);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const timer = options.timeoutMs && setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), options.timeoutMs);

  const [exitCode, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    child.on('error', () => resolve([null, 'spawn-error'])).on('close', (code, sig) => resolve([code, sig])),
  );
  const wallMs = performance.now() - started;
  clearTimeout(timer);
  sampling.abort();
  await Promise.all([reading, sampler]);

  const cpuAfter = childrenCpuMs();
  const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return { exitCode, signal, wallMs, cpuMs, peakTreeRssKb, steps, lines };
}

/** Calls `kill` and resolves once `child` has exited (at once if it had). */
export async function ended(child: ChildProcess, kill: () => unknown): Promise<void> {
  const exited = once(child, 'exit');
  kill();
  if (child.exitCode === null && child.signalCode === null) await exited;
}

/** Runs `task` holding the build lock (`onWait` after 1 s) via a `flock` child, which holds it until its stdin closes, even if we crash. */
export async function withBuildLock<T>(task: () => Promise<T>, onWait?: () => void): Promise<T> {
  const holder = spawn('flock', [BUILD_LOCK, 'sh', '-c', 'echo locked; exec cat >/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waitNotice = onWait && setTimeout(onWait, 1000);
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: holder.stdout }).on('line', (text) => text === 'locked' && resolve());
    holder.on('error', reject);
    holder.on('close', (code) => reject(new Error(`flock ${BUILD_LOCK} ended (exit ${code}) before taking the lock`)));
  });
  clearTimeout(waitNotice);
  try {
    return await task();
  } finally {
    holder.stdin.end();
    await new Promise((resolve) => (holder.exitCode !== null ? resolve(null) : holder.on('close', resolve)));
  }
}

/** The machine's 1-minute load average, so readers can judge how noisy a timing was. */
export const loadAverage = () => os.loadavg()[0] ?? null;
