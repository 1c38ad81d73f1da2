/**
 * Incremental builds without copying (issue 13): an Astro integration that fills the output folder with hard links
 * to the incremental-build cache's copy of every page the last build recorded, before Astro generates any page.
 *
 * Astro (core/build/generate.js) keeps a reused page that is already in the output folder and otherwise copies it
 * from its cache (`<cacheDir>/dist/`), one file at a time: at 10,000 products that copy of ~11,500 pages was most of
 * a one-row rebuild (about 20 of its 28 s). A hard link costs one system call and no bytes, and the operators'
 * releases then share those files with the cache and with each other (the dedupe step finds them already shared).
 *
 * Two rules keep this correct:
 * - Only cached copies are linked, exactly the files Astro itself would restore; a page whose key or templates
 *   changed is rendered as usual and written over its link, and a page that is no longer built (a removed product)
 *   is deleted from the output at `astro:build:done` (it is not among the files Astro reports).
 * - A linked file is shared, so nothing may write into it in place: while Astro runs, every write through Node's
 *   `fs` to a file under the output or cache folder that has more than one link first removes that name (a new
 *   file is written; the other names keep the old bytes). So a rendered page never changes the live release's copy
 *   or the cache's, and Astro's rewrite of a changed page in its cache never changes a release.
 * And one write per rendered page: Astro writes the page to the output and then the same bytes to its cache; the
 * second write becomes a hard link to the first file (`GuardOptions`), which is also how the two share it after.
 *   Only the page outputs are linked: bundles, public files and the sitemap are written by other code into the
 *   emptied folder as new files.
 *
 * `astro build --force` (a full build) links nothing, since every page is rendered, but keeps the one-write rule:
 * at 100,000 products that is 4 GB of pages not written a second time. Without a cache manifest nothing is linked
 * either. Reads Astro's cache manifest (`incremental-build.json`, version 1); another version links nothing.
 */
import type { AstroIntegration } from 'astro';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';

const MANIFEST = 'incremental-build.json';
const CACHED_OUTPUT = 'dist';
const MANIFEST_VERSION = 1;

/** The output files (relative, '/' separated) the cache holds a copy of, per its manifest; [] when unreadable. */
export function cachedOutputFiles(cacheDir: string): string[] {
  let manifest: unknown;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(cacheDir, MANIFEST), 'utf8'));
  } catch {
    return [];
  }
  // Astro's manifest (astro/dist/core/build/incremental.js): { version, routes: { [component]: { paths: { [pathname]: { outputFile } } } } }.
  const record = (value: unknown): Record<string, unknown> =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const root = record(manifest);
  if (root['version'] !== MANIFEST_VERSION) return [];
  const files: string[] = [];
  for (const route of Object.values(record(root['routes']))) {
    for (const entry of Object.values(record(record(route)['paths']))) {
      const file = record(entry)['outputFile'];
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
 * Replaces each of `files` in `outDir` by a hard link to its copy in the cache when both have the same size (a
 * link made under a temporary name, then renamed over the file). Returns how many were replaced.
 */
export async function shareWithCache(cacheDir: string, outDir: string, files: readonly string[], concurrency = 16): Promise<number> {
  const from = path.join(cacheDir, CACHED_OUTPUT);
  let shared = 0;
  await pLimit(concurrency).map(files, async (file) => {
    const target = path.join(outDir, file);
    const source = path.join(from, file);
    const [a, b] = await Promise.all([fs.promises.lstat(target).catch(() => null), fs.promises.lstat(source).catch(() => null)]);
    if (!a?.isFile() || !b?.isFile() || a.size !== b.size || a.ino === b.ino) return;
    const temp = `${target}.${process.pid}.link.tmp`;
    try {
      await fs.promises.link(source, temp);
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

type PathArg = fs.PathLike | fs.promises.FileHandle | number;

function pathOf(target: PathArg): string | undefined {
  if (typeof target === 'string') return path.resolve(target);
  if (target instanceof URL) return target.protocol === 'file:' ? fileURLToPath(target) : undefined;
  if (Buffer.isBuffer(target)) return path.resolve(target.toString());
  return undefined;
}

/** What `guardSharedFiles` does beside guarding: the one-write rule below. */
export interface GuardOptions {
  /**
   * Astro writes each rendered page twice with the same bytes: to the output folder, then to the cache's copy
   * (`<cacheDir>/dist/`). With both folders given, the second write is a hard link to the first file instead: one
   * write per page, and the output and the cache share it, as `shareWithCache` would make them after the build.
   * Only when the cache write passes the very same buffer object the output write did, so the bytes are identical.
   */
  output?: string;
  cache?: string;
  /**
   * The output files (relative, '/' separated) that may be shared as the build starts: the output folder was emptied
   * and only these were linked into it. With it, a write to any other output file skips the check for other links
   * (a system call per page at 100,000 pages), unless this guard linked its cache copy to it on an earlier write.
   */
  sharedInOutput?: ReadonlySet<string>;
}

/**
 * Makes every write through `fs` (writeFile, appendFile, copyFile; promise, callback and sync forms) to a file under
 * one of `roots` that has other hard links replace that name instead of writing into the shared file. Returns the
 * function that undoes it, and the files whose cache copy was linked on write (`GuardOptions`).
 */
export function guardSharedFiles(roots: readonly string[], options: GuardOptions = {}): { undo: () => void; linkedOnWrite: Set<string> } {
  const prefixes = roots.map((root) => `${path.resolve(root)}${path.sep}`);
  const outputPrefix = options.output ? `${path.resolve(options.output)}${path.sep}` : undefined;
  const cachePrefix = options.cache ? `${path.resolve(options.cache)}${path.sep}` : undefined;
  /** The body last written to each output file (relative path), until the cache write of the same file. */
  const written = new Map<string, unknown>();
  const linkedOnWrite = new Set<string>();
  /** Output files the build itself cannot have shared: neither linked in at the start nor linked to on write. */
  const unshared = (file: string): boolean => {
    if (!options.sharedInOutput || !outputPrefix || !file.startsWith(outputPrefix)) return false;
    const relative = file.slice(outputPrefix.length).split(path.sep).join('/');
    return !options.sharedInOutput.has(relative) && !linkedOnWrite.has(relative);
  };
  const guarded = (target: PathArg): string | undefined => {
    const file = pathOf(target);
    return file && prefixes.some((prefix) => file.startsWith(prefix)) && !unshared(file) ? file : undefined;
  };
  const unshareSync = (target: PathArg) => {
    const file = guarded(target);
    if (!file) return;
    try {
      if (fs.lstatSync(file).nlink > 1) fs.unlinkSync(file);
    } catch {
      // Not there: nothing is shared.
    }
  };
  const unshare = async (target: PathArg) => {
    const file = guarded(target);
    if (!file) return;
    try {
      if ((await fs.promises.lstat(file)).nlink > 1) await fs.promises.unlink(file);
    } catch {
      // Not there: nothing is shared.
    }
  };
  /** The cache write of `body` made a link to the output file just written with it; false when it must be written. */
  const linkToOutput = async (target: PathArg, body: unknown): Promise<boolean> => {
    const file = pathOf(target);
    if (!outputPrefix || !cachePrefix || !file?.startsWith(cachePrefix) || typeof body !== 'object' || body === null) return false;
    const relative = file.slice(cachePrefix.length);
    if (written.get(relative) !== body) return false;
    written.delete(relative);
    const source = path.join(outputPrefix, relative);
    // Linked at once; a cache copy already there (a full build over an earlier cache) is removed first. Not `rm`:
    // its checks cost two more system calls per page.
    try {
      await fs.promises.link(source, file).catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        await fs.promises.unlink(file);
        await fs.promises.link(source, file);
      });
    } catch {
      return false;
    }
    linkedOnWrite.add(relative.split(path.sep).join('/'));
    return true;
  };
  const remember = (target: PathArg, body: unknown) => {
    const file = pathOf(target);
    if (outputPrefix && file?.startsWith(outputPrefix) && typeof body === 'object' && body !== null)
      written.set(file.slice(outputPrefix.length), body);
  };
  const undo: (() => void)[] = [];
  const wrap = <K extends string>(owner: Record<K, unknown>, name: K, make: (original: (...args: never[]) => unknown) => unknown) => {
    const original = owner[name] as (...args: never[]) => unknown;
    owner[name] = make(original);
    undo.push(() => {
      owner[name] = original;
    });
  };
  const promises = fs.promises as unknown as Record<string, unknown>;
  const sync = fs as unknown as Record<string, unknown>;
  // Astro writes pages with the promise form of writeFile: the only one that links on write.
  wrap(promises, 'writeFile', (original) => async (...args: never[]) => {
    const [target, body] = args as unknown as [PathArg, unknown];
    if (await linkToOutput(target, body)) return;
    await unshare(target);
    await original(...args);
    remember(target, body);
  });
  // The destination is the first argument of writeFile and appendFile, the second of copyFile.
  for (const [name, at] of [
    ['writeFile', 0],
    ['appendFile', 0],
    ['copyFile', 1],
  ] as const) {
    if (name !== 'writeFile') {
      wrap(promises, name, (original) => async (...args: never[]) => {
        await unshare(args[at] as unknown as PathArg);
        return original(...args);
      });
    }
    wrap(sync, `${name}Sync`, (original) => (...args: never[]) => {
      unshareSync(args[at] as unknown as PathArg);
      return original(...args);
    });
    wrap(sync, name, (original) => (...args: never[]) => {
      unshareSync(args[at] as unknown as PathArg);
      return original(...args);
    });
  }
  return {
    linkedOnWrite,
    undo: () => {
      written.clear();
      for (const restore of undo.reverse()) restore();
    },
  };
}

/** The integration (astro.config.mjs). `log` receives one summary line per build. */
export function linkedOutput(log: (line: string) => void = (line) => console.log(line)): AstroIntegration {
  let outDir = '';
  let cacheDir = '';
  let linked = new Set<string>();
  let guard: ReturnType<typeof guardSharedFiles> | undefined;
  let active = false;
  /** False for a full build (`--force`): no page is reused, so none is linked. */
  let linkCached = false;
  return {
    name: 'thela:linked-output',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        active = command === 'build' && config.experimental.incrementalBuild;
        if (!active) return;
        linkCached = !process.argv.includes('--force');
        outDir = fileURLToPath(config.outDir);
        cacheDir = fileURLToPath(config.cacheDir);
        // This integration empties the folder itself before linking (astro:build:start), so Astro must not after.
        updateConfig({ vite: { build: { emptyOutDir: false } } });
      },
      'astro:build:start': async () => {
        if (!active) return;
        emptyFolder(outDir);
        linked = new Set();
        if (linkCached) {
          const started = performance.now();
          linked = new Set(await linkCachedOutput(cacheDir, outDir, cachedOutputFiles(cacheDir)));
          if (linked.size) log(`linked-output: ${linked.size} cached pages linked in ${Math.round(performance.now() - started)} ms`);
        }
        // The emptied output folder holds no shared file but those just linked.
        guard = guardSharedFiles([outDir, cacheDir], { output: outDir, cache: path.join(cacheDir, CACHED_OUTPUT), sharedInOutput: linked });
      },
      'astro:build:done': async ({ assets }) => {
        if (!active) return;
        try {
          const built = new Set<string>();
          for (const urls of assets.values())
            for (const url of urls) built.add(path.relative(outDir, fileURLToPath(url)).split(path.sep).join('/'));
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
          // Pages rendered this time share one file between the output and the cache, so the next build links the
          // very same file (and the after-steps recognise it, scripts/lib/file-results.ts) and a release costs no
          // more disk than the cache. Most were linked as Astro wrote them (GuardOptions); any other written twice
          // is shared here.
          const started = performance.now();
          const onWrite = guard?.linkedOnWrite ?? new Set<string>();
          const rendered = cachedOutputFiles(cacheDir).filter((file) => built.has(file) && !linked.has(file) && !onWrite.has(file));
          const shared = await shareWithCache(cacheDir, outDir, rendered);
          if (onWrite.size || shared) {
            log(
              `linked-output: ${onWrite.size + shared} rendered pages shared with the cache (${onWrite.size} as written) in ${Math.round(performance.now() - started)} ms`,
            );
          }
        } finally {
          guard?.undo();
          guard = undefined;
        }
      },
    },
  };
}
