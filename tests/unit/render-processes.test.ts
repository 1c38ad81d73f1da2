/**
 * Rendering in several processes: which process renders which page (src/lib/catalogue/render-shard.build.ts), and how
 * the build puts their output together (scripts/lib/render-processes.ts, the sitemap, the page counter).
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { pageCounter } from '../../scripts/lib/build-pages.ts';
import { mergeRenderedOutput, renderProcessCount, renderRuns, RenderProcessesError } from '../../scripts/lib/render-processes.ts';
import { mergeSitemaps, SHARD_URLS_FILE } from '../../scripts/integrations/sitemap.ts';
import { inRenderShard, ownPaths, renderShard, RenderShardError, shardOf } from '../../src/lib/catalogue/render-shard.build.ts';

const ids = Array.from({ length: 2000 }, (_, i) => `product-${i}`);

describe('renderShard', () => {
  test('reads "i/N", and null when unset', () => {
    expect(renderShard({})).toBeNull();
    expect(renderShard({ THELA_RENDER_SHARD: ' ' })).toBeNull();
    expect(renderShard({ THELA_RENDER_SHARD: '1/2' })).toEqual({ index: 1, count: 2 });
    expect(renderShard({ THELA_RENDER_SHARD: '0/1' })).toEqual({ index: 0, count: 1 });
  });

  test.each(['2/2', '1', 'a/2', '-1/2', '1/0', '1/2/3'])('refuses %j', (value) => {
    expect(() => renderShard({ THELA_RENDER_SHARD: value })).toThrow(RenderShardError);
  });
});

describe('inRenderShard', () => {
  test('the shards of a build split its pages: each page in exactly one, about evenly', () => {
    for (const count of [2, 3]) {
      const owners = ids.map((id) =>
        Array.from({ length: count }, (_, index) => index).filter((index) => inRenderShard('product', { id }, { index, count })),
      );
      expect(owners.every((list) => list.length === 1)).toBe(true);
      for (let index = 0; index < count; index++) {
        const share = owners.filter((list) => list[0] === index).length / ids.length;
        expect(share).toBeGreaterThan(1 / count - 0.05);
        expect(share).toBeLessThan(1 / count + 0.05);
      }
    }
  });

  test("a page's shard depends on its route and params only, not on the other pages", () => {
    const before = ids.map((id) => shardOf('product', { id }, 2));
    // A product added before the others moves none of them.
    const after = ['aaa-new', ...ids].map((id) => shardOf('product', { id }, 2)).slice(1);
    expect(after).toEqual(before);
    // The route is part of it: the same params spread independently on another route.
    expect(ids.map((id) => shardOf('category', { id }, 2))).not.toEqual(before);
    // Params in the key: page 2 of a listing is not always with page 1.
    const pages = Array.from({ length: 200 }, (_, i) =>
      shardOf('category', { id: 'fruits', page: i === 0 ? undefined : String(i + 1) }, 2),
    );
    expect(new Set(pages)).toEqual(new Set([0, 1]));
  });

  test('one process (no shard, or 1 of 1) renders everything', () => {
    expect(ids.every((id) => inRenderShard('product', { id }, null))).toBe(true);
    expect(ids.every((id) => inRenderShard('product', { id }, { index: 0, count: 1 }))).toBe(true);
  });
});

describe('ownPaths', () => {
  test("keeps this shard's entries in their order; the shards together are every entry", () => {
    const paths = ids.slice(0, 300).map((id, i) => ({ params: { id, page: i % 3 ? String(i) : undefined }, props: { i } }));
    const first = ownPaths('category', paths, { index: 0, count: 2 });
    const second = ownPaths('category', paths, { index: 1, count: 2 });
    expect(first.length + second.length).toBe(paths.length);
    expect([...first, ...second].sort((a, b) => a.props.i - b.props.i)).toEqual(paths);
    expect(first.map((entry) => entry.props.i)).toEqual([...first.map((entry) => entry.props.i)].sort((a, b) => a - b));
    expect(ownPaths('category', paths, null)).toEqual(paths);
  });
});

describe('renderProcessCount', () => {
  test('defaults to 1 and reads a whole number up to 8', () => {
    expect(renderProcessCount({})).toBe(1);
    expect(renderProcessCount({ THELA_RENDER_PROCESSES: '2' })).toBe(2);
    expect(renderProcessCount({ THELA_RENDER_PROCESSES: ' 8 ' })).toBe(8);
  });

  test.each(['0', '9', '1.5', 'two', '-2'])('refuses %j, naming it', (value) => {
    expect(() => renderProcessCount({ THELA_RENDER_PROCESSES: value })).toThrow(RenderProcessesError);
    expect(() => renderProcessCount({ THELA_RENDER_PROCESSES: value })).toThrow(JSON.stringify(value));
  });
});

describe('renderRuns', () => {
  test('the first process writes into the build folder with its cache; the others each into a folder of the cache', () => {
    const runs = renderRuns(3, '/project', '/site', '/cache');
    expect(runs[0]).toEqual({
      shard: '0/3',
      outDir: '/site',
      cacheDir: '/cache',
      cwd: '/project',
      env: { OUT_DIR: '/site', THELA_BUILD_CACHE: '/cache', THELA_RENDER_SHARD: '0/3' },
    });
    expect(runs[2]).toEqual({
      shard: '2/3',
      outDir: '/cache/render-2/out',
      cacheDir: '/cache/render-2/cache',
      cwd: '/project/node_modules/.thela-render/2',
      env: { OUT_DIR: '/cache/render-2/out', THELA_BUILD_CACHE: '/cache/render-2/cache', THELA_RENDER_SHARD: '2/3' },
    });
    // No two processes share a working folder (Astro bundles into it when the output is elsewhere).
    expect(new Set(runs.map((run) => run.cwd)).size).toBe(3);
  });
});

describe('mergeRenderedOutput', () => {
  let work = '';
  afterEach(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  const tree = (dir: string): Record<string, string> =>
    Object.fromEntries(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const file = path.join(entry.parentPath, entry.name);
          return [path.relative(dir, file), readFileSync(file, 'utf8')];
        })
        .sort(),
    );

  test("moves in what the build folder lacks, keeps the first process's copy of what both have, removes the rest", async () => {
    work = mkdtempSync(path.join(tmpdir(), 'thela-merge-'));
    const into = path.join(work, 'site');
    const from = path.join(work, 'other');
    write(path.join(into, 'index.html'), 'home (first)');
    write(path.join(into, 'product/a/index.html'), 'a');
    write(path.join(into, '_astro/app.js'), 'bundle');
    write(path.join(into, 'category/fruits/index.html'), 'fruits 1');
    write(path.join(from, 'index.html'), 'home (second)');
    write(path.join(from, 'product/b/index.html'), 'b');
    write(path.join(from, 'product/c/index.html'), 'c');
    write(path.join(from, '_astro/app.js'), 'bundle');
    write(path.join(from, 'category/fruits/2/index.html'), 'fruits 2');
    const inode = statSync(path.join(from, 'product/b/index.html')).ino;
    // product/b and product/c moved whole, fruits/2 inside the folder both have.
    expect(await mergeRenderedOutput(from, into)).toBe(3);
    expect(tree(into)).toEqual({
      '_astro/app.js': 'bundle',
      'category/fruits/2/index.html': 'fruits 2',
      'category/fruits/index.html': 'fruits 1',
      'index.html': 'home (first)',
      'product/a/index.html': 'a',
      'product/b/index.html': 'b',
      'product/c/index.html': 'c',
    });
    // Moved, not copied: the file the process's cache shares.
    expect(statSync(path.join(into, 'product/b/index.html')).ino).toBe(inode);
    expect(() => statSync(from)).toThrow();
  });
});

describe('mergeSitemaps', () => {
  let work = '';
  afterEach(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test("one sitemap of every process's URLs, each once, in the sitemap's order; the URL files removed", async () => {
    work = mkdtempSync(path.join(tmpdir(), 'thela-sitemaps-'));
    const dirs = [path.join(work, 'a'), path.join(work, 'b')];
    const siteUrl = 'https://thela.example/';
    dirs.forEach((dir) => mkdirSync(dir));
    writeFileSync(
      path.join(dirs[0]!, SHARD_URLS_FILE),
      JSON.stringify({ siteUrl, urls: [siteUrl, `${siteUrl}category/fruits/10/`, `${siteUrl}product/b/`] }),
    );
    writeFileSync(
      path.join(dirs[1]!, SHARD_URLS_FILE),
      JSON.stringify({ siteUrl, urls: [siteUrl, `${siteUrl}category/fruits/2/`, `${siteUrl}product/a/`] }),
    );
    expect(await mergeSitemaps(dirs, dirs[0]!)).toBe(5);
    const xml = readFileSync(path.join(dirs[0]!, 'sitemap-0.xml'), 'utf8');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      siteUrl,
      `${siteUrl}category/fruits/2/`,
      `${siteUrl}category/fruits/10/`,
      `${siteUrl}product/a/`,
      `${siteUrl}product/b/`,
    ]);
    expect(readFileSync(path.join(dirs[0]!, 'sitemap-index.xml'), 'utf8')).toContain(`${siteUrl}sitemap-0.xml`);
    expect(readdirSync(dirs[0]!).sort()).toEqual(['sitemap-0.xml', 'sitemap-index.xml']);
    expect(readdirSync(dirs[1]!)).toEqual([]);
  });

  test('writes nothing when no process wrote URLs (no `site` configured)', async () => {
    work = mkdtempSync(path.join(tmpdir(), 'thela-sitemaps-'));
    expect(await mergeSitemaps([work], work)).toBe(0);
    expect(readdirSync(work)).toEqual([]);
  });
});

describe('page counter across processes', () => {
  test('counters sharing a file map count each output file once, rendered if any process rendered it', () => {
    const files = new Map<string, boolean>();
    const first = pageCounter(files);
    const second = pageCounter(files);
    first.feed('  ├─ /index.html (+3ms)\n  ├─ /product/a/index.html (cached)\n  ├─ /product/c/index.html (+2ms)\n');
    second.feed('  ├─ /index.html (+4ms)\n  ├─ /product/b/index.ht');
    second.feed('ml (cached)\n');
    first.done();
    expect(second.done()).toEqual({ rendered: 2, reused: 2 });
  });
});
