/**
 * Vitest global setup: a folder on another file system than the temporary directory, for the tests of moves and
 * links that cannot cross file systems (EXDEV). /dev/shm where it is one; else, as root, a small tmpfs mounted for
 * the run; else none, and the reason, which those tests give when they skip.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder on another file system than `os.tmpdir()`, or null when this machine cannot have one. */
    otherFileSystem: string | null;
    /** Why there is none (empty when there is). */
    otherFileSystemMissing: string;
  }
}

const elsewhere = (dir: string): boolean => existsSync(dir) && statSync(dir).dev !== statSync(tmpdir()).dev;

export default function setup(project: TestProject): (() => void) | undefined {
  if (elsewhere('/dev/shm')) {
    project.provide('otherFileSystem', '/dev/shm');
    project.provide('otherFileSystemMissing', '');
    return undefined;
  }
  const mountPoint = mkdtempSync(path.join(tmpdir(), 'thela-other-fs-'));
  const mounted =
    process.getuid?.() === 0 &&
    spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'thela-tests', mountPoint], { stdio: 'ignore' }).status === 0 &&
    elsewhere(mountPoint);
  if (!mounted) {
    rmSync(mountPoint, { recursive: true, force: true });
    project.provide('otherFileSystem', null);
    project.provide(
      'otherFileSystemMissing',
      `no second file system: /dev/shm shares ${tmpdir()}'s, and mounting a tmpfs needs root (run npm test as root)`,
    );
    return undefined;
  }
  project.provide('otherFileSystem', mountPoint);
  project.provide('otherFileSystemMissing', '');
  return () => {
    spawnSync('umount', [mountPoint], { stdio: 'ignore' });
    rmSync(mountPoint, { recursive: true, force: true });
  };
}
