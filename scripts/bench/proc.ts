/**
 * Child processes for the benchmark: wall time, peak memory and per-line timestamps of a command, and the shared
 * build lock every engineer's build holds (/tmp/thela-build.lock).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** The lock every build in this shared tree holds. */
export const BUILD_LOCK = '/tmp/thela-build.lock';

const GNU_TIME = '/usr/bin/time';
const PAGE_SIZE = 4096;

/** One line a command printed, with when it arrived (ms after the command started). */
export interface TimedLine {
  atMs: number;
  stream: 'stdout' | 'stderr';
  text: string;
}

/** What a measured command did. */
export interface Measured {
  exitCode: number | null;
  signal: string | null;
  wallMs: number;
  /**
   * CPU time (user + system) of the command and all its children (GNU time's %U + %S), in ms; null without
   * /usr/bin/time. Less sensitive than wall time to other work on a shared machine.
   */
  cpuMs: number | null;
  /** Largest sum of resident sets over the command's whole process tree, sampled every 250 ms, in KiB. */
  peakTreeRssKb: number;
  /** Per step (`RunOptions.stepOf`): peak resident set of its process tree (KiB) and CPU time (ms), sampled likewise. */
  steps: Record<string, { peakRssKb: number; cpuMs: number }>;
  lines: TimedLine[];
}

/** Options of runMeasured. */
export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Called for each line as it arrives (e.g. to echo progress). */
  onLine?: (line: TimedLine) => void;
  /** Kill the command (SIGKILL to its process group) after this many ms. */
  timeoutMs?: number;
  /** Names the step a process of the tree belongs to from its command line (null: not a step), for `Measured.steps`. */
  stepOf?: (argv: readonly string[]) => string | null;
}

/** One process as /proc shows it. */
interface ProcessInfo {
  ppid: number;
  rssKb: number;
  /** User + system CPU time of the process and its waited-for children, ms. */
  cpuMs: number;
  argv: string[];
}

async function processTable(): Promise<Map<number, ProcessInfo>> {
  const table = new Map<number, ProcessInfo>();
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return table;
  }
  await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (entry) => {
        try {
          const [statText, statm, cmdline] = await Promise.all(
            ['stat', 'statm', 'cmdline'].map((file) => readFile(`/proc/${entry}/${file}`, 'utf8')),
          );
          // The command name (field 2) may contain spaces: the fields after it start past the last ')'.
          const after = (statText ?? '').slice((statText ?? '').lastIndexOf(')') + 2).split(' ');
          // Fields 14-17 (utime, stime, cutime, cstime) in clock ticks of 10 ms.
          const ticks = after.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
          table.set(Number(entry), {
            ppid: Number(after[1]),
            rssKb: (Number((statm ?? '').split(' ')[1]) * PAGE_SIZE) / 1024,
            cpuMs: ticks * 10,
            argv: (cmdline ?? '').split('\0').filter(Boolean),
          });
        } catch {
          // The process ended between readdir and read.
        }
      }),
  );
  return table;
}

/**
 * Resident memory (KiB) of a process and all its descendants, from /proc; with `stepOf`, also that of each step's
 * processes (the first process of the tree it names, with its descendants) and their CPU time.
 */
export async function sampleTree(rootPid: number, stepOf?: RunOptions['stepOf']) {
  const table = await processTable();
  const children = new Map<number, number[]>();
  for (const [pid, info] of table) children.set(info.ppid, [...(children.get(info.ppid) ?? []), pid]);
  const subtree = (pid: number, step: string | null, steps: Record<string, { rssKb: number; cpuMs: number }>): number => {
    const info = table.get(pid);
    const own = info && !step ? stepOf?.(info.argv) : null;
    const rssKb =
      (info?.rssKb ?? 0) + (children.get(pid) ?? []).reduce((sum, child) => sum + subtree(child, step ?? own ?? null, steps), 0);
    if (own && info) {
      const entry = (steps[own] ??= { rssKb: 0, cpuMs: 0 });
      entry.rssKb += rssKb;
      entry.cpuMs += info.cpuMs;
    }
    return rssKb;
  };
  const steps: Record<string, { rssKb: number; cpuMs: number }> = {};
  return { rssKb: subtree(rootPid, null, steps), steps };
}

/** Runs a command to completion, measuring wall time and peak memory and timestamping every output line. */
export async function runMeasured(command: string, args: readonly string[], options: RunOptions = {}): Promise<Measured> {
  const useTime = existsSync(GNU_TIME);
  const timeFile = path.join(tmpdir(), `bench-time-${process.pid}-${Date.now()}.txt`);
  const [file, argv] = useTime ? [GNU_TIME, ['-f', '%U %S', '-o', timeFile, command, ...args]] : [command, [...args]];
  const started = performance.now();
  const child = spawn(file, argv, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: TimedLine[] = [];
  const collect = (stream: 'stdout' | 'stderr', source: NodeJS.ReadableStream) =>
    new Promise<void>((resolve) => {
      const reader = createInterface({ input: source, crlfDelay: Infinity });
      reader.on('line', (text) => {
        const line = { atMs: performance.now() - started, stream, text };
        lines.push(line);
        options.onLine?.(line);
      });
      reader.on('close', resolve);
    });
  const reading = Promise.all([collect('stdout', child.stdout), collect('stderr', child.stderr)]);

  let peakTreeRssKb = 0;
  const steps: Measured['steps'] = {};
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
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        }, options.timeoutMs);

  const [exitCode, signal] = await new Promise<[number | null, string | null]>((resolve) => {
    child.on('error', () => resolve([null, 'spawn-error']));
    child.on('close', (code, sig) => resolve([code, sig]));
  });
  const wallMs = performance.now() - started;
  if (timer) clearTimeout(timer);
  sampling.abort();
  await Promise.all([reading, sampler]);

  let cpuMs: number | null = null;
  if (useTime) {
    const text = await readFile(timeFile, 'utf8').catch(() => '');
    // GNU time writes "Command exited with non-zero status N" before the figures when the command fails.
    const figures = /^([\d.]+) ([\d.]+)$/.exec(text.trim().split('\n').pop() ?? '');
    if (figures) cpuMs = Math.round((Number(figures[1]) + Number(figures[2])) * 1000);
    await rm(timeFile, { force: true });
  }
  return { exitCode, signal, wallMs, cpuMs, peakTreeRssKb, steps, lines };
}

/**
 * Runs `task` while holding the shared build lock; the wait for the lock is not part of any measurement.
 * The lock belongs to a `flock` child that keeps it until its stdin closes, so it is released even if we crash.
 */
export async function withBuildLock<T>(task: () => Promise<T>, onWait?: () => void): Promise<T> {
  const holder = spawn('flock', [BUILD_LOCK, 'sh', '-c', 'echo locked; exec cat >/dev/null'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waitNotice = onWait ? setTimeout(onWait, 1000) : undefined;
  await new Promise<void>((resolve, reject) => {
    const reader = createInterface({ input: holder.stdout });
    reader.on('line', (text) => {
      if (text === 'locked') resolve();
    });
    holder.on('error', reject);
    holder.on('close', (code) => reject(new Error(`flock ${BUILD_LOCK} ended (exit ${code}) before taking the lock`)));
  });
  if (waitNotice) clearTimeout(waitNotice);
  try {
    return await task();
  } finally {
    holder.stdin.end();
    await new Promise((resolve) => {
      if (holder.exitCode !== null) resolve(null);
      else holder.on('close', resolve);
    });
  }
}

/** The machine's 1-minute load average, so readers can judge how noisy a timing was. */
export async function loadAverage(): Promise<number | null> {
  const text = await readFile('/proc/loadavg', 'utf8').catch(() => '');
  const value = Number(text.split(' ')[0]);
  return Number.isFinite(value) && text ? value : null;
}
