/**
 * Incremental builds without copying: fills the output folder with hard links to the cache's copy of every page the
 * last build recorded, unlinks a page before Astro renders it again, and makes each rendered page's two copies one
 * file. Stops the build on an unknown cache manifest. Why and how: docs/architecture.md, "Linked output".
 */
import type { AstroIntegration } from 'astro';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { isRecord } from '../../src/lib/fields.ts';

const MANIFEST = 'incremental-build.json';
const CACHED_OUTPUT = 'dist';
const MANIFEST_VERSION = 1;

/** Thrown when Astro's cache manifest is not the version and shape this integration was written against. */
export class ManifestShapeError extends Error {}

/**
 * The output files (relative, '/' separated) the cache holds a copy of, per its manifest; [] when there is none or
 * it is unreadable (a first build, a cache cut short).
 */
export function cachedOutputFiles(cacheDir: string): string[] {
  let manifest: unknown;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(cacheDir, MANIFEST), 'utf8'));
  } catch {
    return [];
  }
  // Astro's manifest (astro/dist/core/build/incremental.js): { version, routes: { [component]: { paths: { [pathname]: { outputFile } } } } }.
  const routes = isRecord(manifest) && manifest['version'] === MANIFEST_VERSION ? manifest['routes'] : undefined;
  if (!isRecord(routes) || !Object.values(routes).every((route) => isRecord(route) && isRecord(route['paths']))) {
    const version = isRecord(manifest) ? JSON.stringify(manifest['version']) : 'none';
    throw new ManifestShapeError(
      `thela:linked-output: Astro's ${MANIFEST} (version ${version}) is not the version ${MANIFEST_VERSION} manifest scripts/integrations/linked-output.ts reads; revisit cachedOutputFiles there`,
    );
  }
  const files: string[] = [];
  for (const route of Object.values(routes) as { paths: Record<string, unknown> }[]) {
    for (const entry of Object.values(route.paths)) {
      const file = isRecord(entry) ? entry['outputFile'] : undefined;
      // Relative and inside the folder: never a path that climbs out of it.
      if (typeof file === 'string' && file && !path.isAbsolute(file) && !file.split('/').includes('..')) files.push(file);
    }
  }
  return files;
}

/**
 * Hard-links `files` from `cacheDir/dist/` into `outDir`; returns the files linked (missing cache copies are skipped).
 * Across file systems no link can be made (EXDEV): then nothing more is linked, and Astro restores the reused pages
 * by copying, as it does without this integration.
 */
export async function linkCachedOutput(cacheDir: string, outDir: string, files: readonly string[], concurrency = 16): Promise<string[]> {
  const from = path.join(cacheDir, CACHED_OUTPUT);
  const made = new Set<string>();
  const linked: string[] = [];
  let apart = false;
  await pLimit(concurrency).map(files, async (file) => {
    if (apart) return;
    const target = path.join(outDir, file);
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      await fs.promises.mkdir(dir, { recursive: true });
      made.add(dir);
    }
    try {
      await fs.promises.link(path.join(from, file), target);
      linked.push(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EXDEV') apart = true;
      // No cached copy (Astro renders the page), or already there: go on. Anything else is a real failure.
      else if (code !== 'ENOENT' && code !== 'EEXIST') throw error;
    }
  });
  // Links made before the first EXDEV (none: all come from one folder) stay valid; the rest Astro copies.
  return linked;
}

/**
 * Replaces each of `files` in `outDir` by a hard link to its copy in the cache (a link made under a temporary name,
 * then renamed over the file). For pages rendered this build: Astro wrote both copies with the same bytes, so two
 * system calls a page, nothing read or compared. Returns how many were replaced.
 */
export async function shareWithCache(cacheDir: string, outDir: string, files: readonly string[], concurrency = 16): Promise<number> {
  const from = path.join(cacheDir, CACHED_OUTPUT);
  let shared = 0;
  await pLimit(concurrency).map(files, async (file) => {
    const target = path.join(outDir, file);
    const temp = `${target}.${process.pid}.link.tmp`;
    try {
      await fs.promises.link(path.join(from, file), temp);
      await fs.promises.rename(temp, target);
      shared++;
    } catch {
      await fs.promises.rm(temp, { force: true });
    }
  });
  return shared;
}

/** Removes every entry of `dir` but `.git` (what Astro's own emptying of the output folder does). */
export function emptyFolder(dir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (name !== '.git') fs.rmSync(path.join(dir, name), { recursive: true, force: true });
}

/**
 * The output file (relative, '/' separated) Astro writes for a prerendered request, with `build.format: 'directory'`
 * and no `base` (getOutFile in astro/dist/core/build/common.js): a page's `<path>/index.html`, an endpoint's path.
 */
export function outputFileOf(url: string, routeType: string): string {
  const file = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '');
  if (routeType === 'endpoint') return file;
  if (file === '404/' || file === '500/') return `${file.slice(0, -1)}.html`;
  return file === '' || file.endsWith('/') ? `${file}index.html` : `${file}/index.html`;
}

/** Removes the name `file` (one system call); a file that is not there is fine. */
async function unlinkName(file: string): Promise<void> {
  await fs.promises.unlink(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  });
}

/** The integration (astro.config.mjs). `log` receives one summary line per build. */
export function linkedOutput(log: (line: string) => void = (line) => console.log(line)): AstroIntegration {
  let outDir = '';
  let cacheDir = '';
  let linked = new Set<string>();
  /** The output files of the pages rendered this build (`outputFileOf`), unlinked before Astro wrote them. */
  let rendered = new Set<string>();
  let active = false;
  /** False for a full build (`--force`): no page is reused, so none is linked. */
  let linkCached = false;
  return {
    name: 'thela:linked-output',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig, logger }) => {
        active = command === 'build' && config.experimental.incrementalBuild;
        if (!active) return;
        // outputFileOf knows only this layout: with another, Astro copies the reused pages as it does by itself.
        if (config.build.format !== 'directory' || config.base !== '/') {
          logger.warn(`reused pages are copied, not linked: ${import.meta.filename} handles build.format 'directory' and base '/' only`);
          active = false;
          return;
        }
        linkCached = !process.argv.includes('--force');
        // Without the URL's trailing slash: the removal of emptied folders stops at `${outDir}/`.
        outDir = path.resolve(fileURLToPath(config.outDir));
        cacheDir = path.resolve(fileURLToPath(config.cacheDir));
        // This integration empties the folder itself before linking (astro:build:start), so Astro must not after.
        updateConfig({ vite: { build: { emptyOutDir: false } } });
      },
      'astro:build:start': async ({ setPrerenderer }) => {
        if (!active) return;
        emptyFolder(outDir);
        linked = new Set();
        rendered = new Set();
        if (linkCached) {
          const started = performance.now();
          linked = new Set(await linkCachedOutput(cacheDir, outDir, cachedOutputFiles(cacheDir)));
          if (linked.size) log(`linked-output: ${linked.size} cached pages linked in ${Math.round(performance.now() - started)} ms`);
        }
        // The emptied output folder holds no shared file but those just linked; any cache copy may be shared with a
        // release (shareWithCache, below), a full build's too.
        setPrerenderer((base) => ({
          ...base,
          render: async (request, options) => {
            const result = await base.render(request, options);
            const file = outputFileOf(request.url, options.routeData.type);
            rendered.add(file);
            await Promise.all([
              linked.has(file) ? unlinkName(path.join(outDir, file)) : undefined,
              unlinkName(path.join(cacheDir, CACHED_OUTPUT, file)),
            ]);
            return result;
          },
        }));
      },
      'astro:build:done': async ({ assets }) => {
        if (!active) return;
        const built = new Set<string>();
        for (const urls of assets.values())
          for (const url of urls) built.add(path.relative(outDir, fileURLToPath(url)).split(path.sep).join('/'));
        // A rendered page written under another name than outputFileOf's was not unlinked first: a linked one was written into.
        const unknown = [...rendered].filter((file) => !built.has(file));
        if (unknown.length) {
          throw new Error(
            `thela:linked-output: Astro wrote ${unknown.length} rendered pages under other names than expected (e.g. ${unknown[0]}); update outputFileOf in scripts/integrations/linked-output.ts`,
          );
        }
        // Linked but not built this time: pages no longer in the catalogue.
        const stale = [...linked].filter((file) => !built.has(file));
        for (const file of stale) {
          await fs.promises.rm(path.join(outDir, file), { force: true });
          let dir = path.dirname(path.join(outDir, file));
          while (
            dir.startsWith(`${outDir}${path.sep}`) &&
            (await fs.promises.rmdir(dir).then(
              () => true,
              () => false,
            ))
          )
            dir = path.dirname(dir);
        }
        if (stale.length) log(`linked-output: removed ${stale.length} pages no longer built`);
        // Astro wrote each rendered keyed page twice, to the output and to its cache: the two become one file, so the
        // next build links the very same file (and the after-steps recognise it, scripts/lib/file-results.ts) and a
        // release costs no more disk than the cache.
        const started = performance.now();
        const keyed = cachedOutputFiles(cacheDir).filter((file) => rendered.has(file));
        const shared = await shareWithCache(cacheDir, outDir, keyed);
        if (shared) log(`linked-output: ${shared} rendered pages shared with the cache in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
