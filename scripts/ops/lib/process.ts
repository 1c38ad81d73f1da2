/** Build and publish commands, each in its own process group, so a timeout, shutdown or recovery stops the whole tree. */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stripVTControlCharacters as plain } from 'node:util';
import type { Command } from './config.ts';

/** Environment variables never handed to build or publish commands (they run third-party code). */
const WITHHELD_ENV = ['REBUILD_WEBHOOK_SECRET'];

/** The environment for a child: ours minus secrets, the project's node_modules/.bin first, plus `extra`. */
export function childEnv(projectDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...extra }).filter(([name]) => !WITHHELD_ENV.includes(name)),
  );
  // Cron starts with a bare PATH; the project's own Node 24, astro and pagefind must win over whatever is installed.
  env['PATH'] = [path.join(projectDir, 'node_modules', '.bin'), path.dirname(process.execPath), process.env['PATH']]
    .filter(Boolean)
    .join(path.delimiter);
  return env;
}

/** How a command ended; `tail`: the last lines of its output, `stderrTail` of its standard error (where a build says why it stopped). */
export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  aborted: boolean;
  tail: string[];
  stderrTail: string[];
}

/** `onSpawn` gets the child's pid (also its process group); `onOutput` every chunk, `onStdout`/`onStderr` each stream alone. */
export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  onSpawn?: ((pid: number) => void) | undefined;
  onOutput?: ((chunk: Buffer) => void) | undefined;
  onStdout?: ((chunk: Buffer) => void) | undefined;
  onStderr?: ((chunk: Buffer) => void) | undefined;
}

const TAIL_LINES = 20;

/** Runs a command in a new process group; on timeout or abort the group gets SIGTERM, then SIGKILL. */
export function runCommand(command: Command, options: RunOptions): Promise<CommandResult> {
  return new Promise((resolve) => {
    const [file, args, shell] = typeof command === 'string' ? [command, [], true] : [command[0] ?? '', command.slice(1), false];
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      shell,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    let errTail = '';
    let timedOut = false;
    let aborted = false;
    const collect = (chunk: Buffer) => {
      options.onOutput?.(chunk);
      tail = (tail + chunk.toString('utf8')).slice(-8192);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      collect(chunk);
      options.onStdout?.(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      collect(chunk);
      options.onStderr?.(chunk);
      errTail = (errTail + chunk.toString('utf8')).slice(-8192);
    });

    const stop = () => {
      if (child.pid !== undefined) void killGroup(child.pid);
    };
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          stop();
        }, options.timeoutMs)
      : undefined;
    const onAbort = () => {
      aborted = true;
      stop();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();

    // Called more than once ('close', 'exit', 'error'): only the first call settles the promise.
    const finish = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      const lines = (text: string) =>
        text
          .split(/\r?\n/)
          .filter((line) => line.trim() !== '')
          .slice(-TAIL_LINES);
      resolve({ code, signal, timedOut, aborted, tail: lines(tail), stderrTail: lines(errTail) });
    };
    child.on('error', (error) => {
      tail += `\n${error.message}`;
      errTail += `\n${error.message}`;
      finish(null, null);
    });
    child.on('spawn', () => {
      if (child.pid !== undefined) options.onSpawn?.(child.pid);
    });
    // 'close' waits for the pipes; a grandchild that keeps them open after a kill must not hang us, so 'exit' too.
    child.on('close', finish);
    child.on('exit', (code, signal) => setTimeout(() => finish(code, signal), 2000).unref());
  });
}

/** Whether `target` (a pid, or a negative process-group id) exists: signal 0 reaches it or is refused. */
function signalable(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Linux: the fields of /proc/<pid>/stat after the command (state first), or undefined when unreadable. */
export function procStat(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) may hold spaces and parentheses; the fields after the last ')' are plain.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Signal 0 also reaches zombies, which linger until reaped (in a container, a while): /proc's state tells them apart. */
const running = (fields: string[]) => fields[0] !== 'Z' && fields[0] !== 'X';

/** Whether any process of the group is alive (zombies waiting for a reaper do not count). */
export function groupAlive(pgid: number): boolean {
  if (!signalable(-pgid)) return false;
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return true;
  }
  return names.some((name) => {
    const fields = /^\d+$/.test(name) ? procStat(name) : undefined;
    return fields !== undefined && Number(fields[2]) === pgid && running(fields);
  });
}

export function processAlive(pid: number): boolean {
  if (!signalable(pid)) return false;
  const fields = procStat(pid);
  return !fields || running(fields);
}

/** Linux: the start time of a process (clock ticks since boot), to tell a live owner from a reused PID. */
export function processStartTime(pid: number): string | undefined {
  return procStat(pid)?.[19];
}

/** Linux: whether /proc shows the process with `NAME=value` in its environment; undefined when it cannot tell. */
export function processHasEnv(pid: number, entry: string): boolean | undefined {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(entry);
  } catch {
    return undefined;
  }
}

/** SIGTERM to a process group, SIGKILL after graceMs; resolves once the group is gone (or after a bounded wait). */
export async function killGroup(pgid: number, graceMs = 3000): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pgid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  for (let waited = 0; waited < graceMs && groupAlive(pgid); waited += 50) await sleep(50);
  if (!groupAlive(pgid)) return;
  signal('SIGKILL');
  for (let waited = 0; waited < 2000 && groupAlive(pgid); waited += 50) await sleep(50);
}

// The wrappers' own closing words (npm, a build step's), which say that a step failed but not why.
const NOT_A_CAUSE = [
  /^at\s/, // stack frames (lines are trimmed first)
  /^npm (ERR!|error)/,
  /failed \((exit )?(\d+|SIG[A-Z]+)\)\.?$/,
  /^\s*[\^~]+\s*$/,
  /^Node\.js v\d/,
  /^\s*[{}[\]]\s*$/,
  // A heading with nothing after it (Astro's "Stack trace:", "Location:"): the cause is the line above it.
  /^[A-Z][A-Za-z ]{0,40}:$/,
  /^\[\.\.\.\] See full stack trace/,
];

/** Names of the variables whose values must never appear in a message: secrets, keys, tokens, passwords. */
const SECRET_NAME = /SECRET|KEY|TOKEN|PASSWORD|PASS$|CREDENTIAL/i;

/** A line with secrets replaced by `***`: values of secret-named variables, JWTs, credentials in URLs. */
export function redact(line: string): string {
  let out = line;
  for (const [name, value] of Object.entries(process.env))
    if (SECRET_NAME.test(name) && value && value.length >= 6) out = out.split(value).join('***');
  return out
    .replace(/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}/g, '***')
    .replace(/(\/\/[^/\s:@]+:)[^@\s/]+@/g, '$1***@')
    .replace(/\b(apikey|token|secret|password|key)=([^&\s]+)/gi, '$1=***');
}

/** Why a command failed: the last telling line of its stderr (else its output), wrappers' lines skipped, secrets redacted. */
export function failureCause(result: Pick<CommandResult, 'tail' | 'stderrTail'>): string | undefined {
  const pick = (lines: string[]) =>
    lines
      .map((line) => plain(line).trim())
      .filter((line) => line !== '' && !NOT_A_CAUSE.some((pattern) => pattern.test(line)))
      .at(-1);
  const line = pick(result.stderrTail) ?? pick(result.tail) ?? result.tail.at(-1);
  return line === undefined ? undefined : redact(line).slice(0, 300);
}
