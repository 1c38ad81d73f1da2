import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

// A build pointed at a Supabase that cannot be reached must stop with one clear line and a non-zero exit,
// never produce a half-empty site.
describe('astro build with an unreachable Supabase', () => {
  // A live-orders build reads the coupons first (scripts/integrations/pricing-data.ts); a simulated one, the categories.
  test.each([
    ['live orders', {}, 'coupons'],
    ['PUBLIC_ORDERS=simulated', { PUBLIC_ORDERS: 'simulated' }, 'categories'],
  ])(
    'fails with one line naming the cause, and writes no site (%s)',
    (_, settings, table) => {
      const outDir = mkdtempSync(join(tmpdir(), 'thela-unreachable-'));
      rmSync(outDir, { recursive: true });
      try {
        const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
          encoding: 'utf8',
          timeout: 120_000,
          env: {
            ...process.env,
            OUT_DIR: outDir,
            // Port 9 (discard) on loopback: refused at once, no network needed.
            PUBLIC_SUPABASE_URL: 'http://127.0.0.1:9',
            PUBLIC_SUPABASE_ANON_KEY: 'anon-key-for-test',
            ...settings,
          },
        });
        const output = `${result.stdout}\n${result.stderr}`;
        expect(result.status).not.toBe(0);
        const lines = output.split('\n').filter((line) => line.includes('Catalogue unavailable'));
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(new RegExp(`Catalogue unavailable, build stopped: Supabase read of ${table} failed: fetch failed`));
        expect(output).not.toContain('anon-key-for-test');
        expect(existsSync(join(outDir, 'index.html'))).toBe(false);
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
      // As long as the build it waits for may take (Astro starting on a busy machine took over 20 s).
    },
    120_000,
  );
});

// The search index reads the catalogue beside Astro (scripts/build-search-index.ts): whichever of the two fails first,
// the operators' status must show the same cause line.
describe('the search index step with an unreachable Supabase', () => {
  test("fails with the build's own line naming the cause, and writes no index", () => {
    const staging = join(mkdtempSync(join(tmpdir(), 'thela-unreachable-index-')), 'index');
    try {
      const result = spawnSync(process.execPath, ['scripts/build-search-index.ts', staging], {
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, PUBLIC_SUPABASE_URL: 'http://127.0.0.1:9', PUBLIC_SUPABASE_ANON_KEY: 'anon-key-for-test' },
      });
      const output = `${result.stdout}\n${result.stderr}`;
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toMatch(/^Catalogue unavailable, build stopped: Supabase read of categories failed: fetch failed/);
      expect(output).not.toContain('anon-key-for-test');
      expect(existsSync(staging)).toBe(false);
    } finally {
      rmSync(join(staging, '..'), { recursive: true, force: true });
    }
  });
});
