/** Releases on disk, complete once `.release.json` is in; `current`, a symlink renamed over, so readers never see a mix. */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readlink, realpath, rename, rm, rmdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { readJson, writeJsonAtomic } from '../../lib/atomic-write.ts';
import { listFiles } from '../../lib/file-results.ts';
import type { OpsConfig } from './config.ts';

/** The completion marker inside a release. */
export const MARKER = '.release.json';

/** Release ids: a UTC timestamp to the millisecond, sortable as text, with a counter if two share it. */
export const RELEASE_ID = /^\d{8}T\d{9}Z(?:-\d+)?$/;

/** What the completion marker records. */
export interface ReleaseInfo {
  id: string;
  pages: number;
  builtAt: string;
  durationMs: number;
  trigger?: string | undefined;
  forced?: boolean | undefined;
}

/** A release directory; `info` is its marker, undefined for a partial release. */
export interface Release {
  id: string;
  dir: string;
  info?: ReleaseInfo | undefined;
}

function readMarker(dir: string): ReleaseInfo | undefined {
  const info = readJson(path.join(dir, MARKER)) as Partial<ReleaseInfo> | null | undefined;
  return typeof info?.id === 'string' && typeof info.pages === 'number' ? (info as ReleaseInfo) : undefined;
}

/** Every file of a release, relative, `/`-separated (the completion marker and temporary files left out). */
export async function releaseFiles(dir: string): Promise<string[]> {
  return (await listFiles(dir, (name) => !name.endsWith('.tmp'))).filter((rel) => rel !== MARKER);
}

/** Every release directory, oldest first; other names in the directory are ignored. */
export async function listReleases(config: OpsConfig): Promise<Release[]> {
  const names = await readdir(config.releasesDir).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  const ids = names.filter((name) => RELEASE_ID.test(name)).sort(compareIds);
  return ids.map((id) => {
    const dir = path.join(config.releasesDir, id);
    return { id, dir, info: readMarker(dir) };
  });
}

/** Orders ids by time, then by the collision counter. */
export function compareIds(a: string, b: string): number {
  const [aTime = '', aCount = '0'] = a.split('-');
  const [bTime = '', bCount = '0'] = b.split('-');
  return aTime < bTime ? -1 : aTime > bTime ? 1 : Number(aCount) - Number(bCount);
}

export async function createReleaseDir(config: OpsConfig, now = new Date()): Promise<Release> {
  await mkdir(config.releasesDir, { recursive: true });
  const base = now.toISOString().replace(/[-:.]/g, '');
  for (let n = 0; n < 1000; n++) {
    const id = n === 0 ? base : `${base}-${n}`;
    const dir = path.join(config.releasesDir, id);
    try {
      await mkdir(dir);
      return { id, dir };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`could not create a release directory in ${config.releasesDir}`);
}

/** Marks a release complete (atomically: a reader sees no marker or the whole marker). */
export async function markComplete(dir: string, info: ReleaseInfo): Promise<void> {
  // Never creates the folder: a release removed meanwhile must not come back holding only its marker.
  await writeJsonAtomic(path.join(dir, MARKER), info, { space: 2, createFolder: false });
}

/** The live release (where `current` points), or null when there is none or it points nowhere usable. */
export async function currentRelease(config: OpsConfig): Promise<Release | null> {
  const target = await readlink(config.currentLink).catch(() => null);
  if (target === null) return null;
  const dir = path.resolve(path.dirname(config.currentLink), target);
  return { id: path.basename(dir), dir, info: readMarker(dir) };
}

/** Best effort: makes a rename in `dir` durable across a power cut where the platform allows opening directories. */
async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  await handle?.sync().catch(() => {});
  await handle?.close().catch(() => {});
}

/** Points `current` at a complete release: a new symlink renamed over the old one (atomic on POSIX). */
export async function switchCurrent(config: OpsConfig, release: Release): Promise<void> {
  if (!readMarker(release.dir)) throw new Error(`release ${release.id} is not complete; refusing to make it live`);
  const linkDir = path.dirname(config.currentLink);
  await mkdir(linkDir, { recursive: true });
  // Relative, so the project directory can be moved or mounted elsewhere.
  const target = path.relative(linkDir, release.dir) || '.';
  const temp = `${config.currentLink}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await symlink(target, temp);
  try {
    await rename(temp, config.currentLink);
  } catch (error) {
    await rm(temp, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR' || code === 'ENOTEMPTY' || code === 'EEXIST') {
      throw new Error(`${config.currentLink} is a real directory, not a symlink; move it away so releases can be switched`, {
        cause: error,
      });
    }
    throw error;
  }
  await fsyncDir(linkDir);
}

const TRASH = '.trash';

/** Removes a release: first renamed into releases/.trash (one atomic step, so it never looks half there), then deleted. */
export async function removeRelease(config: OpsConfig, release: Release): Promise<void> {
  const trash = path.join(config.releasesDir, TRASH);
  await mkdir(trash, { recursive: true });
  const moved = path.join(trash, `${release.id}-${randomBytes(4).toString('hex')}`);
  try {
    await rename(release.dir, moved);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await rm(moved, { recursive: true, force: true });
  // Leave no empty .trash behind; another removal may still be using it, hence rmdir, not rm -r.
  await rmdir(trash).catch(() => {});
}

async function removeAll(config: OpsConfig, releases: Release[]): Promise<string[]> {
  for (const release of releases) await removeRelease(config, release);
  return releases.map((release) => release.id);
}

/** Deletes what a killed process left: partial releases, the trash, temporary symlinks and lock temp files. */
export async function removeLeftovers(config: OpsConfig): Promise<string[]> {
  const current = await currentRelease(config);
  // A release without a marker never went live, unless someone pointed `current` at it by hand: leave that one.
  const partial = (await listReleases(config)).filter((release) => !release.info && release.id !== current?.id);
  const removed = await removeAll(config, partial);
  await rm(path.join(config.releasesDir, TRASH), { recursive: true, force: true });
  const linkDir = path.dirname(config.currentLink);
  const linkBase = `${path.basename(config.currentLink)}.tmp-`;
  for (const name of await readdir(linkDir).catch(() => [] as string[])) {
    if (name.startsWith(linkBase)) await rm(path.join(linkDir, name), { force: true });
  }
  for (const name of await readdir(config.releasesDir).catch(() => [] as string[])) {
    if (/^\.(lock|rollback\.json)\.\d+\.[a-z0-9]+\.tmp$/.test(name)) await rm(path.join(config.releasesDir, name), { force: true });
  }
  return removed;
}

const ROLLBACK_FILE = '.rollback.json';

/** Remembers the release an operator rolled back to (`{ to, from, at }`), so no later prune deletes it. */
export async function recordRollback(config: OpsConfig, to: string, from: string | undefined): Promise<void> {
  await writeJsonAtomic(path.join(config.releasesDir, ROLLBACK_FILE), { to, from, at: new Date().toISOString() });
}

function rolledBackTo(config: OpsConfig): string | undefined {
  const to = (readJson(path.join(config.releasesDir, ROLLBACK_FILE)) as { to?: unknown } | null | undefined)?.to;
  return typeof to === 'string' && RELEASE_ID.test(to) ? to : undefined;
}

/** Keeps the newest `keepReleases` complete releases, the live one, `protect` and the one last rolled back to; the ids removed. */
export async function pruneReleases(config: OpsConfig, protect: readonly string[]): Promise<string[]> {
  const current = await currentRelease(config);
  const complete = (await listReleases(config)).filter((release) => release.info);
  const newest = complete.slice(-config.keepReleases).map((release) => release.id);
  const keep = new Set([...newest, current?.id, ...protect, rolledBackTo(config)]);
  const old = complete.filter((release) => !keep.has(release.id));
  return removeAll(config, old);
}

/** The real directory `current` resolves to right now (one call per request keeps a response in one release). */
export function resolveCurrent(config: OpsConfig): Promise<string | null> {
  return realpath(config.currentLink).catch(() => null);
}
