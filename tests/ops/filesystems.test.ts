/** The start-up check of the file systems (issue 32, item 6): releases and build cache apart fail every build. */
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, inject, test } from 'vitest';
import { fileSystemProblem } from '../../scripts/ops/lib/check.ts';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { rebuild } from '../../scripts/ops/lib/pipeline.ts';
import { currentRelease } from '../../scripts/ops/lib/releases.ts';
import { workspace } from './helpers.ts';

// tests/support/other-file-system.setup.ts provides a folder on another file system than the releases'.
const otherFileSystem = inject('otherFileSystem');

test('a build cache on another file system than the releases: refused in one line with the fix, before building', async (context) => {
  if (otherFileSystem === null) return context.skip(inject('otherFileSystemMissing'));
  const ws = workspace();
  const cache = mkdtempSync(path.join(otherFileSystem, 'thela-cache-'));
  try {
    const log = memoryLogger();
    const live = await rebuild(ws.config, { log, trigger: 'test' });
    expect(live.ok).toBe(true);
    const config = { ...ws.config, buildCacheDir: path.join(cache, 'astro') };
    const result = await rebuild(config, { log, trigger: 'test' });
    expect(result).toMatchObject({
      ok: false,
      stage: 'build',
      previousId: live.releaseId,
      reason:
        `the releases folder ${config.releasesDir} and the build cache ${config.buildCacheDir} are on different file systems, ` +
        `where a build cannot move or link files (EXDEV): set buildCacheDir to a folder on the releases' file system, ` +
        `e.g. "${path.join(ws.dir, 'build-cache')}"`,
    });
    // Nothing was built: one build, the first.
    expect(ws.builds().filter((line) => line.what === 'start')).toHaveLength(1);
    expect((await currentRelease(config))?.id).toBe(live.releaseId);
    // On one file system (the default cache in the project, or one beside the releases) there is nothing to say.
    expect(fileSystemProblem({ ...ws.config, buildCacheDir: path.join(ws.dir, 'build-cache') })).toBeUndefined();
  } finally {
    rmSync(cache, { recursive: true, force: true });
    ws.cleanup();
  }
});
