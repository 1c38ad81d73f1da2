/** The build lock: a file naming its owner (PID, start time) and the build's process group, so a dead holder's lock is stale. */
import { linkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { tempPathFor, writeJsonAtomicSync } from '../../lib/atomic-write.ts';
import { processAlive, processStartTime } from './process.ts';

/** What the lock file says: its owner, the release being built and the build command's process group. */
export interface LockInfo {
  pid: number;
  startTime?: string | undefined;
  hostname: string;
  acquiredAt: string;
  releaseId?: string | undefined;
  buildPid?: number | undefined;
}

export class LockBusyError extends Error {
  override name = 'LockBusyError';
  constructor(holder: LockInfo) {
    super(`another build is running (pid ${holder.pid}${holder.releaseId ? `, release ${holder.releaseId}` : ''})`);
  }
}

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

/** Age after which a crashed process's takeover guard is ignored. */
const GUARD_STALE_MS = 30_000;

/** Takes the lock or throws LockBusyError; a stale one goes to `onStale` (its orphaned build), then one process (guard file) replaces it. */
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
    if (!writeExclusive(guard, { ...info, acquiredAt: new Date().toISOString() })) {
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
    /** Records more about the build; never throws: a failed write (a full disk) is returned to log, not the build's failure. */
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
