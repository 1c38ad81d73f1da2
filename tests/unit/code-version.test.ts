/** Cache versions derived from the code that writes each cache (scripts/lib/code-version.ts), not bumped by hand. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { codeVersion, moduleGraph } from '../../scripts/lib/code-version.ts';

const root = mkdtempSync(path.join(tmpdir(), 'thela-code-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('codeVersion', () => {
  test('changes with a byte of the files it covers, a file added to a folder it covers, or a package version; not with other files', () => {
    mkdirSync(path.join(root, 'lib'), { recursive: true });
    writeFileSync(path.join(root, 'encode.ts'), 'export const QUALITY = 80;');
    writeFileSync(path.join(root, 'lib/a.ts'), 'export const a = 1;');
    writeFileSync(path.join(root, 'other.ts'), 'export const b = 1;');
    const version = () => codeVersion(['encode.ts', 'lib'], [], root);
    const first = version();
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    writeFileSync(path.join(root, 'other.ts'), 'export const b = 2;');
    expect(version()).toBe(first);
    writeFileSync(path.join(root, 'encode.ts'), 'export const QUALITY = 81;');
    const second = version();
    expect(second).not.toBe(first);
    writeFileSync(path.join(root, 'lib/b.ts'), '');
    expect(version()).not.toBe(second);
    expect(codeVersion(['encode.ts'], ['sharp'], root)).not.toBe(codeVersion(['encode.ts'], [], root));
  });
});

describe('moduleGraph', () => {
  test("is the build's own code: the config, its integrations and what they import, lazily or not; not the bench or ops", async () => {
    const files = await moduleGraph('astro.config.mjs');
    expect(files).toContain('astro.config.mjs');
    expect(files).toContain('scripts/integrations/build-steps.ts');
    // Imported in a hook (`await import(...)`), not at the top.
    expect(files).toContain('scripts/lib/catalogue-images.ts');
    expect(files).toContain('scripts/lib/service-worker.ts');
    expect(files).toContain('src/lib/catalogue/catalogue.build.ts');
    expect(files.filter((file) => file.startsWith('scripts/ops/') || file.startsWith('scripts/bench/'))).toEqual([]);
  });
});
