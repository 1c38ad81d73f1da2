/**
 * A full disk during a rebuild (issue 32, item 5), simulated: writes of this process under the releases folder fail
 * with ENOSPC after creating their file, as a real full disk does (open succeeds, write fails). The build itself is a
 * separate process that fails as Astro does on a full disk.
 */
import { writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { rebuild } from '../../scripts/ops/lib/pipeline.ts';
import { currentRelease } from '../../scripts/ops/lib/releases.ts';
import { workspace } from './helpers.ts';

/** Where writes fail while set: a folder (every write under it). */
const full = vi.hoisted(() => ({ under: undefined as string | undefined }));

function enospc(file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC', syscall: 'write', path: file });
}

const isFull = (target: unknown): target is string =>
  typeof target === 'string' && full.under !== undefined && target.startsWith(full.under);

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const writeFileSync: typeof fs.writeFileSync = (file, ...rest) => {
    if (isFull(file)) {
      fs.writeFileSync(file, '');
      throw enospc(file);
    }
    fs.writeFileSync(file, ...rest);
  };
  return { ...fs, default: { ...fs, writeFileSync }, writeFileSync };
});

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile: typeof fs.writeFile = async (file, ...rest) => {
    if (isFull(file)) {
      await fs.writeFile(file, '');
      throw enospc(file);
    }
    await fs.writeFile(file, ...rest);
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile };
});

afterEach(() => {
  full.under = undefined;
});

/** Every file under `dir` whose name ends in .tmp (or has .tmp- in it), relative. */
async function tempFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => /\.tmp($|-)/.test(path.basename(name)));
}

describe('a rebuild on a full disk', () => {
  test("the build failing on it: the cause is the build's error line, the live release stays named, no temp file is left", async () => {
    const ws = workspace();
    try {
      const log = memoryLogger();
      const live = await rebuild(ws.config, { log, trigger: 'test' });
      expect(live.ok).toBe(true);
      // What Astro prints when the disk fills: the error, its stack under a heading, and the wrapper's line.
      const failing = path.join(ws.dir, 'full-build.mjs');
      writeFileSync(
        failing,
        [
          "console.error('[build] ENOSPC: no space left on device, write');",
          "console.error('  Stack trace:');",
          "console.error('    at async writeFile (node:internal/fs/promises:1185:3)');",
          "console.error('    [...] See full stack trace in the browser, or rerun with --verbose.');",
          'process.exit(1);',
        ].join('\n'),
      );
      const config = { ...ws.config, buildCommand: [process.execPath, failing] };
      const result = await rebuild(config, {
        log,
        trigger: 'test',
        // The disk is full from the moment the build has something to say.
        onOutput: () => (full.under = config.releasesDir),
      });
      expect(result).toMatchObject({
        ok: false,
        stage: 'build',
        previousId: live.releaseId,
        reason: 'build failed (exit 1): [build] ENOSPC: no space left on device, write',
      });
      expect((await currentRelease(config))?.id).toBe(live.releaseId);
      expect(await tempFiles(config.releasesDir)).toEqual([]);
      expect(log.events.map((event) => event.event)).toContain('lock.update-failed');
    } finally {
      ws.cleanup();
    }
  });

  test('the disk filling after the build: the unexpected error keeps the live release in the result, no temp file is left', async () => {
    const ws = workspace();
    try {
      const log = memoryLogger();
      const live = await rebuild(ws.config, { log, trigger: 'test' });
      const result = await rebuild(ws.config, {
        log,
        trigger: 'test',
        // The fake build's last line: it has written everything; the disk is full from here on.
        onOutput: (chunk) => {
          if (chunk.toString().includes('pages into')) full.under = ws.config.releasesDir;
        },
      });
      expect(result).toMatchObject({ ok: false, live: false, previousId: live.releaseId });
      expect(result.reason).toMatch(/^ENOSPC: no space left on device/);
      expect((await currentRelease(ws.config))?.id).toBe(live.releaseId);
      expect(await tempFiles(ws.config.releasesDir)).toEqual([]);
    } finally {
      ws.cleanup();
    }
  });
});
