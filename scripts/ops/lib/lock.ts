/**
 * The build lock: a file created exclusively (O_EXCL) in the releases directory, recording its owner (PID and, on Linux, start time)
 * and the build's process group, so a killed holder's lock is seen as stale and its orphaned build stopped.
 */
import { linkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { tempPathFor, writeJsonAtomicSync } from '../../lib/atomic-write.ts';
import { processAlive, processStartTime } from './process.ts';

/** What the lock file says. */
export interface LockInfo {
  pid: number;
  startTime?: string | undefined;
  hostname: string;
  acquiredAt: string;
  /** The release being built. */
  releaseId?: string | undefined;
  /** The build command's process group. */
  buildPid?: number | undefined;
}

/** Another live process holds the lock. */
export class LockBusyError extends Error {
  override name = 'LockBusyError';
  constructor(holder: LockInfo) {
    super(`another build is running (pid ${holder.pid}${holder.releaseId ? `, release ${holder.releaseId}` : ''})`);
  }
}

/** A held lock. */
export type Lock = ReturnType<typeof held>;

/** Reads a lock file: null when absent, 'unreadable' when corrupt (locks are written whole, so corrupt means stale). */
function readLock(lockPath: string): LockInfo | null | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const info = JSON.parse(text) as LockInfo;
    return typeof info.pid === 'number' ? info : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** Whether the lock's owner is gone: dead PID, or the PID now belongs to a process started at another time. */
function isStale(info: LockInfo | 'unreadable'): boolean {
  if (info === 'unreadable') return true;
  // Another machine sharing the directory: we cannot see its processes, so never call its lock stale.
  if (info.hostname !== os.hostname()) return false;
  if (!processAlive(info.pid)) return true;
  const now = processStartTime(info.pid);
  return Boolean(info.startTime && now && info.startTime !== now);
}

// Written whole to a private file, then hard-linked into place: link() fails if the lock exists, and a reader never
// sees a half-written lock (which it would have to call stale).
function writeExclusive(lockPath: string, info: LockInfo): boolean {
  const temp = tempPathFor(lockPath);
  // The temporary file is removed whatever fails, its own write included (a full disk creates it, then fails).
  try {
    writeFileSync(temp, JSON.stringify(info), { mode: 0o644 });
    linkSync(temp, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Age after which a takeover guard left by a crashed process is ignored. */
const GUARD_STALE_MS = 30_000;

/**
 * Takes the lock or throws LockBusyError. A stale lock is handed to `onStale` (to stop its orphaned build) and then
 * replaced; a guard file makes sure only one process replaces it.
 */
export async function acquireLock(lockPath: string, onStale?: (stale: LockInfo | 'unreadable') => Promise<void>) {
  const info: LockInfo = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    hostname: os.hostname(),
    acquiredAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (writeExclusive(lockPath, info)) return held(lockPath, info);
    const current = readLock(lockPath);
    if (current === null) continue;
    if (!isStale(current)) throw new LockBusyError(current as LockInfo);

    const guard = `${lockPath}.takeover`;
    const guardInfo = { ...info, acquiredAt: new Date().toISOString() };
    if (!writeExclusive(guard, guardInfo)) {
      try {
        if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) rmSync(guard, { force: true });
      } catch {
        // Removed meanwhile.
      }
      throw new LockBusyError(current === 'unreadable' ? { ...info, pid: -1 } : current);
    }
    try {
      // Re-read under the guard: someone may have replaced the stale lock between our read and the guard.
      const again = readLock(lockPath);
      if (again !== null && !isStale(again)) throw new LockBusyError(again as LockInfo);
      if (again !== null) {
        await onStale?.(again);
        rmSync(lockPath, { force: true });
      }
      if (writeExclusive(lockPath, info)) return held(lockPath, info);
    } finally {
      rmSync(guard, { force: true });
    }
  }
  const holder = readLock(lockPath);
  throw new LockBusyError(holder && holder !== 'unreadable' ? holder : info);
}

function held(lockPath: string, info: LockInfo) {
  let released = false;
  return {
    /**
     * Records more about the build (release id, build pid). Never throws: the lock stays held whatever it says, so a
     * failed write (a full disk) is returned for the caller to log, and must not stand for the build's own failure.
     */
    update(fields: Partial<LockInfo>): Error | undefined {
      Object.assign(info, fields);
      if (released) return undefined;
      try {
        writeJsonAtomicSync(lockPath, info, { mode: 0o644, createFolder: false });
        return undefined;
      } catch (error) {
        return error as Error;
      }
    },
    release(): void {
      if (released) return;
      released = true;
      const current = readLock(lockPath);
      if (current && current !== 'unreadable' && current.pid === process.pid) rmSync(lockPath, { force: true });
    },
  };
}
