import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { cachedOutputFiles, linkCachedOutput, linkedOutput, outputFileOf } from '../../scripts/integrations/linked-output.ts';
import { buildCodeVersion } from '../../scripts/lib/code-version.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const inode = (file: string) => lstatSync(file).ino;

describe('outputFileOf', () => {
  test("returns the file Astro writes for a request, with build.format 'directory'", () => {
    expect(outputFileOf('http://localhost:4321/', 'page')).toBe('index.html');
    expect(outputFileOf('http://localhost:4321/product/atta-5-kg/', 'page')).toBe('product/atta-5-kg/index.html');
    expect(outputFileOf('http://localhost:4321/category/dairy/2', 'page')).toBe('category/dairy/2/index.html');
    expect(outputFileOf('http://localhost:4321/category/dairy/listing.json', 'endpoint')).toBe('category/dairy/listing.json');
    expect(outputFileOf('http://localhost:4321/404/', 'page')).toBe('404.html');
    expect(outputFileOf('http://localhost:4321/shop/caf%C3%A9/', 'page')).toBe('shop/café/index.html');
  });
});

/** A cache as Astro leaves it: a copy of each page and the manifest naming them; rendered with this build code. */
async function seedCache(cache: string, pages: Record<string, string>, code?: string): Promise<void> {
  const paths: Record<string, { outputFile: string }> = {};
  for (const [file, body] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(cache, 'dist', file)), { recursive: true });
    writeFileSync(path.join(cache, 'dist', file), body);
    paths[`/${file}`] = { outputFile: file };
  }
  writeFileSync(path.join(cache, 'incremental-build.json'), JSON.stringify({ version: 1, routes: { 'src/pages/p.astro': { paths } } }));
  writeFileSync(path.join(cache, 'thela-build-code.txt'), code ?? (await buildCodeVersion()));
}

/**
 * One build by the integration over `root/out` and `root/cache`, with Astro played by hand: its hooks in order, the
 * prerenderer it is given, and Astro's writes of each page in `render` (in place, to the output then to the cache).
 * `built` are the files Astro reports at the end (default: the rendered ones).
 */
async function build(root: string, render: Record<string, string>, built: string[] = Object.keys(render)) {
  const out = path.join(root, 'out');
  const cache = path.join(root, 'cache');
  const hooks = linkedOutput(() => {}).hooks as Required<AstroIntegration['hooks']>;
  const config = {
    outDir: pathToFileURL(`${out}/`),
    cacheDir: pathToFileURL(`${cache}/`),
    base: '/',
    build: { format: 'directory' },
    experimental: { incrementalBuild: true },
  };
  await hooks['astro:config:setup']({ command: 'build', config, updateConfig: () => {}, logger: console } as never);
  let prerenderer: AstroPrerenderer | undefined;
  await hooks['astro:build:start']({
    setPrerenderer: (make: (base: AstroPrerenderer) => AstroPrerenderer) => {
      prerenderer = make({ name: 'default', getStaticPaths: async () => [], render: async () => new Response('x') });
    },
  } as never);
  for (const [file, body] of Object.entries(render)) {
    await prerenderer!.render(new Request(`http://localhost/${path.dirname(file)}/`), { routeData: { type: 'page' } as never });
    for (const copy of [path.join(out, file), path.join(cache, 'dist', file)]) {
      await fs.promises.mkdir(path.dirname(copy), { recursive: true });
      await fs.promises.writeFile(copy, body);
    }
  }
  await hooks['astro:build:done']({ assets: new Map([['p', built.map((file) => pathToFileURL(path.join(out, file)))]]) } as never);
  return { out, cache };
}

describe('linkedOutput', () => {
  test('links reused pages, and a rendered page never changes the copy the cache or a release shares', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'thela-linked-'));
    dirs.push(root);
    const cache = path.join(root, 'cache');
    await seedCache(cache, { 'a/index.html': 'reused', 'b/index.html': 'old', 'gone/index.html': 'removed product' });
    // The live release shares the cache's copy, as an earlier build left it.
    const release = path.join(root, 'release-b.html');
    fs.linkSync(path.join(cache, 'dist', 'b/index.html'), release);

    const { out } = await build(root, { 'b/index.html': 'new' }, ['a/index.html', 'b/index.html']);
    expect(readFileSync(release, 'utf8')).toBe('old');
    expect(readFileSync(path.join(out, 'b/index.html'), 'utf8')).toBe('new');
    expect(readFileSync(path.join(cache, 'dist', 'b/index.html'), 'utf8')).toBe('new');
    // The reused page and the rendered one are each one file with the cache's copy; the removed product is gone.
    expect(inode(path.join(out, 'a/index.html'))).toBe(inode(path.join(cache, 'dist', 'a/index.html')));
    expect(inode(path.join(out, 'b/index.html'))).toBe(inode(path.join(cache, 'dist', 'b/index.html')));
    expect(existsSync(path.join(out, 'gone'))).toBe(false);
  });

  test('a cache rendered with other build code (the integrations, their libraries, the config) links nothing: Astro renders every page', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'thela-linked-'));
    dirs.push(root);
    const cache = path.join(root, 'cache');
    await seedCache(cache, { 'a/index.html': 'rendered by older build code' }, 'another-version');
    const { out } = await build(root, {}, []);
    expect(existsSync(path.join(out, 'a/index.html'))).toBe(false);
    expect(existsSync(path.join(cache, 'incremental-build.json'))).toBe(false);
    // Stamped with this code once the build succeeded: the next one reuses again.
    expect(readFileSync(path.join(cache, 'thela-build-code.txt'), 'utf8')).toBe(await buildCodeVersion());
  });

  test('stops the build when Astro wrote a rendered page under another name than outputFileOf says', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'thela-linked-'));
    dirs.push(root);
    await expect(build(root, { 'p/index.html': 'page' }, ['p.html'])).rejects.toThrow(/update outputFileOf/);
  });
});

// No link from another file system can be made (tests/support/other-file-system.setup.ts provides one).
const otherFileSystem = inject('otherFileSystem');

describe('linkCachedOutput', () => {
  test('a cache on another file system links nothing and does not fail (Astro copies instead)', async (context) => {
    if (otherFileSystem === null) return context.skip(inject('otherFileSystemMissing'));
    const cache = mkdtempSync(path.join(otherFileSystem, 'thela-linked-'));
    const out = mkdtempSync(path.join(tmpdir(), 'thela-linked-out-'));
    try {
      mkdirSync(path.join(cache, 'dist', 'p'), { recursive: true });
      writeFileSync(path.join(cache, 'dist', 'index.html'), 'home');
      writeFileSync(path.join(cache, 'dist', 'p', 'index.html'), 'page');
      expect(await linkCachedOutput(cache, out, ['index.html', 'p/index.html', 'gone/index.html'])).toEqual([]);
    } finally {
      rmSync(cache, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('cachedOutputFiles', () => {
  test("reads Astro's version 1 manifest, and a cache without one is a first build", async () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'thela-linked-cache-'));
    dirs.push(cache);
    expect(cachedOutputFiles(cache)).toEqual([]);
    await seedCache(cache, { 'index.html': 'home', 'p/index.html': 'page' });
    expect(cachedOutputFiles(cache)).toEqual(['index.html', 'p/index.html']);
  });

  test('stops the build on another manifest version or shape, naming the file to revisit', () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'thela-linked-cache-'));
    dirs.push(cache);
    for (const manifest of [{ version: 2, routes: {} }, { version: 1, routes: { 'src/pages/p.astro': { files: {} } } }, []]) {
      writeFileSync(path.join(cache, 'incremental-build.json'), JSON.stringify(manifest));
      expect(() => cachedOutputFiles(cache)).toThrow(/revisit cachedOutputFiles there/);
    }
    expect(() => cachedOutputFiles(cache)).toThrow('scripts/integrations/linked-output.ts');
  });
});
