/**
 * Incremental builds are correct: after one product's name, price, availability and category change, an
 * incremental rebuild (pages reused from Astro's cache) shows the new data everywhere the product appears, equals
 * a full build of the same catalogue byte for byte, and reuses the pages that do not show the product.
 * Three real builds of the sample catalogue through `astro build` (npm run build), read from a file (THELA_CATALOGUE_FILE).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readBuildRecord } from '../../scripts/lib/build-record.ts';
import type { PageCounts } from '../../scripts/integrations/linked-output.ts';
import { formatPaise } from '../../src/lib/format.ts';
import type { CatalogueTables } from '../../src/lib/catalogue/rows.ts';

const root = path.resolve(import.meta.dirname, '../..');
const sample = JSON.parse(readFileSync(path.join(root, 'src/data/sample-catalogue.json'), 'utf8')) as CatalogueTables;
const hasFlock = spawnSync('flock', ['--version']).status === 0;

// On the home page (popular and best sellers), in the bakery > bread listings and in the related row of the other
// bread products (third of its category by id); moved to staples > rice.
const ID = 'britannia-brown-bread-400-g';
const NEW = { name: 'Whole Wheat Incremental Loaf', price: 49.5, is_available: false, category_id: 'rice' };

interface Build {
  dir: string;
  counts: PageCounts;
  /** Pages and data files not written by this build: linked from the cache (relative, no leading slash). */
  reused: Set<string>;
  rendered: Set<string>;
}

let work = '';
let before: Build;
let after: Build;
let full: Build;
let old: (typeof sample.products)[number];

function build(name: string, catalogue: CatalogueTables, cache: string, extra: string[] = []): Build {
  const file = path.join(work, `${name}.json`);
  writeFileSync(file, JSON.stringify(catalogue));
  const dir = path.join(work, name);
  const command = [process.execPath, 'node_modules/astro/bin/astro.mjs', 'build', ...extra];
  // Other builds share this tree: queue behind them where flock exists (as tests/ops/real-build.test.ts does).
  const [bin, ...args] = hasFlock ? ['flock', '/tmp/thela-build.lock', ...command] : command;
  const record = path.join(work, `${name}.record.json`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    OUT_DIR: dir,
    THELA_CATALOGUE_FILE: file,
    THELA_BUILD_CACHE: cache,
    THELA_BUILD_RECORD: record,
  };
  delete env['PUBLIC_SUPABASE_URL'];
  delete env['PUBLIC_SUPABASE_ANON_KEY'];
  delete env['CATALOGUE_SIZE'];
  delete env['THELA_FULL_BUILD'];
  const started = Date.now();
  const result = spawnSync(bin as string, args, { cwd: root, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  expect(result.status, `${name}: ${result.stderr.slice(-2000)}`).toBe(0);
  const counts = readBuildRecord(record)?.pages;
  expect(counts, `${name}: no build record`).toBeDefined();
  // A page rendered again is a file written during this build; a reused one is the cache's older file, linked.
  const reused = new Set<string>();
  const rendered = new Set<string>();
  for (const page of files(dir).filter((f) => /\.(html|json)$/.test(f))) {
    (statSync(path.join(dir, page)).mtimeMs >= started ? rendered : reused).add(page);
  }
  expect(rendered.size).toBeLessThanOrEqual(counts!.rendered);
  return { dir, counts: counts!, reused, rendered };
}

/** Every file of a build (relative paths), but Pagefind's index, whose fragment names are not stable between runs. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('pagefind/'))
    .sort();
}

const read = (b: Build, file: string) => readFileSync(path.join(b.dir, file), 'utf8');

describe.skipIf(process.env['THELA_SKIP_REAL_BUILD'] === '1')('incremental build', () => {
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'thela-incremental-'));
    const cache = path.join(work, 'cache');
    before = build('before', sample, cache);
    const products = sample.products.map((p) => (p.id === ID ? { ...p, ...NEW } : p));
    old = sample.products.find((p) => p.id === ID)!;
    const changed = { ...sample, products };
    after = build('after', changed, cache);
    // The reference: the same catalogue rendered from scratch, with a cache of its own.
    full = build('full', changed, path.join(work, 'cache-full'), ['--force']);
  }, 900_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('the first build renders every page, the rebuild reuses most of them', () => {
    expect(before.counts.reused).toBe(0);
    expect(full.counts.reused).toBe(0);
    const total = before.counts.rendered;
    expect(after.counts.rendered + after.counts.reused).toBe(total);
    // 469 product pages alone are keyed; one product's change touches a few dozen pages at most.
    expect(after.counts.reused).toBeGreaterThan(total * 0.75);
    expect(after.rendered).toContain(`product/${ID}/index.html`);
  });

  test('the incremental rebuild equals a full build of the changed catalogue, byte for byte', () => {
    const list = files(after.dir);
    expect(list).toEqual(files(full.dir));
    const differing = list.filter((file) => !readFileSync(path.join(after.dir, file)).equals(readFileSync(path.join(full.dir, file))));
    expect(differing).toEqual([]);
  });

  test('every page that showed or shows the product has the new data, none the old name', () => {
    // Sample orders (orders/ORD-*) keep the names their lines were bought under: history, rendered on every build.
    const stale = files(after.dir).filter(
      (file) => /\.(html|json|xml)$/.test(file) && !file.startsWith('orders/') && read(after, file).includes(old.name),
    );
    expect(stale).toEqual([]);
    // Before: on its page, the home page, the bread listings and other bread products' related rows.
    const siblings = sample.products
      .filter((p) => p.category_id === old.category_id && p.id !== ID)
      .map((p) => `product/${p.id}/index.html`);
    expect(siblings.filter((file) => read(before, file).includes(old.name)).length).toBeGreaterThan(3);
    for (const file of [`product/${ID}/index.html`, 'index.html', 'category/bakery/subcategory/bread/listing.json'])
      expect(read(before, file), file).toContain(old.name);

    const page = read(after, `product/${ID}/index.html`);
    expect(page).toContain(NEW.name);
    expect(page).toContain(formatPaise(NEW.price * 100));
    expect(page).toContain('Out of stock');
    expect(page).toContain('/category/staples/subcategory/rice');
    // Now out of stock: off the home page's sections and the related rows, listed (last, out of stock) under rice, gone from bread.
    expect(read(after, 'index.html')).not.toContain(`/product/${ID}`);
    const rice = read(after, 'category/staples/subcategory/rice/listing.json');
    expect(rice).toContain(
      JSON.stringify([NEW.name, Math.round(NEW.price * 100), old.original_price === null ? 0 : Math.round(old.original_price * 100), 0]),
    );
    expect(read(after, 'category/bakery/subcategory/bread/listing.json')).not.toContain(NEW.name);
    for (const file of siblings) expect(read(after, file), file).not.toContain(`/product/${ID}`);
    const riceListing = files(after.dir).filter((f) => /^category\/staples\/subcategory\/rice\/(\d+\/)?index\.html$/.test(f));
    expect(riceListing.some((f) => read(after, f).includes(NEW.name))).toBe(true);
    expect(read(after, 'sitemap-0.xml')).toContain(`/product/${ID}/`);
  });

  test('pages that do not show the product were reused, unchanged', () => {
    const unrelated = sample.products
      .filter((p) => p.category_id === 'hair-care' || p.category_id === 'detergents')
      .map((p) => `product/${p.id}/index.html`);
    expect(unrelated.length).toBeGreaterThan(5);
    for (const file of [...unrelated, 'category/personal-care/index.html', 'category/cleaning/subcategory/detergents/listing.json']) {
      expect(after.reused, file).toContain(file);
      expect(read(after, file), file).toBe(read(before, file));
    }
  });
});
