/**
 * Incremental builds without copying: the output folder is hard links to the cache's copies of the pages, unlinked
 * before Astro renders one again. Stops the build on an unknown cache manifest. Why: docs/architecture.md, "Linked output".
 */
import type { AstroIntegration } from 'astro';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { isRecord } from '../../src/lib/fields.ts';
import { buildCodeVersion } from '../lib/code-version.ts';

const MANIFEST = 'incremental-build.json';
const CACHED_OUTPUT = 'dist';
const MANIFEST_VERSION = 1;
/** Beside Astro's manifest: the version of the build's code its pages were rendered with (`buildCodeVersion`). */
const CODE_STAMP = 'thela-build-code.txt';

/** A file's text, or '' when it cannot be read. */
const readText = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** The output files (relative, '/' separated) the cache's manifest lists; [] when it is missing or unreadable. Throws on another shape. */
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
    throw new Error(
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

/** Hard-links `files` from `cacheDir/dist/` into `outDir`; returns those linked. Across file systems (EXDEV) Astro copies the rest. */
export async function linkCachedOutput(cacheDir: string, outDir: string, files: readonly string[]): Promise<string[]> {
  const from = path.join(cacheDir, CACHED_OUTPUT);
  const made = new Set<string>();
  const linked: string[] = [];
  let apart = false;
  await pLimit(16).map(files, async (file) => {
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
  return linked;
}

/** Replaces each of `files` in `outDir` by a hard link to its cache copy (Astro wrote both with the same bytes); returns how many. */
export async function shareWithCache(cacheDir: string, outDir: string, files: readonly string[]): Promise<number> {
  const from = path.join(cacheDir, CACHED_OUTPUT);
  let shared = 0;
  await pLimit(16).map(files, async (file) => {
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

/** The output file Astro writes for a request with `build.format: 'directory'`, no `base` (getOutFile, astro/dist/core/build/common.js). */
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

/** Pages rendered this build, and reused from the cache (linked, or copied by Astro). */
export interface PageCounts {
  rendered: number;
  reused: number;
}

/** When rendering started (performance.now()), and each top folder's pages rendered and their render time (ms). */
export interface RenderTimes {
  startedAt: number | null;
  byFolder: Record<string, { pages: number; ms: number }>;
}

/**
 * The integration (astro.config.mjs). `log` receives one summary line per build; `onPages` the build's page counts and
 * render times, at the end of its `astro:build:done` (for the build's record: scripts/integrations/build-steps.ts).
 */
export function linkedOutput(
  log: (line: string) => void = (line) => console.log(line),
  onPages: (counts: PageCounts, times: RenderTimes) => void = () => {},
): AstroIntegration {
  let outDir = '';
  let cacheDir = '';
  let linked = new Set<string>();
  /** The output files of the pages rendered this build (`outputFileOf`), unlinked before Astro wrote them. */
  let rendered = new Set<string>();
  let times: RenderTimes = { startedAt: null, byFolder: {} };
  let active = false;
  /** False for a full build (`--force`): no page is reused, so none is linked. */
  let linkCached = false;
  /** The build's code version, stamped beside the cache once a build with it succeeded. */
  let buildCode = { file: '', version: '' };
  return {
    name: 'thela:linked-output',
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig, logger }) => {
        active = command === 'build' && config.experimental.incrementalBuild;
        if (!active) return;
        // outputFileOf knows only this layout: with another, Astro copies the reused pages as it does by itself.
        if (config.build.format !== 'directory' || config.base !== '/') {
          logger.warn(`reused pages are copied, not linked: ${import.meta.filename} handles build.format 'directory' and base '/' only`);
          active = false;
          return;
        }
        // A full build: Astro's `--force`, or THELA_FULL_BUILD=1 (the operators' and the bench's), for which the
        // manifest goes, so Astro finds no page to reuse either and records a fresh one.
        const full = process.argv.includes('--force') || process.env['THELA_FULL_BUILD'] === '1';
        linkCached = !full;
        // Without the URL's trailing slash: the removal of emptied folders stops at `${outDir}/`.
        outDir = path.resolve(fileURLToPath(config.outDir));
        cacheDir = path.resolve(fileURLToPath(config.cacheDir));
        // Astro keys a page on its own modules, not on the build's code (the integrations, their libraries, the config):
        // after a change there, every page is rendered again, as after `--force`.
        buildCode = { file: path.join(cacheDir, CODE_STAMP), version: await buildCodeVersion() };
        const changed = readText(buildCode.file) !== buildCode.version;
        if (changed && !full && fs.existsSync(path.join(cacheDir, MANIFEST))) {
          logger.info(`the build's code changed since the cached pages were rendered (${buildCode.version}): every page is rendered again`);
        }
        if (full || changed) fs.rmSync(path.join(cacheDir, MANIFEST), { force: true });
        // This integration empties the folder itself before linking (astro:build:start), so Astro must not after.
        updateConfig({ vite: { build: { emptyOutDir: false } } });
      },
      'astro:build:start': async ({ setPrerenderer }) => {
        if (!active) return;
        emptyFolder(outDir);
        linked = new Set();
        rendered = new Set();
        times = { startedAt: null, byFolder: {} };
        if (linkCached) {
          const started = performance.now();
          linked = new Set(await linkCachedOutput(cacheDir, outDir, cachedOutputFiles(cacheDir)));
          if (linked.size) log(`linked-output: ${linked.size} cached pages linked in ${Math.round(performance.now() - started)} ms`);
        }
        setPrerenderer((base) => ({
          ...base,
          render: async (request, options) => {
            const started = performance.now();
            times.startedAt ??= started;
            const result = await base.render(request, options);
            const file = outputFileOf(request.url, options.routeData.type);
            rendered.add(file);
            const folder = (times.byFolder[file.includes('/') ? (file.split('/')[0] as string) : file === 'index.html' ? 'home' : file] ??=
              {
                pages: 0,
                ms: 0,
              });
            folder.pages++;
            folder.ms += performance.now() - started;
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
          // Then its folders, as long as they are empty.
          for (let dir = path.dirname(path.join(outDir, file)); dir.startsWith(`${outDir}${path.sep}`); dir = path.dirname(dir)) {
            if ((await fs.promises.rmdir(dir).catch(() => false)) === false) break;
          }
        }
        if (stale.length) log(`linked-output: removed ${stale.length} pages no longer built`);
        // Each rendered keyed page's two copies (output, cache) become one file, which the next build links.
        const started = performance.now();
        const keyed = cachedOutputFiles(cacheDir).filter((file) => rendered.has(file));
        const shared = await shareWithCache(cacheDir, outDir, keyed);
        if (shared) log(`linked-output: ${shared} rendered pages shared with the cache in ${Math.round(performance.now() - started)} ms`);
        fs.writeFileSync(buildCode.file, buildCode.version);
        onPages({ rendered: rendered.size, reused: built.size - rendered.size }, times);
      },
    },
  };
}
