/** Rebuild, rollback and publish runs (docs/operators.md, "How a rebuild works"); a failure before the switch leaves the live release. */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { readBuildRecord } from '../../lib/build-record.ts';
import type { Command, OpsConfig } from './config.ts';
import { checkRelease, countPages, fileSystemProblem } from './check.ts';
import { publishRelease, type PublishOptions, type PublishResult } from './publish.ts';
import { acquireLock, LockBusyError, type Lock, type LockInfo } from './lock.ts';
import type { Logger } from './log.ts';
import { dedupeRelease } from './release-diff.ts';
import {
  childEnv,
  failureCause,
  groupAlive,
  killGroup,
  processHasEnv,
  redact,
  runCommand,
  type CommandResult,
  type RunOptions,
} from './process.ts';
import {
  compareIds,
  createReleaseDir,
  currentRelease,
  listReleases,
  markComplete,
  pruneReleases,
  recordRollback,
  removeLeftovers,
  removeRelease,
  switchCurrent,
  type Release,
} from './releases.ts';

export type Stage = 'lock' | 'build' | 'check' | 'switch' | 'publish';

/** The outcome of a rebuild or a rollback. */
export interface RunResult {
  ok: boolean;
  /** The release built (rebuild) or switched to (rollback). */
  releaseId?: string | undefined;
  previousId?: string | undefined;
  pages?: number | undefined;
  /** Pages the build rendered and reused from the incremental-build cache. */
  rendered?: number | undefined;
  reused?: number | undefined;
  phases?: RunPhases | undefined;
  /** Whether `releaseId` is live now (true after a publish failure: the local switch stands). */
  live: boolean;
  trigger?: string | undefined;
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  stage?: Stage | undefined;
  reason?: string | undefined;
}

/** Where a rebuild's time went, in ms; `buildSteps` from the build's record (scripts/lib/build-record.ts). */
export interface RunPhases {
  build: number;
  buildSteps?: Record<string, number> | undefined;
  check?: number | undefined;
  /** Sharing files with the release it replaced: after the switch, so not part of the time to go live. */
  dedupe?: number | undefined;
  /** Marking the release complete and switching `current`. */
  switch?: number | undefined;
}

/** Options of rebuild (its log, abort signal and output go to the publish too). */
export interface RebuildOptions extends PublishOptions {
  force?: boolean | undefined;
  /** Render every page, ignoring the incremental-build cache (THELA_FULL_BUILD=1 for the build). */
  full?: boolean | undefined;
  /** What asked for the build (cli, webhook, schedule ...), for the logs and the status. */
  trigger?: string | undefined;
  /** Default true. */
  publish?: boolean | undefined;
}

export function lockPath(config: OpsConfig): string {
  return path.join(config.releasesDir, '.lock');
}

const LOGS = '.logs';

/** Stops the build a killed owner left running, if it is still ours (same release id in its environment). */
async function stopOrphan(stale: LockInfo | 'unreadable', log: Logger): Promise<void> {
  if (stale === 'unreadable') {
    log.warn('lock.stale', { reason: 'unreadable lock file' });
    return;
  }
  log.warn('lock.stale', { pid: stale.pid, releaseId: stale.releaseId, acquiredAt: stale.acquiredAt });
  const pgid = stale.buildPid;
  if (!pgid || !groupAlive(pgid)) return;
  // If /proc shows a process with that id and it is not our build, the id was reused: leave it alone.
  if (stale.releaseId && processHasEnv(pgid, `THELA_RELEASE_ID=${stale.releaseId}`) === false) return;
  log.warn('build.orphan-stopped', { pgid, releaseId: stale.releaseId });
  await killGroup(pgid);
}

/** Records `fields` in the lock; a failed write (a full disk) is a warning, never the run's failure. */
function noteInLock(lock: Lock, fields: Partial<LockInfo>, log: Logger): void {
  const error = lock.update(fields);
  if (error) log.warn('lock.update-failed', { fields: Object.keys(fields), reason: error.message });
}

/** Runs `body` holding the releases directory's lock; when another run holds it, answers with `busy` instead. */
async function withLock<T>(
  config: OpsConfig,
  log: Logger,
  busy: (error: LockBusyError) => T | Promise<T>,
  body: (lock: Lock) => Promise<T>,
): Promise<T> {
  await mkdir(config.releasesDir, { recursive: true });
  let lock: Lock;
  try {
    lock = await acquireLock(lockPath(config), (stale) => stopOrphan(stale, log));
  } catch (error) {
    if (error instanceof LockBusyError) return busy(error);
    throw error;
  }
  try {
    return await body(lock);
  } finally {
    lock.release();
  }
}

/** What a run found when another held the lock: nothing touched, and the release live now (read without the lock). */
async function lockedOut(config: OpsConfig, busy: LockBusyError, done: Finisher): Promise<RunResult> {
  const live = await currentRelease(config).catch(() => null);
  return done({ ok: false, live: false, previousId: live?.id, stage: 'lock', reason: busy.message });
}

async function removeLeftoversLogged(config: OpsConfig, log: Logger): Promise<void> {
  const removed = await removeLeftovers(config);
  if (removed.length) log.warn('release.partial-removed', { releaseIds: removed });
}

/** The service's start: cleans up after a killed run (stale lock, orphaned build, partial releases), unless the lock is held. */
export async function recover(config: OpsConfig, log: Logger): Promise<void> {
  await withLock(
    config,
    log,
    (busy) => log.info('recover.skipped', { reason: busy.message }),
    () => removeLeftoversLogged(config, log),
  );
}

/** Runs a configured command in the project: its directory, the child environment plus `env`, the build timeout. */
function runInProject(
  config: OpsConfig,
  command: Command,
  env: Record<string, string>,
  options: Pick<RunOptions, 'signal' | 'onSpawn' | 'onOutput'>,
): Promise<CommandResult> {
  return runCommand(command, {
    cwd: config.projectDir,
    env: childEnv(config.projectDir, env),
    timeoutMs: config.buildTimeoutMs,
    ...options,
  });
}

function describeFailure(result: CommandResult, what: string, timeoutMs: number): string {
  if (result.aborted) return `${what} stopped: interrupted`;
  if (result.timedOut) return `${what} timed out after ${Math.round(timeoutMs / 1000)} s`;
  if (result.code === null && result.signal) return `${what} killed by ${result.signal}`;
  const cause = failureCause(result);
  if (result.code === null) return `${what} could not start${cause ? `: ${cause}` : ''}`;
  return `${what} failed (exit ${result.code})${cause ? `: ${cause}` : ''}`;
}

async function pruneLogs(config: OpsConfig): Promise<void> {
  const dir = path.join(config.releasesDir, LOGS);
  const logs = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.log')).sort();
  for (const name of logs.slice(0, Math.max(0, logs.length - config.keepReleases * 2))) await rm(path.join(dir, name), { force: true });
}

/** Publishes a release just made live (publishRemote, then publishCommand): live either way, failed at `publish` if publishing failed. */
async function publishLive(
  config: OpsConfig,
  release: Release,
  options: RebuildOptions,
  fields: Pick<RunResult, 'releaseId' | 'previousId' | 'pages' | 'rendered' | 'reused' | 'phases'>,
): Promise<Outcome> {
  const failed = (reason: string): Outcome => ({ ok: false, live: true, ...fields, stage: 'publish', reason });
  if (options.publish !== false && config.publishRemote) {
    const uploaded = await publishRelease(config, release.id, config.publishRemote, options);
    if (!uploaded.ok) return failed(`publish to ${config.publishRemote} failed: ${uploaded.reason}`);
  }
  if (options.publish !== false && config.publishCommand) {
    options.log.info('publish.start', { releaseId: release.id });
    const started = Date.now();
    const result = await runInProject(
      config,
      config.publishCommand,
      { RELEASE_ID: release.id, RELEASE_DIR: release.dir, CURRENT_LINK: config.currentLink },
      { signal: options.signal, onOutput: options.onOutput },
    );
    if (result.code !== 0) {
      const reason = describeFailure(result, 'publish command', config.buildTimeoutMs);
      options.log.error('publish.failed', { releaseId: release.id, reason, output: result.tail.map((line) => redact(line)) });
      return failed(reason);
    }
    options.log.info('publish.done', { releaseId: release.id, durationMs: Date.now() - started });
  }
  return { ok: true, live: true, ...fields };
}

export interface PublishNowOptions extends PublishOptions {
  /** The release to upload; default the live one. */
  releaseId?: string | undefined;
  /** rclone destination; default `publishRemote`. */
  remote?: string | undefined;
}

/** `npm run publish`: uploads a complete release (default the live one) under the build lock. */
export async function publishNow(
  config: OpsConfig,
  options: PublishNowOptions,
): Promise<RunResult & { publish?: PublishResult | undefined }> {
  const done = runFinisher('publish');
  const remote = options.remote ?? config.publishRemote;
  if (!remote)
    return done({ ok: false, live: false, stage: 'publish', reason: 'no remote: set publishRemote, THELA_PUBLISH_REMOTE or --remote' });
  return withLock(
    config,
    options.log,
    (busy) => lockedOut(config, busy, done),
    async () => {
      const live = await currentRelease(config);
      const id = options.releaseId ?? live?.id;
      const release = (await listReleases(config)).find((candidate) => candidate.id === id && candidate.info);
      if (!id || !release) {
        const reason = id ? `no complete release ${id} (see npm run rollback -- --list)` : 'nothing is live to publish';
        return done({ ok: false, live: false, stage: 'publish', reason });
      }
      const result = await publishRelease(config, release.id, remote, options);
      return {
        ...done({
          ok: result.ok,
          live: release.id === live?.id,
          releaseId: release.id,
          pages: release.info?.pages,
          stage: result.ok ? undefined : 'publish',
          reason: result.ok ? undefined : `publish to ${remote} failed: ${result.reason}`,
        }),
        publish: result,
      };
    },
  );
}

/** What a run reports before `done` stamps it. */
type Outcome = Partial<RunResult> & { ok: boolean; live: boolean };
type Finisher = (fields: Outcome) => RunResult;

/** Starts the clock of a run; the function it returns stamps a result with its trigger, times and duration. */
function runFinisher(trigger: string | undefined, startedAt = new Date()): Finisher {
  return (fields) => {
    const finished = new Date();
    return {
      trigger,
      startedAt: startedAt.toISOString(),
      ...fields,
      finishedAt: finished.toISOString(),
      durationMs: finished.getTime() - startedAt.getTime(),
    };
  };
}

/** Builds, checks and switches to a new release. Never throws for an expected failure: see `ok`, `stage`, `reason`. */
export async function rebuild(config: OpsConfig, options: RebuildOptions): Promise<RunResult> {
  const { log } = options;
  const startedAt = new Date();
  const done = runFinisher(options.trigger, startedAt);
  const busy = async (error: LockBusyError) => {
    const result = await lockedOut(config, error, done);
    log.warn('build.skipped', { reason: error.message, trigger: options.trigger, liveId: result.previousId });
    return result;
  };
  return withLock(config, log, busy, async (lock) => {
    let release: Release | undefined;
    // The release live before this run: every failure, an unexpected one too (a full disk), says it stays live.
    let live: Release | null = null;
    let switched = false;
    let stage: Stage = 'build';
    const failed = (reason: string, pages?: number) =>
      done({ ok: false, live: switched, releaseId: release?.id, previousId: live?.id, pages, stage, reason });
    try {
      await removeLeftoversLogged(config, log);
      live = await currentRelease(config);
      // Before any build: one that cannot move its files into the release fails half-way, every time.
      const apart = fileSystemProblem(config);
      if (apart) {
        log.error('build.refused', { reason: apart, liveId: live?.id });
        return failed(apart);
      }
      release = await createReleaseDir(config, startedAt);
      noteInLock(lock, { releaseId: release.id }, log);
      log.info('build.start', { releaseId: release.id, trigger: options.trigger, liveId: live?.id });

      await mkdir(path.join(config.releasesDir, LOGS), { recursive: true });
      const logFile = path.join(config.releasesDir, LOGS, `${release.id}.log`);
      const recordFile = path.join(config.releasesDir, LOGS, `${release.id}.record.json`);
      const output = createWriteStream(logFile);
      const buildStarted = Date.now();
      output.on('error', (error) => log.warn('build.log-unwritable', { log: logFile, reason: error.message }));
      const result = await runInProject(
        config,
        config.buildCommand,
        {
          OUT_DIR: release.dir,
          RELEASE_ID: release.id,
          THELA_RELEASE_ID: release.id,
          THELA_BUILD_RECORD: recordFile,
          ...(config.buildCacheDir ? { THELA_BUILD_CACHE: config.buildCacheDir } : {}),
          ...(options.full ? { THELA_FULL_BUILD: '1' } : {}),
        },
        {
          signal: options.signal,
          onSpawn: (pid) => noteInLock(lock, { buildPid: pid }, log),
          onOutput: (chunk) => {
            output.write(chunk);
            options.onOutput?.(chunk);
          },
        },
      );
      await new Promise((resolve) => output.end(resolve));
      noteInLock(lock, { buildPid: undefined }, log);

      if (result.code !== 0) {
        const reason = describeFailure(result, 'build', config.buildTimeoutMs);
        const tail = result.tail.map((line) => redact(line));
        log.error('build.failed', { releaseId: release.id, reason, output: tail, log: logFile, liveId: live?.id });
        await removeRelease(config, release);
        return failed(reason);
      }

      const record = readBuildRecord(recordFile);
      await rm(recordFile, { force: true });
      const phases: RunPhases = { build: Date.now() - buildStarted, buildSteps: record?.steps };
      if (record) log.info('build.pages', { releaseId: release.id, ...record.pages, buildMs: phases.build, steps: phases.buildSteps });

      stage = 'check';
      const checkStarted = Date.now();
      const baselinePages = live ? (live.info?.pages ?? (await countPages(live.dir).catch(() => undefined))) : undefined;
      const check = await checkRelease(release.dir, {
        requiredFiles: config.requiredFiles,
        baselinePages,
        maxPageDrop: config.maxPageDrop,
        force: options.force,
      });
      if (!check.ok) {
        const reason = `check failed: ${check.problems.join('; ')}`;
        log.error('check.failed', { releaseId: release.id, reason, pages: check.pages, livePages: baselinePages, liveId: live?.id });
        await removeRelease(config, release);
        return failed(reason, check.pages);
      }
      for (const note of check.overridden) log.warn('check.forced', { releaseId: release.id, note });
      phases.check = Date.now() - checkStarted;

      stage = 'switch';
      const switchStarted = Date.now();
      const durationMs = Date.now() - startedAt.getTime();
      await markComplete(release.dir, {
        id: release.id,
        pages: check.pages,
        builtAt: new Date().toISOString(),
        durationMs,
        trigger: options.trigger,
        forced: check.overridden.length > 0 || undefined,
      });
      await switchCurrent(config, release);
      switched = true;
      phases.switch = Date.now() - switchStarted;
      stage = 'publish';
      log.info('release.live', { releaseId: release.id, pages: check.pages, durationMs, previousId: live?.id, phases });

      // After the switch, off the path to going live: each link replaces an identical copy atomically (a reader sees
      // the copy or the link, the same bytes), so sharing files with the release it replaced is safe while it serves,
      // and a failure half-way leaves a correct release: go on.
      if (config.dedupe && live) {
        const dedupeStarted = Date.now();
        try {
          const shared = await dedupeRelease(release.dir, live.dir);
          log.info('release.deduped', { releaseId: release.id, baseId: live.id, ...shared });
        } catch (error) {
          log.warn('release.dedupe-failed', { releaseId: release.id, reason: (error as Error).message });
        }
        phases.dedupe = Date.now() - dedupeStarted;
      }

      // Never the new live release, the one it replaced (the rollback target), or one an operator rolled back to.
      const pruned = await pruneReleases(config, live ? [live.id] : []);
      if (pruned.length) log.info('release.pruned', { releaseIds: pruned });
      await pruneLogs(config);

      return done(
        await publishLive(config, release, options, {
          releaseId: release.id,
          previousId: live?.id,
          pages: check.pages,
          rendered: record?.pages.rendered,
          reused: record?.pages.reused,
          phases,
        }),
      );
    } catch (error) {
      const reason = (error as Error).message;
      log.error('build.error', { releaseId: release?.id, reason, liveId: live?.id });
      if (release && !switched) await removeRelease(config, release).catch(() => {});
      return failed(reason);
    }
  });
}

export interface RollbackOptions extends Omit<RebuildOptions, 'force' | 'trigger'> {
  /** The release to switch to; default: the newest complete release older than the live one. */
  to?: string | undefined;
}

/** Switches `current` back to an earlier complete release (no build). */
export async function rollback(config: OpsConfig, options: RollbackOptions): Promise<RunResult> {
  const done = runFinisher('rollback');
  const busy = (error: LockBusyError) =>
    done({ ok: false, live: false, stage: 'lock', reason: `${error.message}; try again when it has finished` });
  return withLock(config, options.log, busy, async () => {
    const live = await currentRelease(config);
    const complete = (await listReleases(config)).filter((release) => release.info);
    const target = options.to
      ? complete.find((release) => release.id === options.to)
      : complete.filter((release) => !live || compareIds(release.id, live.id) < 0).at(-1);
    if (!target) {
      const reason = options.to
        ? `no complete release ${options.to} (see --list)`
        : `no earlier complete release to roll back to${live ? ` from ${live.id}` : ''}`;
      return done({ ok: false, live: false, previousId: live?.id, stage: 'switch', reason });
    }
    const fields = { releaseId: target.id, previousId: live?.id, pages: target.info?.pages };
    if (target.id === live?.id) return done({ ok: true, live: true, ...fields });
    await switchCurrent(config, target);
    await recordRollback(config, target.id, live?.id);
    options.log.info('release.rollback', fields);
    return done(await publishLive(config, target, options, fields));
  });
}
