/**
 * Publishing a release to a CDN bucket or object storage with rclone (S3, R2, GCS, Azure, B2, WebDAV, SFTP ... one
 * config): only changed files are uploaded (`rclone copy --checksum`, or the flags in `publishFlags`), in an order
 * that keeps the live site whole while the upload runs:
 *   1. assets: hashed files (`_astro/`, Pagefind's fragments, indexes and filters) and every other non-page file
 *      (images, icons, fonts), which new pages may reference;
 *   2. pages: `*.html` and the other documents (sitemap, robots.txt, manifest, `_headers`);
 *   3. entry files last: Pagefind's unhashed entry points (`pagefind/pagefind*.js|css|json`, which name the new index)
 *      and the service worker (`sw.js`, which precaches the new release);
 *   4. deletion of files that neither this release nor the previously published one has, so a page the previous
 *      release served (and a browser may still have open) finds its assets until the next release.
 * The remote name and path are logged; rclone's own configuration (keys) stays in its config file or RCLONE_* env.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OpsConfig } from './config.ts';
import type { Logger } from './log.ts';
import { childEnv, failureCause, runCommand } from './process.ts';
import { MARKER, RELEASE_ID } from './releases.ts';
import { stateDir, writeJsonAtomicSync } from './state.ts';

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

/** The release last published to `remote` (kept in releases/.state/published.json). */
export function lastPublished(config: OpsConfig, remote: string): string | undefined {
  try {
    const data = JSON.parse(readFileSync(path.join(stateDir(config), PUBLISHED), 'utf8')) as Record<string, unknown>;
    const id = data[remote];
    return typeof id === 'string' && RELEASE_ID.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

function recordPublished(config: OpsConfig, remote: string, releaseId: string): void {
  const file = path.join(stateDir(config), PUBLISHED);
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // First publish.
  }
  writeJsonAtomicSync(file, { ...data, [remote]: releaseId });
}

/** Counts the files rclone says it copied (JSON log lines with msg "Copied (new)" / "Copied (replaced existing)"). */
function countCopied(output: string): number {
  let copied = 0;
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string };
      if (entry.msg?.startsWith('Copied')) copied += 1;
    } catch {
      // Not a log line.
    }
  }
  return copied;
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
  const rclone = async (args: string[]) => {
    let output = '';
    const run = await runCommand([config.rcloneBinary, ...args], {
      cwd: config.projectDir,
      env,
      timeoutMs: config.buildTimeoutMs,
      signal: options.signal,
      onOutput: (chunk) => {
        output += chunk.toString('utf8');
        options.onOutput?.(chunk);
      },
    });
    if (run.code !== 0) {
      const cause = failureCause(run);
      throw new Error(`rclone ${args[0]} failed (exit ${run.code ?? run.signal ?? 'none'})${cause ? `: ${cause}` : ''}`);
    }
    return output;
  };
  try {
    const started = Date.now();
    log.info('publish.start', { releaseId, remote, files: files.length });
    for (const phase of PHASES) {
      const list = files.filter((rel) => phaseOf(rel) === phase);
      if (list.length === 0) continue;
      const listFile = path.join(work, `${phase}.txt`);
      await writeFile(listFile, `${list.join('\n')}\n`);
      const output = await rclone([
        'copy',
        dir,
        remote,
        '--files-from-raw',
        listFile,
        ...config.publishFlags,
        '--use-json-log',
        '--log-level',
        'INFO',
        '--stats',
        '0',
      ]);
      result.uploaded[phase] = countCopied(output);
      log.info('publish.phase', { releaseId, phase, files: list.length, uploaded: result.uploaded[phase] });
    }

    // Delete what neither this release nor the previously published one has.
    const previous = lastPublished(config, remote);
    const keep = new Set(files);
    const previousDir = previous ? path.join(config.releasesDir, previous) : undefined;
    if (previous && previous !== releaseId && previousDir && existsSync(previousDir))
      for (const rel of await releaseFiles(previousDir)) keep.add(rel);
    else if (previous && previous !== releaseId) {
      // The previous release is gone from disk: its files are unknown, so keep everything this time.
      log.warn('publish.prune-skipped', { releaseId, previousId: previous, reason: 'previous release not on disk' });
      keep.clear();
    }
    if (keep.size > 0) {
      const remoteFiles = (await rclone(['lsf', '-R', '--files-only', remote])).split('\n').filter(Boolean);
      const stale = remoteFiles.filter((rel) => !keep.has(rel));
      if (stale.length > 0) {
        const listFile = path.join(work, 'delete.txt');
        await writeFile(listFile, `${stale.join('\n')}\n`);
        await rclone(['delete', remote, '--files-from-raw', listFile, '--use-json-log', '--log-level', 'INFO']);
        result.deleted = stale.length;
      }
    }
    recordPublished(config, remote, releaseId);
    result.ok = true;
    log.info('publish.done', {
      releaseId,
      remote,
      uploaded: result.uploaded,
      deleted: result.deleted,
      previousId: previous,
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
