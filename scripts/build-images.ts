/** First step of `npm run build`: the catalogue's photos (HELP below); Astro and the index read their state via THELA_IMAGES_FILE. */
import { loadEnv } from 'vite';
import { buildStopped, catalogueOrigin, loadCatalogue } from '../src/lib/catalogue/catalogue.build.ts';
import { remoteImageUrls } from '../src/lib/catalogue/image-state.build.ts';
import { supabaseObjectPrefix } from '../src/lib/images.ts';
import { buildCacheDir } from './lib/build-cache.ts';
import { formatImagesSummary, IMAGE_TIMEOUT_MS, imageOrigins, prepareImages } from './lib/catalogue-images.ts';
import { parseCommand, usageError } from './lib/cli.ts';
import { exitOnPublicSecrets } from './lib/secrets.ts';

const HELP = `Usage: node scripts/build-images.ts

Fetches every http(s) photo of the catalogue (products, categories, stores) from an allowed origin (the Supabase
project's, and THELA_IMAGE_ORIGINS: comma-separated origins) and encodes it to WebP at the widths the site uses,
into thela-images in the build cache ($THELA_BUILD_CACHE, default node_modules/.astro). A rebuild asks again only
for photos whose response is stale (a conditional request) and encodes only photos whose bytes changed. A photo
that fails is the placeholder, with a warning; the step never fails for one. A step of npm run build.

THELA_IMAGE_TIMEOUT_MS: how long one photo may take (default ${IMAGE_TIMEOUT_MS}).
PUBLIC_IMAGE_CDN=supabase: photos in the project's Storage are left to its image endpoint, not fetched.`;

parseCommand('build-images', HELP, {});
// The variables as Astro reads them: the .env files, with the process environment on top.
const env = { ...loadEnv('production', process.cwd(), ''), ...process.env };

// The first step to read anything: a secret in a PUBLIC_ variable stops the build here, with Astro's own lines.
exitOnPublicSecrets(env);

let origins: Set<string>;
try {
  origins = imageOrigins(env);
} catch (error) {
  usageError('build-images', (error as Error).message);
}

let urls: string[];
try {
  // Astro's build logs the catalogue's summary and skipped rows; this read stays quiet unless it fails.
  urls = remoteImageUrls(await loadCatalogue(catalogueOrigin(env), { info: () => {}, warn: () => {} }));
} catch (error) {
  const stopped = buildStopped(error);
  console.error(stopped instanceof Error ? stopped.message : String(stopped));
  process.exit(1);
}

const started = performance.now();
const result = await prepareImages(urls, {
  cacheDir: buildCacheDir(env),
  origins,
  cdnPrefix: supabaseObjectPrefix(env['PUBLIC_IMAGE_CDN'], env['PUBLIC_SUPABASE_URL']),
  timeoutMs: Number(env['THELA_IMAGE_TIMEOUT_MS']) || IMAGE_TIMEOUT_MS,
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`${formatImagesSummary(result)} [${result.requests} requests, ${result.encoded} files encoded, ${seconds} s]`);
