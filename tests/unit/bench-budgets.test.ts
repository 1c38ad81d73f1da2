import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { budgetFromMeasured, checkBudgets, chunkName, formatBudgetFile, parseBudgetConfig } from '../../scripts/bench/budgets.ts';
import { fileForUrl, PAGE_TYPES, readPageTypes, resolvePages } from '../../scripts/bench/pages.ts';
import {
  AssetReader,
  analysePageFile,
  findTags,
  isRenderBlockingStylesheet,
  parseAttributes,
  reactIn,
  resolveUrl,
  staticImports,
} from '../../scripts/bench/static-weight.ts';
import { sizesOf } from '../../scripts/bench/util.ts';
import { must } from '../../scripts/lib/must.ts';

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/budget-site');
const SITE = path.join(FIXTURE, 'site');
const ROOT = path.resolve(FIXTURE, '../../..');

const fileSizes = (url: string) => sizesOf(readFileSync(path.join(SITE, url)));

describe('parseAttributes', () => {
  test('reads quoted, unquoted and valueless attributes and decodes entities', () => {
    expect(parseAttributes(` rel=stylesheet href="/a.css" media='print' disabled opts="{&quot;name&quot;:&quot;X&quot;}"`)).toEqual({
      rel: 'stylesheet',
      href: '/a.css',
      media: 'print',
      disabled: '',
      opts: '{"name":"X"}',
    });
  });
});

describe('findTags', () => {
  const html = readFileSync(path.join(SITE, 'index.html'), 'utf8');
  const tags = findTags(html);

  test('skips tags inside HTML comments and inside script bodies', () => {
    const urls = tags.map((tag) => tag.attrs['src'] ?? tag.attrs['href'] ?? tag.attrs['component-url']);
    expect(urls).not.toContain('/_astro/commented-out.js');
    expect(urls).not.toContain('/_astro/not-a-tag.css');
    expect(urls).toContain('/_astro/entry.js');
    expect(urls).toContain('/_astro/Featured.js');
  });

  test('marks which tags sit in <head>', () => {
    const base = must(
      tags.find((tag) => tag.attrs['href'] === '/_astro/base.css'),
      'base.css link',
    );
    const body = must(
      tags.find((tag) => tag.attrs['href'] === '/_astro/body.css'),
      'body.css link',
    );
    expect(base.inHead).toBe(true);
    expect(body.inHead).toBe(false);
  });

  test('keeps the text of inline scripts', () => {
    const inline = tags.find((tag) => tag.name === 'script' && tag.attrs['src'] === undefined);
    expect(inline?.body).toContain('import "/_astro/inline-dep.js"');
  });
});

describe('isRenderBlockingStylesheet', () => {
  const tags = findTags(readFileSync(path.join(SITE, 'index.html'), 'utf8'));
  const byHref = (href: string) =>
    must(
      tags.find((tag) => tag.attrs['href'] === href),
      `link to ${href}`,
    );

  test('a plain stylesheet in <head> blocks rendering', () => {
    expect(isRenderBlockingStylesheet(byHref('/_astro/base.css'))).toBe(true);
  });

  test('print media, a preload and a stylesheet in <body> do not', () => {
    expect(isRenderBlockingStylesheet(byHref('/_astro/print.css'))).toBe(false);
    expect(isRenderBlockingStylesheet(byHref('/_astro/late.css'))).toBe(false);
    expect(isRenderBlockingStylesheet(byHref('/_astro/body.css'))).toBe(false);
  });
});

describe('staticImports', () => {
  test('returns static imports and re-exports, not dynamic imports or strings', async () => {
    const code = readFileSync(path.join(SITE, '_astro/entry.js'), 'utf8');
    expect((await staticImports(code)).sort()).toEqual(['./reexport.js', './shared.js']);
  });

  test('returns nothing for code it cannot parse', async () => {
    expect(await staticImports('import {')).toEqual([]);
  });
});

describe('resolveUrl', () => {
  test('resolves relative specifiers against the importing chunk and keeps absolute paths', () => {
    expect(resolveUrl('./shared.js', '/_astro/entry.js')).toBe('/_astro/shared.js');
    expect(resolveUrl('/_astro/x.js', '/about/')).toBe('/_astro/x.js');
  });

  test('returns null for other origins and bare specifiers', () => {
    expect(resolveUrl('https://cdn.example/x.js', '/')).toBeNull();
    expect(resolveUrl('react', '/_astro/a.js')).toBeNull();
  });
});

describe('reactIn', () => {
  test('tells React DOM from React core from neither', () => {
    expect(reactIn(readFileSync(path.join(SITE, '_astro/client.js'), 'utf8'))).toBe('react-dom');
    expect(reactIn(readFileSync(path.join(SITE, '_astro/react.js'), 'utf8'))).toBe('react');
    expect(reactIn(readFileSync(path.join(SITE, '_astro/shared.js'), 'utf8'))).toBeNull();
  });
});

describe('analysePageFile', () => {
  test('follows scripts, the inline module and islands through static imports, once each', async () => {
    const weight = await analysePageFile(new AssetReader(SITE), '/', path.join(SITE, 'index.html'));
    const urls = weight.js.files.map((file) => file.url).sort();
    expect(urls).toEqual([
      '/_astro/Featured.js',
      '/_astro/client.js',
      '/_astro/entry.js',
      '/_astro/inline-dep.js',
      '/_astro/react.js',
      '/_astro/reexport.js',
      '/_astro/shared.js',
    ]);
    const expected = urls.reduce((sum, url) => sum + fileSizes(url).gzip, 0);
    expect(weight.js.total.gzip).toBe(expected);
  });

  test('leaves client:visible islands out of the eager JS', async () => {
    const weight = await analysePageFile(new AssetReader(SITE), '/', path.join(SITE, 'index.html'));
    const eager = ['/_astro/entry.js', '/_astro/inline-dep.js', '/_astro/shared.js', '/_astro/reexport.js'];
    expect(weight.js.eager.gzip).toBe(eager.reduce((sum, url) => sum + fileSizes(url).gzip, 0));
    expect(weight.islands).toEqual([{ component: 'Featured', directive: 'visible' }]);
  });

  test('first render is the HTML plus only the render-blocking stylesheet, each gzipped', async () => {
    const weight = await analysePageFile(new AssetReader(SITE), '/', path.join(SITE, 'index.html'));
    const html = sizesOf(readFileSync(path.join(SITE, 'index.html')));
    expect(weight.firstRender.gzip).toBe(html.gzip + fileSizes('/_astro/base.css').gzip);
    expect(weight.css.files.map((file) => file.url).sort()).toEqual(['/_astro/base.css', '/_astro/body.css', '/_astro/print.css']);
  });

  test('names the chunks that carry React', async () => {
    const weight = await analysePageFile(new AssetReader(SITE), '/', path.join(SITE, 'index.html'));
    expect(weight.reactDom).toEqual(['/_astro/client.js']);
    expect(weight.reactCore).toEqual(['/_astro/react.js']);
  });

  test('reports assets the HTML names that are not in the build', async () => {
    const html = '<html><head><script type="module" src="/_astro/gone.js"></script></head><body></body></html>';
    const { analysePage } = await import('../../scripts/bench/static-weight.ts');
    const weight = await analysePage(new AssetReader(SITE), '/', html);
    expect(weight.missing).toEqual(['/_astro/gone.js']);
  });
});

describe('resolvePages', () => {
  test('maps page types to files, takes the first product page, and notes types not built', async () => {
    const pages = await resolvePages(SITE);
    const byName = Object.fromEntries(pages.map((page) => [page.type.name, page]));
    expect(byName['product']?.url).toBe('/product/apple/');
    expect(byName['category']?.file).toBe(path.join(SITE, 'category/fruits/index.html'));
    expect(byName['search']?.missing).toMatch(/\/search\/ does not exist/);
  });

  test('fileForUrl handles directory URLs and .html URLs', () => {
    expect(fileForUrl('/d', '/')).toBe('/d/index.html');
    expect(fileForUrl('/d', '/404.html')).toBe('/d/404.html');
    expect(fileForUrl('/d', '/cart')).toBe('/d/cart/index.html');
  });

  test('page types come from page-types.json, checked when read', () => {
    expect(PAGE_TYPES.find((type) => type.name === 'product')).toEqual({ name: 'product', url: '/product/', firstUnder: true });
    expect(readPageTypes([{ name: 'home', url: '/' }])).toEqual([{ name: 'home', url: '/' }]);
    expect(() =>
      readPageTypes([
        { name: 'home', url: '/' },
        { name: 'cart', url: 'cart/' },
      ]),
    ).toThrow('[1].url must be a site URL');
    expect(() => readPageTypes([{ name: 'home', url: '/', contents: true }])).toThrow('unknown field "contents"');
    expect(() => readPageTypes([{ name: 'home', url: '/', firstUnder: 'yes' }])).toThrow('must be true or false');
    expect(() => readPageTypes([{ url: '/' }])).toThrow('[0].name must be a non-empty string');
  });
});

describe('parseBudgetConfig', () => {
  test('rejects an unknown page type', () => {
    expect(() => parseBudgetConfig('{"budgets":{"hme":{"maxJsGzip":1}}}')).toThrow(/unknown page type "hme"/);
  });

  test('rejects a budget that is not a byte count', () => {
    expect(() => parseBudgetConfig('{"budgets":{"home":{"maxJsGzip":"75KB"}}}')).toThrow(/budgets.home/);
  });

  test('defaults the first round trip to 14 KB = 14,336 bytes', () => {
    expect(parseBudgetConfig('{"budgets":{}}').firstRoundTripBytes).toBe(14336);
  });

  test('refuses a first-render budget or target above the first round trip, and a first round trip above 14,336', () => {
    expect(() => parseBudgetConfig('{"budgets":{"home":{"maxFirstRenderGzip":14337}}}')).toThrow(
      /"budgets\.home\.maxFirstRenderGzip" 14337 is above the first round trip of 14336 bytes/,
    );
    expect(() => parseBudgetConfig('{"targets":{"about":{"maxFirstRenderGzip":20000}}}')).toThrow(/"targets\.about\.maxFirstRenderGzip"/);
    expect(() => parseBudgetConfig('{"firstRoundTripBytes":10000,"budgets":{"home":{"maxFirstRenderGzip":12000}}}')).toThrow(
      /above the first round trip of 10000/,
    );
    expect(() => parseBudgetConfig('{"firstRoundTripBytes":20000}')).toThrow(/"firstRoundTripBytes" 20000/);
    expect(parseBudgetConfig('{"budgets":{"home":{"maxFirstRenderGzip":14336}}}').budgets['home']?.maxFirstRenderGzip).toBe(14336);
  });
});

describe('checkBudgets', () => {
  test('passes a build within its budgets', async () => {
    const config = parseBudgetConfig(readFileSync(path.join(FIXTURE, 'budgets-pass.json'), 'utf8'));
    const { breaches, rows } = await checkBudgets(SITE, config);
    expect(breaches).toEqual([]);
    expect(rows.find((row) => row.page === 'product')?.maxJsGzip).toBe(4096);
  });

  test('reports each breach on one line naming the page, the figure and the excess', async () => {
    const config = parseBudgetConfig(readFileSync(path.join(FIXTURE, 'budgets-fail.json'), 'utf8'));
    const { breaches } = await checkBudgets(SITE, config);
    expect(breaches).toHaveLength(4);
    expect(breaches.find((line) => line.startsWith('home'))).toMatch(
      /^home \(\/\): JS [\d.]+ KB gzip > budget 0\.1 KB by [\d.]+ KB — [\d.]+ KB more than when the budget was set; new chunks: Featured [\d.]+ KB; gone: gone-chunk$/,
    );
    expect(breaches.find((line) => line.startsWith('category'))).toMatch(
      /first render [\d.]+ KB gzip \(HTML [\d.]+ KB \+ CSS [\d.]+ KB\) > budget/,
    );
    expect(breaches.find((line) => line.startsWith('about'))).toMatch(
      /ships React \(react-dom in client\.js\) via Featured \(client:idle\)/,
    );
    expect(breaches.find((line) => line.startsWith('search'))).toMatch(/does not exist in this build/);
  });

  test('without a record of the measured chunks, names the largest chunks', async () => {
    const config = parseBudgetConfig('{"budgets":{"home":{"maxJsGzip":10}}}');
    const { breaches } = await checkBudgets(SITE, config);
    expect(breaches[0]).toMatch(/— largest: \S+\.js [\d.]+ KB, \S+\.js [\d.]+ KB$/);
  });

  test('holds every page type to the first round trip, with or without a budget of its own', async () => {
    const config = parseBudgetConfig(
      '{"firstRoundTripBytes":100,"budgets":{"home":{"maxJsGzip":100000},"category":{"maxFirstRenderGzip":100}}}',
    );
    const { breaches, rows } = await checkBudgets(SITE, config);
    expect(rows.find((row) => row.page === 'home')?.maxFirstRenderGzip).toBe(100);
    expect(breaches.find((line) => line.startsWith('home'))).toMatch(
      /^home \(\/\): first render [\d.]+ KB gzip \(HTML [\d.]+ KB \+ CSS [\d.]+ KB\) > target 0\.1 KB/,
    );
    expect(breaches.find((line) => line.startsWith('category'))).toMatch(/first render .* > budget 0\.1 KB/);
  });

  test('no page type may have a first-render budget above the first round trip', () => {
    expect(() => parseBudgetConfig('{"budgets":{"home":{"maxFirstRenderGzip":14337}}}')).toThrow(
      /"budgets\.home\.maxFirstRenderGzip" 14337 is above/,
    );
    expect(() => parseBudgetConfig('{"budgets":{"home":{"maxFirstRenderGzip":14336}}}')).not.toThrow();
  });

  test('a target tighter than the budget wins', async () => {
    const config = parseBudgetConfig('{"budgets":{"product":{"maxJsGzip":100000}},"targets":{"product":{"maxJsGzip":10}}}');
    const { breaches } = await checkBudgets(SITE, config);
    expect(breaches[0]).toMatch(/> target 0\.0 KB/);
  });
});

describe('chunkName', () => {
  test('drops the directory and the content hash', () => {
    expect(chunkName('/_astro/cart.CSNlwQpp.js')).toBe('cart');
    expect(chunkName('/_astro/Toaster.astro_astro_type_script_index_0_lang.CC5XsxNm.js')).toBe(
      'Toaster.astro_astro_type_script_index_0_lang',
    );
    expect(chunkName('/_astro/rolldown-runtime.WkwZ5CU-.js')).toBe('rolldown-runtime');
    expect(chunkName('/_astro/entry.js')).toBe('entry');
  });
});

describe('budgetFromMeasured', () => {
  test('adds the margin and rounds up to 128 bytes', () => {
    expect(budgetFromMeasured(1000, 0.07)).toBe(1152);
    expect(budgetFromMeasured(1280, 0)).toBe(1280);
  });

  test('never above the ceiling it is given (a first-render budget never passes the first round trip)', () => {
    expect(budgetFromMeasured(14000, 0.07, 14336)).toBe(14336);
    expect(budgetFromMeasured(1000, 0.07, 14336)).toBe(1152);
  });
});

describe('formatBudgetFile', () => {
  test('writes one line per page type and reads back to the same data', () => {
    const data = {
      $comment: 'c',
      firstRoundTripBytes: 14336,
      budgets: { home: { maxJsGzip: 1, maxFirstRenderGzip: 2 }, about: { maxJsGzip: 3, maxFirstRenderGzip: 4 } },
      targets: { about: { noReact: true } },
    };
    const text = formatBudgetFile(data);
    expect(JSON.parse(text)).toEqual(data);
    expect(text).toContain('    "home": { "maxJsGzip": 1, "maxFirstRenderGzip": 2 },\n');
    expect(parseBudgetConfig(text).budgets['about']).toEqual({ maxJsGzip: 3, maxFirstRenderGzip: 4 });
  });
});

describe('scripts/check-budgets.ts', () => {
  const run = (budgets: string) =>
    spawnSync(process.execPath, ['scripts/check-budgets.ts', SITE, '--budgets', path.join(FIXTURE, budgets)], {
      cwd: ROOT,
      encoding: 'utf8',
    });

  test('exits 0 and prints the table when every page is within budget', () => {
    const result = run('budgets-pass.json');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/product\s+\/product\/apple\//);
    expect(result.stdout).toContain('All page types within budget.');
  });

  test('exits 1 with one BUDGET line per breach', () => {
    const result = run('budgets-fail.json');
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('BUDGET '))).toHaveLength(4);
  });

  test('exits 2 when the directory is not a build', () => {
    const result = spawnSync(process.execPath, ['scripts/check-budgets.ts', FIXTURE], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/not a built site/);
  });
});
