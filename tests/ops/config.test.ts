import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, resolveConfig } from '../../scripts/ops/lib/config.ts';
import { IMMUTABLE } from '../../scripts/lib/static-site.ts';
import { ROOT, workspace } from './helpers.ts';

describe('resolveConfig', () => {
  test('the example file is valid and only sets a schedule on top of the defaults', () => {
    const example = loadConfig(path.join(ROOT, 'ops.config.example.json'), ROOT);
    const defaults = resolveConfig({}, ROOT);
    expect(example).toEqual({
      ...defaults,
      service: { ...defaults.service, schedule: '0 */6 * * *', timezone: 'Asia/Kolkata' },
    });
    expect(defaults).toMatchObject({
      releasesDir: path.join(ROOT, 'releases'),
      currentLink: path.join(ROOT, 'current'),
      buildCommand: [process.execPath, 'node_modules/astro/bin/astro.mjs', 'build'],
      service: {
        host: '127.0.0.1',
        port: 4322,
        debounceMs: 10_000,
        bodyLimitBytes: 65_536,
        signatureToleranceMs: 300_000,
      },
    });
  });

  test('names the key of each mistake', () => {
    expect(() => resolveConfig({ releasesdir: 'x' })).toThrow(/config: unknown key "releasesdir"/);
    expect(() => resolveConfig({ service: { prot: 1 } })).toThrow(/config\.service: unknown key "prot"/);
    expect(() => resolveConfig({ maxPageDrop: 2 })).toThrow(/config\.maxPageDrop: expected a number from 0 to 1, got 2/);
    expect(() => resolveConfig({ keepReleases: 1 })).toThrow(/keepReleases/);
    expect(() => resolveConfig({ buildCommand: [] })).toThrow(/buildCommand: expected a command/);
    expect(() => resolveConfig({ requiredFiles: ['../etc/passwd'] })).toThrow(/requiredFiles/);
    expect(() => resolveConfig([])).toThrow(ConfigError);
  });

  test('reports a missing or broken config file', () => {
    const ws = workspace();
    try {
      expect(() => loadConfig(path.join(ws.dir, 'nope.json'))).toThrow(/config file not found/);
      writeFileSync(path.join(ws.dir, 'bad.json'), '{ nope');
      expect(() => loadConfig(path.join(ws.dir, 'bad.json'))).toThrow(/bad\.json: not valid JSON/);
    } finally {
      ws.cleanup();
    }
  });
});

describe('public/_headers', () => {
  test('sets Cache-Control only for hashed assets, with the same value the service sends', () => {
    const rules = new Map<string, string[]>();
    let current = '';
    for (const line of readFileSync(path.join(ROOT, 'public/_headers'), 'utf8').split('\n')) {
      if (line.startsWith('#') || line.trim() === '') continue;
      if (!line.startsWith(' ')) rules.set((current = line.trim()), []);
      else rules.get(current)!.push(line.trim());
    }
    const withCacheControl = [...rules].filter(([, headers]) => headers.some((header) => /^cache-control:/i.test(header)));
    expect(withCacheControl).toEqual([['/_astro/*', [`Cache-Control: ${IMMUTABLE}`]]]);
  });
});

describe('scripts/ops/check.ts', () => {
  test('checks a built directory against a baseline file, as the CI workflow does', () => {
    const ws = workspace();
    try {
      const site = path.join(ws.dir, 'dist');
      mkdirSync(path.join(site, 'pagefind'), { recursive: true });
      for (const page of ['index', '404', 'a', 'b']) writeFileSync(path.join(site, `${page}.html`), '<html></html>');
      const baseline = path.join(ws.dir, 'baseline.json');
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [path.join(ROOT, 'scripts/ops/check.ts'), site, ...args], {
          cwd: ROOT,
          encoding: 'utf8',
        });

      const first = run('--baseline-file', baseline, '--write-baseline', baseline, '--mark', '20261121T000000000Z');
      expect(first.status).toBe(0);
      expect(first.stdout).toBe(`check: ${site} ok, 4 pages\n`);
      expect(JSON.parse(readFileSync(baseline, 'utf8'))).toEqual({ pages: 4 });
      expect(JSON.parse(readFileSync(path.join(site, '.release.json'), 'utf8'))).toMatchObject({
        id: '20261121T000000000Z',
        pages: 4,
      });

      writeFileSync(baseline, '{"pages": 9}');
      const refused = run('--baseline-file', baseline);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/page count fell from 9 to 4/);
      expect(run('--baseline-file', baseline, '--force').status).toBe(0);
      expect(run('--mark', 'not-an-id').status).toBe(2);
    } finally {
      ws.cleanup();
    }
  });
});
