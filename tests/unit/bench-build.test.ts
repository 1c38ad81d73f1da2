import { describe, expect, test } from 'vitest';
import { buildEnv, parseAstroLog, parseBuildLog, parseDuration, stepOf } from '../../scripts/bench/build.ts';
import type { TimedLine } from '../../scripts/bench/proc.ts';
import { median, table } from '../../scripts/bench/util.ts';

/** An Astro 7 build log as it arrives on a pipe (colour codes included), with arrival times. */
const ASTRO_LOG: [number, string][] = [
  [900, '\u001b[2m00:04:53\u001b[22m \u001b[34m[content]\u001b[39m Syncing content'],
  [1500, '00:04:53 [thela-catalogue-products] catalogue: 10000 products, 60 categories, 16 stores; nothing skipped (source: synthetic)'],
  [4000, '00:04:57 [content] Synced content'],
  [4600, '00:04:58 [types] Generated 980ms'],
  [4700, '00:04:58 [build] Collecting build info...'],
  [5000, '00:04:58 [build] Building static entrypoints...'],
  [9000, '00:05:02 [vite] ✓ built in 979ms'],
  [9100, ' generating static routes '],
  [9200, '00:05:02   ├─ /product/a/index.html (+4ms) '],
  [9300, '00:05:02   ├─ /product/b/index.html (+6ms) '],
  [9400, '00:05:02   └─ /category/fruits/index.html (+10ms) '],
  // Pages rendered at once (build.concurrency): the next page's line glued on, the note with the last one.
  [9450, '00:05:02   ├─ /404.html00:05:02   ├─ /about/index.html (+1.20s) '],
  [9460, ' (+2ms) '],
  [29100, '00:05:22 ✓ Completed in 20.00s.'],
  [29200, '00:05:22 [build] 10122 page(s) built in 1m 28s'],
  [29600, '00:05:23 [build] Complete!'],
];

const lines = (log: [number, string][]): TimedLine[] => log.map(([atMs, text]) => ({ atMs, text }));

/** The phases ASTRO_LOG's marker lines give, whether Astro's start is the log's or the images step's line. */
const ASTRO_PHASES = { startupMs: 900, loadDataMs: 3100, prepareMs: 1000, bundleMs: 4100, renderMs: 20_000, finishMs: 500, exitMs: 400 };

describe('parseAstroLog', () => {
  const parsed = parseAstroLog(lines(ASTRO_LOG), 0, 30_000);

  test('splits the wall time into phases at the marker lines', () => {
    expect(parsed.phases).toEqual(ASTRO_PHASES);
  });

  test("reads Astro's page count and time and the catalogue line", () => {
    expect(parsed.pagesBuilt).toBe(10_122);
    expect(parsed.reportedMs).toBe(88_000);
    expect(parsed.catalogue).toEqual({ products: 10_000, categories: 60, stores: 16 });
  });

  test('sums the per-page render times by route family', () => {
    expect(parsed.renderShare).toEqual({ product: { pages: 2, ms: 10 }, category: { pages: 1, ms: 10 }, about: { pages: 1, ms: 1200 } });
  });

  test('leaves phases it did not see as null (a build that died while rendering)', () => {
    const partial = parseAstroLog(lines(ASTRO_LOG.slice(0, 9)), 0, 12_000);
    expect(partial.phases.renderMs).toBeNull();
    expect(partial.phases.exitMs).toBeNull();
    expect(partial.pagesBuilt).toBeNull();
  });
});

/** `node scripts/build.ts` as the bench reads it: the images step, then Astro with the search index beside it, then the rest. */
const BUILD_LOG: [number, string][] = [
  [1200, 'images: 0 optimised, 0 reused, 0 failed [0 requests, 0 files encoded, 0.9 s]'],
  ...ASTRO_LOG.map(([atMs, text]): [number, string] => [atMs + 1200, text]),
  [8000, 'search index: 10,000 products indexed in 5.0 s'],
  [
    33_000,
    "check-site: dist: no secrets in 21863 files; 123456 links (distinct per page) on 11520 pages and data files all resolve; _headers: CSP for 11409 pages, 8 script and 8 style hashes, connect-src 'self' only (21863 files read, 0 unchanged, 7.0 s)",
  ],
  [33_100, 'build: steps: images 0.9 s, search index 6.6 s, astro 30.0 s, service worker 0.8 s, site checks 1.5 s'],
  [33_110, 'build: 10122 pages rendered, 0 reused'],
];

describe('parseBuildLog', () => {
  const parsed = parseBuildLog(lines(BUILD_LOG));

  test("takes every step's time from the build's own steps line", () => {
    expect(parsed.steps).toEqual({
      images: 900,
      'search index': 6600,
      astro: 30_000,
      'service worker': 800,
      'site checks': 1500,
    });
  });

  test("times Astro's phases from its start, when the images step printed its line", () => {
    expect(parsed.astro.phases).toEqual(ASTRO_PHASES);
    expect(parsed.astro.pagesBuilt).toBe(10_122);
  });

  test("reads the search index's and the site checks' counts", () => {
    expect(parsed.searchIndex).toEqual({ pagesIndexed: 10_000, reportedMs: 5000 });
    const bundled = parseBuildLog(lines([[8000, 'search index: 94,941 products indexed in 3 bundles in 80.1 s (records 1.0 s)']]));
    expect(bundled.searchIndex).toEqual({ pagesIndexed: 94_941, reportedMs: 80_100 });
    expect(parsed.links).toBe(123_456);
    const other = parseBuildLog(lines([[5, 'Indexed 9512 pages']]));
    expect(other.searchIndex).toEqual({ pagesIndexed: null, reportedMs: null });
    expect(other.links).toBeNull();
  });

  test("reads the first pages' count and time (issue 52)", () => {
    const line =
      'search first pages: 1,250 queries in 4.9 s, 3601.1 KiB; 3 written (new or changed answer), 1,218 unchanged, 29 without one';
    expect(parseBuildLog(lines([[9000, line]])).firstPages).toEqual({ queries: 1250, reportedMs: 4900 });
    expect(parseBuildLog(lines([[5, 'Indexed 9512 pages']])).firstPages).toEqual({ queries: null, reportedMs: null });
  });
});

describe('stepOf', () => {
  test("names the build's steps by their command line, and nothing else", () => {
    expect(stepOf(['node', '/work/main/node_modules/.bin/astro', 'build'])).toBe('astro');
    expect(stepOf(['/usr/bin/node', 'scripts/build-search-index.ts', '/tmp/x'])).toBe('search index');
    expect(stepOf(['/usr/bin/node', 'scripts/check-site.ts', '/tmp/x'])).toBe('site checks');
    expect(stepOf(['/usr/bin/node', '/work/main/scripts/build.ts'])).toBeNull();
    expect(stepOf(['astro'])).toBeNull();
  });
});

describe('parseDuration', () => {
  test("reads Astro's duration formats", () => {
    expect(parseDuration('979ms')).toBe(979);
    expect(parseDuration('28.30s')).toBe(28_300);
    expect(parseDuration('1m 44s')).toBe(104_000);
    expect(parseDuration('1h 2m 3s')).toBe(3_723_000);
    expect(parseDuration('soon')).toBeNull();
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
