import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ANON_JWT, SERVICE_ROLE_JWT } from '../fixtures/jwt.ts';

// A real `astro build` with the service_role key where the anon key belongs stops before anything is read or
// built (cheap: it exits while the config is set up), with one line naming the variable and why.
describe('astro build with a secret key in a PUBLIC_ variable', () => {
  test('exits 1 with one line, prints no key, and writes no site', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'thela-secret-key-'));
    rmSync(outDir, { recursive: true });
    try {
      const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
        encoding: 'utf8',
        timeout: 120_000,
        env: {
          ...process.env,
          OUT_DIR: outDir,
          // Nothing listens on port 9: had the check not stopped the build, the catalogue read would fail instead.
          PUBLIC_SUPABASE_URL: 'http://127.0.0.1:9',
          PUBLIC_SUPABASE_ANON_KEY: SERVICE_ROLE_JWT,
        },
      });
      const output = `${result.stdout}\n${result.stderr}`;
      expect(result.status).toBe(1);
      const lines = output.split('\n').filter((line) => line.includes('PUBLIC_SUPABASE_ANON_KEY'));
      expect(lines).toEqual([
        'Secret key refused, build stopped: PUBLIC_SUPABASE_ANON_KEY: it holds a JWT with role "service_role", not "anon"; only the anon or publishable key may reach the browser.',
      ]);
      expect(output).not.toContain('Catalogue unavailable');
      expect(output).not.toContain(SERVICE_ROLE_JWT.split('.')[1]);
      expect(existsSync(outDir)).toBe(false);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  test('the anon key passes the check (the build goes on to read the catalogue)', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'thela-anon-key-'));
    rmSync(outDir, { recursive: true });
    try {
      const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
        encoding: 'utf8',
        timeout: 120_000,
        env: { ...process.env, OUT_DIR: outDir, PUBLIC_SUPABASE_URL: 'http://127.0.0.1:9', PUBLIC_SUPABASE_ANON_KEY: ANON_JWT },
      });
      const output = `${result.stdout}\n${result.stderr}`;
      expect(output).not.toContain('Secret key refused');
      // It got as far as the catalogue read, which fails on the closed port.
      expect(output).toContain('Catalogue unavailable, build stopped');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
