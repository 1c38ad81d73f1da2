/**
 * A cache's version, derived from the code that writes it: a hash of those files' bytes (a folder: every file in it)
 * and of the named packages' installed versions. A cache stamped with another version is dropped by the build itself;
 * nobody bumps a constant by hand, and code that does not write the cache never drops it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The project's root, which `files` are relative to. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every file under `entry` (itself when a file), sorted, relative to `root`. */
function filesOf(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(entry, name))
    .filter((file) => statSync(path.join(root, file)).isFile())
    .sort();
}

/** The version of the code in `files` (paths from `root`; folders whole) and of `packages` as installed: 16 hex digits. */
export function codeVersion(files: readonly string[], packages: readonly string[] = [], root = ROOT): string {
  const hash = createHash('sha256');
  for (const file of files.flatMap((entry) => filesOf(root, entry))) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  for (const name of packages) {
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
    hash.update(`${name}@${version}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The project's own files `entry` imports, directly or not (static imports and dynamic ones of a literal path), as
 * esbuild resolves them: packages, Astro's virtual modules and CSS are left out (package-lock.json stands for packages).
 */
export async function moduleGraph(entry: string): Promise<string[]> {
  const { build } = await import('esbuild');
  const { metafile } = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    external: ['astro:*', 'thela:*', '*.css', '*.json'],
    logLevel: 'silent',
  });
  return Object.keys(metafile.inputs).sort();
}

/** The version of the build's own code: astro.config.mjs and all it imports, and the installed packages. */
export async function buildCodeVersion(): Promise<string> {
  return codeVersion([...(await moduleGraph('astro.config.mjs')), 'package-lock.json']);
}
