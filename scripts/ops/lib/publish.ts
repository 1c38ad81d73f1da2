/** Publishing with rclone: changed files only, assets, then pages, then entry files, deletions last (docs/operators.md). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRecord } from '../../../src/lib/fields.ts';
import { readJson, writeJsonAtomicSync } from '../../lib/atomic-write.ts';
import type { OpsConfig } from './config.ts';
import type { Logger } from './log.ts';
import { childEnv, failureCause, runCommand } from './process.ts';
import { changedFiles } from './release-diff.ts';
import { MARKER, RELEASE_ID, releaseFiles } from './releases.ts';
import { stateDir } from './state.ts';

/** Upload phases, in order. */
const PHASES = ['assets', 'pages', 'entries'] as const;
type Phase = (typeof PHASES)[number];

/** Which phase a file of the release belongs to. */
export function phaseOf(rel: string): Phase {
  if (rel === 'sw.js' || /^pagefind\/(bundle-\d+\/)?[^/]+\.(js|css|json)$/.test(rel)) return 'entries';
  if (/\.(html|xml|txt|webmanifest)$/.test(rel) || rel === '_headers' || rel === '_redirects') return 'pages';
  return 'assets';
}

/** What a publish did. */
export type PublishResult = Awaited<ReturnType<typeof publishRelease>>;

/** `signal` stops the running command's process group (a rebuild's build too); `onOutput` hears commands' output as it arrives. */
export interface PublishOptions {
  log: Logger;
  signal?: AbortSignal | undefined;
  onOutput?: ((chunk: Buffer) => void) | undefined;
}

/** Warnings that mean rclone did not check what it was asked to: a comparison it dropped, a transfer it could not verify. */
const NOT_CHECKED = [
  /no hashes in common/i,
  /falling back to --size-only/i,
  /corrupted on transfer/i,
  /hashes? (could not|couldn't) be (checked|compared)/i,
];

/** rclone's JSON log lines (stderr): the files it copied, by name, and why the run cannot be trusted (errors, "not checked" warnings). */
function readRcloneLog(stderr: string) {
  const log = { copied: [] as string[], problems: [] as string[] };
  for (const line of stderr.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { level?: unknown; msg?: unknown; object?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (typeof entry.msg !== 'string') continue;
    const object = typeof entry.object === 'string' ? entry.object : '';
    if (entry.msg.startsWith('Copied') && object) log.copied.push(object);
    const notChecked = entry.level === 'warning' && NOT_CHECKED.some((pattern) => pattern.test(entry.msg as string));
    if (entry.level === 'error' || entry.level === 'critical' || notChecked)
      log.problems.push(object ? `${object}: ${entry.msg}` : entry.msg);
  }
  return log;
}

const PUBLISHED = 'published.json';

/** What a remote holds (releases/.state/published.json): the release published last and the one before, kept until the next. */
interface Published {
  releaseId: string;
  previousId?: string | undefined;
}

function readPublished(config: OpsConfig): Record<string, unknown> {
  const data = readJson(path.join(stateDir(config), PUBLISHED));
  return isRecord(data) ? data : {};
}

/** What was last published to `remote` (an entry of the first format, a bare id, has no previous release). */
function lastPublished(config: OpsConfig, remote: string): Published | undefined {
  const entry = readPublished(config)[remote];
  const id = (value: unknown) => (typeof value === 'string' && RELEASE_ID.test(value) ? value : undefined);
  if (typeof entry === 'string') return id(entry) ? { releaseId: entry } : undefined;
  if (!isRecord(entry)) return undefined;
  const current = id(entry['releaseId']);
  return current ? { releaseId: current, previousId: id(entry['previousId']) } : undefined;
}

function recordPublished(config: OpsConfig, remote: string, published: Published): void {
  writeJsonAtomicSync(path.join(stateDir(config), PUBLISHED), { ...readPublished(config), [remote]: published });
}

/** Uploads release `releaseId` to `remote`, changed files only, assets → pages → entry files, then prunes. */
export async function publishRelease(config: OpsConfig, releaseId: string, remote: string, options: PublishOptions) {
  const { log } = options;
  const dir = path.join(config.releasesDir, releaseId);
  const files = await releaseFiles(dir);
  const result = {
    ok: false,
    remote,
    releaseId,
    uploaded: { assets: 0, pages: 0, entries: 0 } satisfies Record<Phase, number>,
    deleted: 0,
    files: files.length,
    reason: undefined as string | undefined,
  };
  const work = await mkdtemp(path.join(os.tmpdir(), 'thela-publish-'));
  /** For rclone's --files-from-raw. */
  const listFile = async (name: string, list: string[]) => {
    const file = path.join(work, `${name}.txt`);
    await writeFile(file, `${list.join('\n')}\n`);
    return file;
  };
  const env = childEnv(config.projectDir, {});
  const rclone = async (args: string[]) => {
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    const run = await runCommand([config.rcloneBinary, ...args], {
      cwd: config.projectDir,
      env,
      timeoutMs: config.buildTimeoutMs,
      signal: options.signal,
      onOutput: options.onOutput,
      onStdout: (chunk) => stdout.push(chunk),
      onStderr: (chunk) => stderr.push(chunk),
    });
    if (run.code !== 0) {
      const cause = failureCause(run);
      throw new Error(`rclone ${args[0]} failed (exit ${run.code ?? run.signal ?? 'none'})${cause ? `: ${cause}` : ''}`);
    }
    const rcloneLog = readRcloneLog(Buffer.concat(stderr).toString('utf8'));
    if (rcloneLog.problems.length > 0) throw new Error(`rclone ${args[0]} did not check every file: ${rcloneLog.problems[0]}`);
    return { stdout: Buffer.concat(stdout).toString('utf8'), log: rcloneLog };
  };
  try {
    const started = Date.now();
    const previous = lastPublished(config, remote);
    // What the target holds: the release published last. Its files on disk tell what changed; without them
    // (never published there, or pruned from disk) every file is sent.
    const baseDir = previous ? path.join(config.releasesDir, previous.releaseId) : undefined;
    const base = baseDir && existsSync(path.join(baseDir, MARKER)) ? baseDir : undefined;
    const changed = base ? await changedFiles(dir, base, files) : files;
    log.info('publish.start', {
      releaseId,
      remote,
      files: files.length,
      changed: changed.length,
      comparedWith: base ? previous?.releaseId : null,
    });
    for (const phase of PHASES) {
      const list = changed.filter((rel) => phaseOf(rel) === phase);
      if (list.length === 0) continue;
      const { log: copy } = await rclone([
        'copy',
        dir,
        remote,
        '--files-from-raw',
        await listFile(phase, list),
        // These files differ from the target's: sent whatever size and time the target shows.
        '--ignore-times',
        ...config.publishFlags,
        '--use-json-log',
        '--log-level',
        'INFO',
        '--stats',
        '0',
      ]);
      const copied = new Set(copy.copied);
      const missed = list.filter((rel) => !copied.has(rel));
      if (missed.length > 0)
        throw new Error(`rclone copy did not upload ${missed.length} of ${list.length} changed ${phase} files (first: ${missed[0]})`);
      result.uploaded[phase] = list.length;
      log.info('publish.phase', { releaseId, phase, files: list.length, uploaded: result.uploaded[phase] });
    }

    // The release before this one on the target: kept until the next release (republishing keeps its own before).
    const before = previous && previous.releaseId !== releaseId ? previous.releaseId : previous?.previousId;
    const beforeDir = before ? path.join(config.releasesDir, before) : undefined;
    if (beforeDir && !existsSync(beforeDir)) {
      // The previous release is gone from disk: its files are unknown, so keep everything this time.
      log.warn('publish.prune-skipped', { releaseId, previousId: before, reason: 'previous release not on disk' });
    } else {
      // Delete what neither this release nor that one has.
      const keep = new Set([...files, ...(beforeDir ? await releaseFiles(beforeDir) : [])]);
      const { stdout } = await rclone(['lsf', '-R', '--files-only', remote, '--use-json-log']);
      const stale = stdout.split('\n').filter((rel) => rel !== '' && !keep.has(rel));
      if (stale.length > 0) {
        await rclone(['delete', remote, '--files-from-raw', await listFile('delete', stale), '--use-json-log', '--log-level', 'INFO']);
        result.deleted = stale.length;
      }
    }
    recordPublished(config, remote, { releaseId, previousId: before });
    result.ok = true;
    log.info('publish.done', {
      releaseId,
      remote,
      uploaded: result.uploaded,
      deleted: result.deleted,
      previousId: before,
      durationMs: Date.now() - started,
    });
  } catch (error) {
    result.reason = (error as Error).message;
    log.error('publish.failed', { releaseId, remote, reason: result.reason });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return result;
}
