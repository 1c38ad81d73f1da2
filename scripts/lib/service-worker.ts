/** The build's service worker step (scripts/integrations/build-steps.ts): src/sw/sw.ts bundled by Vite into `<site>/sw.js` with its precache manifest. */
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadEnv } from 'vite';
import { injectManifest } from 'workbox-build';
import {
  isAstroAssetPath,
  PRECACHED_DATA,
  PRECACHED_PAGES,
  precacheUrlForFile,
  releaseTag,
  supabaseOrigin,
} from '../../src/lib/pwa/routes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every hashed asset of the build. */
const ASSET_GLOB = '_astro/**/*.{js,css,svg,png,jpg,jpeg,webp,avif,woff,woff2}';
/** The app shell's other files, when the build has them; not the icons (fetched on install, and the worker keeps shown images). */
const SHELL_GLOBS = ['favicon.svg', 'manifest.webmanifest', 'images/placeholder.svg', ...PRECACHED_DATA.map((url) => url.slice(1))];
/** supabase-js (~55 KB gzipped), only ever loaded on a site built with Supabase (src/lib/catalogue/browser.ts): else not precached. */
const SUPABASE_CHUNK = '_astro/supabase.*';
/** The file of a precached page: / -> index.html, /cart/ -> cart/index.html. */
export function pageFile(page: string): string {
  return `${page.slice(1)}index.html`;
}

/** Bundles the worker and injects the precache manifest of the build in `outDir`. */
export async function buildServiceWorker(outDir: string, options: { supabaseUrl?: string } = {}) {
  const out = path.resolve(root, outDir);
  if (!existsSync(path.join(out, 'index.html'))) throw new Error(`service worker: no built site in ${out}`);
  const env = loadEnv('production', root, 'PUBLIC_');
  const supabaseUrl = options.supabaseUrl ?? process.env['PUBLIC_SUPABASE_URL'] ?? env['PUBLIC_SUPABASE_URL'] ?? '';
  const work = await mkdtemp(path.join(tmpdir(), 'thela-sw-'));
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      publicDir: false,
      define: {
        // Workbox logs only in development builds.
        'process.env.NODE_ENV': JSON.stringify('production'),
        __SUPABASE_URL__: JSON.stringify(supabaseUrl),
      },
      build: {
        outDir: work,
        emptyOutDir: true,
        minify: true,
        sourcemap: false,
        copyPublicDir: false,
        reportCompressedSize: false,
        lib: { entry: path.join(root, 'src/sw/sw.ts'), formats: ['iife'], name: 'thelaServiceWorker', fileName: () => 'sw.js' },
      },
    });
    const swDest = path.join(out, 'sw.js');
    // Pages still being written by others (or removed) are left out rather than failing the build.
    const missingPages = PRECACHED_PAGES.filter((page) => !existsSync(path.join(out, pageFile(page))));
    const pages = PRECACHED_PAGES.filter((page) => !missingPages.includes(page)).map(pageFile);
    const shell = SHELL_GLOBS.filter((glob) => existsSync(path.join(out, glob)));
    let urls: string[] = [];
    const result = await injectManifest({
      swSrc: path.join(work, 'sw.js'),
      swDest,
      globDirectory: out,
      globPatterns: [ASSET_GLOB, ...pages, ...shell],
      globIgnores: ['**/*.map', ...(supabaseOrigin(supabaseUrl) ? [] : [SUPABASE_CHUNK])],
      manifestTransforms: [
        // cart/index.html -> /cart/ (the URL a shopper asks for); hashed assets need no revision (their name is one).
        async (entries) => {
          const manifest = entries.map((entry) => {
            const url = precacheUrlForFile(entry.url);
            return { ...entry, url, revision: isAstroAssetPath(url) ? null : entry.revision };
          });
          urls = manifest.map((entry) => entry.url);
          return { manifest, warnings: [] };
        },
      ],
    });
    // `release`: the tag the worker names its caches with.
    return { swPath: swDest, urls, bytes: result.size, release: releaseTag(urls), missingPages, warnings: result.warnings };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
