/**
 * Publishing a release to a CDN bucket or object storage with rclone: every file whose content differs from the release published
 * there last is uploaded (never rclone's own comparison), assets, then pages, then entry files; deletions last (docs/operators.md).
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeJsonAtomicSync } from '../../lib/atomic-write.ts';
import type { OpsConfig } from './config.ts';
import type { Logger } from './log.ts';
import { childEnv, failureCause, runCommand } from './process.ts';
import { readRcloneLog } from './rclone-log.ts';
import { changedFiles } from './release-diff.ts';
import { MARKER, RELEASE_ID } from './releases.ts';
import { stateDir } from './state.ts';

/** Upload phases, in order. */
export type Phase = 'assets' | 'pages' | 'entries';
export const PHASES: readonly Phase[] = ['assets', 'pages', 'entries'];

/** Which phase a file of the release belongs to. */
export function phaseOf(rel: string): Phase {
  if (rel === 'sw.js' || /^pagefind\/[^/]+\.(js|css|json)$/.test(rel)) return 'entries';
  if (/\.(html|xml|txt|webmanifest)$/.test(rel) || rel === '_headers' || rel === '_redirects') return 'pages';
  return 'assets';
}

/** Every file of a release, relative, `/`-separated (the completion marker and temporary files left out). */
export async function releaseFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (prefix: string) => {
    for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(rel);
      else if (entry.isFile() && rel !== MARKER && !rel.endsWith('.tmp')) out.push(rel);
    }
  };
  await walk('');
  return out.sort();
}

/** What a publish did. */
export interface PublishResult {
  ok: boolean;
  remote: string;
  releaseId: string;
  /** Files uploaded per phase (rclone's "Copied" lines). */
  uploaded: Record<Phase, number>;
  deleted: number;
  files: number;
  reason?: string | undefined;
}

/** Options of publishRelease. */
export interface PublishOptions {
  log: Logger;
  signal?: AbortSignal | undefined;
  /** Extra output (rclone's JSON log lines), e.g. for a test or --verbose. */
  onOutput?: ((chunk: Buffer) => void) | undefined;
}

const PUBLISHED = 'published.json';

/** What a remote holds, as releases/.state/published.json remembers it. */
export interface Published {
  /** The release published to it last: its files are on the target. */
  releaseId: string;
  /** The release published before that one (another id), whose files the target keeps until the next release. */
  previousId?: string | undefined;
}

function readPublished(config: OpsConfig): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(readFileSync(path.join(stateDir(config), PUBLISHED), 'utf8'));
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What was last published to `remote` (an entry of the first format, a bare id, has no previous release). */
export function lastPublished(config: OpsConfig, remote: string): Published | undefined {
  const entry = readPublished(config)[remote];
  const id = (value: unknown) => (typeof value === 'string' && RELEASE_ID.test(value) ? value : undefined);
  if (typeof entry === 'string') return id(entry) ? { releaseId: entry } : undefined;
  if (!entry || typeof entry !== 'object') return undefined;
  const { releaseId, previousId } = entry as Record<string, unknown>;
  const current = id(releaseId);
  return current ? { releaseId: current, previousId: id(previousId) } : undefined;
}

function recordPublished(config: OpsConfig, remote: string, published: Published): void {
  writeJsonAtomicSync(path.join(stateDir(config), PUBLISHED), { ...readPublished(config), [remote]: published });
}

/** Uploads release `releaseId` to `remote`, changed files only, assets → pages → entry files, then prunes. */
export async function publishRelease(
  config: OpsConfig,
  releaseId: string,
  remote: string,
  options: PublishOptions,
): Promise<PublishResult> {
  const { log } = options;
  const dir = path.join(config.releasesDir, releaseId);
  const result: PublishResult = {
    ok: false,
    remote,
    releaseId,
    uploaded: { assets: 0, pages: 0, entries: 0 },
    deleted: 0,
    files: 0,
  };
  const files = await releaseFiles(dir);
  result.files = files.length;
  const work = await mkdtemp(path.join(os.tmpdir(), 'thela-publish-'));
  const env = childEnv(config.projectDir, {});
  /** Runs rclone; its standard output (data) and standard error (its log) apart. */
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
      const listFile = path.join(work, `${phase}.txt`);
      await writeFile(listFile, `${list.join('\n')}\n`);
      const { log: copy } = await rclone([
        'copy',
        dir,
        remote,
        '--files-from-raw',
        listFile,
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
    // Delete what neither this release nor that one has.
    const keep = new Set(files);
    const beforeDir = before ? path.join(config.releasesDir, before) : undefined;
    let prune = true;
    if (before && beforeDir && existsSync(beforeDir)) for (const rel of await releaseFiles(beforeDir)) keep.add(rel);
    else if (before) {
      // The previous release is gone from disk: its files are unknown, so keep everything this time.
      log.warn('publish.prune-skipped', { releaseId, previousId: before, reason: 'previous release not on disk' });
      prune = false;
    }
    if (prune) {
      const { stdout } = await rclone(['lsf', '-R', '--files-only', remote, '--use-json-log']);
      const stale = stdout.split('\n').filter((rel) => rel !== '' && !keep.has(rel));
      if (stale.length > 0) {
        const listFile = path.join(work, 'delete.txt');
        await writeFile(listFile, `${stale.join('\n')}\n`);
        await rclone(['delete', remote, '--files-from-raw', listFile, '--use-json-log', '--log-level', 'INFO']);
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
