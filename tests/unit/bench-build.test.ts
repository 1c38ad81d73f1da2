import { describe, expect, test } from 'vitest';
import { buildEnv, stepOf } from '../../scripts/bench/build.ts';
import { median, table } from '../../scripts/bench/util.ts';

describe('stepOf', () => {
  test("names the build's steps by their command line, and nothing else", () => {
    expect(stepOf(['node', '/work/main/node_modules/.bin/astro', 'build'])).toBe('astro');
    expect(stepOf(['/usr/bin/node', 'scripts/build-search-index.ts', '/tmp/x'])).toBe('search index');
    expect(stepOf(['/usr/bin/node', '/work/main/node_modules/astro/bin/astro.mjs', 'build'])).toBe('astro');
    expect(stepOf(['/usr/bin/node', 'scripts/check-site.ts', '/tmp/x'])).toBeNull();
    expect(stepOf(['astro'])).toBeNull();
  });
});

describe('buildEnv', () => {
  test('never lets a benchmark build reach Supabase, and sets the catalogue size', () => {
    process.env['PUBLIC_SUPABASE_URL'] = 'https://example.supabase.co';
    process.env['PUBLIC_SUPABASE_ANON_KEY'] = 'key';
    try {
      const env = buildEnv('/tmp/bench-x/dist', 1000, 'http://127.0.0.1:4361');
      expect(env['PUBLIC_SUPABASE_URL']).toBeUndefined();
      expect(env['PUBLIC_SUPABASE_ANON_KEY']).toBeUndefined();
      expect(env['CATALOGUE_SIZE']).toBe('1000');
      expect(env['OUT_DIR']).toBe('/tmp/bench-x/dist');
      expect(env['ASTRO_TELEMETRY_DISABLED']).toBe('1');
      // Every page rendered, into a cache of its own beside the output.
      expect(env['THELA_FULL_BUILD']).toBe('1');
      expect(env['THELA_BUILD_CACHE']).toBe('/tmp/bench-x/dist-cache');
      expect(buildEnv('/tmp/bench-x/dist', null, 'http://x')['CATALOGUE_SIZE']).toBeUndefined();
    } finally {
      delete process.env['PUBLIC_SUPABASE_URL'];
      delete process.env['PUBLIC_SUPABASE_ANON_KEY'];
    }
  });
});

describe('median', () => {
  test('returns the middle value, the mean of the middle two, or null', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('table', () => {
  test('aligns columns and right-aligns numbers', () => {
    expect(
      table(
        ['page', 'JS'],
        [
          ['home', '5.3 KB'],
          ['product', '75.8 KB'],
        ],
      ),
    ).toBe(['page     JS', '-------  -------', 'home      5.3 KB', 'product  75.8 KB'].join('\n'));
  });
});
