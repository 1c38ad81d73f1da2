import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { writeJsonAtomic, writeJsonAtomicSync } from '../../scripts/lib/atomic-write.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'thela-atomic-'));
  dirs.push(dir);
  return dir;
}

describe.each([
  ['writeJsonAtomic', writeJsonAtomic],
  ['writeJsonAtomicSync', writeJsonAtomicSync],
] as const)('%s', (_name, write) => {
  test('replaces the file with the JSON and a newline, creating its folder, and leaves no temp file', async () => {
    const dir = folder();
    const file = path.join(dir, 'state', 'a.json');
    await write(file, { a: 1 });
    await write(file, { a: 2 }, { space: 2 });
    expect(readFileSync(file, 'utf8')).toBe('{\n  "a": 2\n}\n');
    expect(readdirSync(path.dirname(file))).toEqual(['a.json']);
  });

  test('removes its temp file when the rename fails, and keeps the old file', async () => {
    const dir = folder();
    const file = path.join(dir, 'taken');
    mkdirSync(file);
    writeFileSync(path.join(file, 'inside'), 'old');
    await expect(async () => write(file, { a: 1 })).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(readFileSync(path.join(file, 'inside'), 'utf8')).toBe('old');
  });

  test('createFolder false: a missing folder is an error and stays missing', async () => {
    const dir = folder();
    const file = path.join(dir, 'gone', 'marker.json');
    await expect(async () => write(file, { a: 1 }, { createFolder: false })).rejects.toThrow(/ENOENT/);
    expect(existsSync(path.join(dir, 'gone'))).toBe(false);
  });
});
