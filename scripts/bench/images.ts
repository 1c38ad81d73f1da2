/**
 * `npm run bench -- --images` (issue 29): N products (default 10,000) with N photos on a loopback stand-in (photo-origin.ts): first build,
 * a rebuild with one photo changed, disk, Lighthouse on a product and a category page. Writes bench/results/<date>-images-<size>.json.
 */
import { writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LISTING_PAGE_SIZE } from '../../src/lib/listing.ts';
import { generateSyntheticCatalogue } from '../../src/lib/catalogue/sample.build.ts';
import { parseStepTimes } from '../lib/build-pages.ts';
import { parseCommand, usageError } from '../lib/cli.ts';
import { runLighthouse } from './lighthouse.ts';
import { startPhotoOrigin, writePhotos } from './photo-origin.ts';
import { runMeasured, withBuildLock, type Measured } from './proc.ts';
import { serveStatic } from './serve.ts';
import { printImages, progress as say, type ImagesReport } from './report.ts';
import { AssetReader, analysePageFile } from './static-weight.ts';
import { benchPort, directoryStats, ROOT, today } from './util.ts';

const SITE_PORT = benchPort(6);
const LIGHTHOUSE_PORT = benchPort(7);
const PHOTO_PORT = benchPort(8);
const WORK = '/tmp/bench-images';
/** The photo of the product page audited: exactly 1200x1200 (photo-origin.ts reads the size from the name). */
const LARGE_PHOTO = 'lcp-photo-1200x1200.jpg';
/** The photo of a second product page audited: a 1200x1200 product shot (photo-origin.ts `shot-`). */
const PRODUCT_SHOT = 'shot-lcp-1200x1200.jpg';
/** The smallest catalogue with a category page of LISTING_PAGE_SIZE cards (24 products have none). */
const MIN_SIZE = 200;

const { values } = parseCommand('bench-images', 'usage: npm run bench -- --images [--size 10000] [--lighthouse-runs 3] [--keep]', {
  size: { type: 'string', default: '10000' },
  'lighthouse-runs': { type: 'string', default: '3' },
  keep: { type: 'boolean', default: false },
});
const size = Number(values.size);
const lighthouseRuns = Number(values['lighthouse-runs']);
if (!Number.isInteger(size) || size < MIN_SIZE || !Number.isInteger(lighthouseRuns) || lighthouseRuns < 0)
  usageError(
    'bench-images',
    `--size needs a whole number >= ${MIN_SIZE} (a category with a full page of ${LISTING_PAGE_SIZE} photos), --lighthouse-runs a whole number >= 0`,
  );

const progress = (message: string) => say(message, 'bench-images');
const outDir = path.join(WORK, 'dist');
const cacheDir = path.join(WORK, 'cache');
const catalogueFile = path.join(WORK, 'catalogue.json');

// The synthetic catalogue, each product with a photo of its own; the first product's is the 1200x1200 one.
const catalogue = generateSyntheticCatalogue(size);
// photoNames[1] is the one the rebuild changes.
const photoNames = catalogue.products.map((product, i) => (i === 0 ? LARGE_PHOTO : i === 2 ? PRODUCT_SHOT : `${product.id}.jpg`));
await mkdir(WORK, { recursive: true });
progress(`writing the photos that are not there yet (${size.toLocaleString('en')} in all)`);
const photosDir = path.join(WORK, 'photos');
await writePhotos(photosDir, photoNames);
const photoStats = await directoryStats(photosDir);
// A fixed port: the catalogue's photo URLs, and so the build cache, stay the same from one run to the next.
const origin = await startPhotoOrigin({ dir: photosDir, port: PHOTO_PORT });
catalogue.products.forEach((product, i) => (product.image_url = origin.url(photoNames[i] as string)));
writeFileSync(catalogueFile, JSON.stringify(catalogue));

/** The build's own figures, read from its output: the images line, its step times. */
function buildFigures(run: Measured) {
  const text = run.lines.map((line) => line.text);
  const images = text.find((line) => line.startsWith('images: '));
  const counts = /^images: (\d+) optimised, (\d+) reused, (\d+) failed.*\[(\d+) requests, (\d+) files encoded, ([\d.]+) s\]/.exec(
    images ?? '',
  );
  return {
    ok: run.exitCode === 0,
    wallMs: Math.round(run.wallMs),
    cpuMs: run.cpuMs,
    peakTreeRssKb: run.peakTreeRssKb,
    imagesLine: images ?? null,
    optimised: counts ? Number(counts[1]) : null,
    reused: counts ? Number(counts[2]) : null,
    failed: counts ? Number(counts[3]) : null,
    requests: counts ? Number(counts[4]) : null,
    encoded: counts ? Number(counts[5]) : null,
    imagesMs: counts ? Math.round(Number(counts[6]) * 1000) : null,
    steps: parseStepTimes(text) ?? {},
    tail: run.exitCode === 0 ? [] : text.slice(-15),
  };
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  OUT_DIR: outDir,
  THELA_BUILD_CACHE: cacheDir,
  THELA_CATALOGUE_FILE: catalogueFile,
  THELA_IMAGE_ORIGINS: origin.origin,
  SITE_URL: `http://127.0.0.1:${SITE_PORT}`,
  ASTRO_TELEMETRY_DISABLED: '1',
};
for (const name of ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'CATALOGUE_SIZE', 'PUBLIC_IMAGE_CDN', 'THELA_FULL_BUILD'])
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a copy of the environment for the build
  delete env[name];
const build = () => runMeasured(process.execPath, [path.join(ROOT, 'scripts/build.ts')], { cwd: ROOT, env, timeoutMs: 60 * 60_000 });

const results: Record<string, unknown> = { date: today(), size, photos: { count: size, ...photoStats } };
try {
  await withBuildLock(async () => {
    await rm(cacheDir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
    progress('first build (every photo fetched and encoded)');
    origin.reset();
    const first = buildFigures(await build());
    results['first'] = {
      ...first,
      served: origin.requests.length,
      imagesPerSecond: first.imagesMs ? (size / first.imagesMs) * 1000 : null,
    };
    progress(`first build ${first.ok ? 'done' : 'FAILED'}: ${first.imagesLine ?? 'no images line'}`);

    const changed = photoNames[1] as string;
    origin.change(changed);
    origin.reset();
    progress(`rebuild with one photo changed (${changed})`);
    const again = buildFigures(await build());
    const statuses: Record<string, number> = {};
    for (const request of origin.requests) statuses[request.status] = (statuses[request.status] ?? 0) + 1;
    results['rebuild'] = { ...again, served: origin.requests.length, statuses };
    progress(`rebuild ${again.ok ? 'done' : 'FAILED'}: ${again.imagesLine ?? 'no images line'}`);
  });
  results['disk'] = {
    cache: await directoryStats(path.join(cacheDir, 'thela-images')),
    site: await directoryStats(path.join(outDir, '_img')),
  };

  // The pages of the Lighthouse targets: a product whose photo is 1200x1200 (the mottled worst case, and a
  // product shot), and a category page of 24 photos.
  const productUrl = (i: number) => `/product/${(catalogue.products[i] as (typeof catalogue.products)[number]).id}/`;
  const pages = [
    { name: 'product (1200x1200 photo, mottled)', url: productUrl(0) },
    { name: 'product (1200x1200 product shot)', url: productUrl(2) },
    { name: 'category (24 photos)', url: await fullCategoryPage() },
  ];
  const reader = new AssetReader(outDir);
  const firstRender: Record<string, number> = {};
  for (const page of pages)
    firstRender[page.name] = (await analysePageFile(reader, page.url, path.join(outDir, page.url, 'index.html'))).firstRender.gzip;
  results['firstRenderGzip'] = firstRender;
  if (lighthouseRuns > 0) {
    const server = await serveStatic(outDir, SITE_PORT, { secure: true });
    try {
      progress(`Lighthouse, ${lighthouseRuns} run(s) per page`);
      const audits = await runLighthouse(
        pages.map((page) => ({ ...page, origin: server.origin })),
        lighthouseRuns,
        LIGHTHOUSE_PORT,
        progress,
      );
      results['lighthouse'] = Object.fromEntries(
        Object.entries(audits).map(([name, r]) => [
          name,
          {
            performance: r.scores.performance,
            lcpMs: r.lcpMs,
            lcpPhases: r.lcpPhases,
            tbtMs: r.tbtMs,
            cls: r.cls,
            totalBytes: r.totalBytes,
            lcpElement: r.lcpElement,
            runs: r.runs,
            errors: r.errors,
          },
        ]),
      );
    } finally {
      await server.close();
    }
  }
} finally {
  await origin.close();
  if (!values.keep) await rm(outDir, { recursive: true, force: true });
}

const file = path.join(ROOT, 'bench/results', `${today()}-images-${size}.json`);
await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
printImages(results as unknown as ImagesReport);
console.log(`Results: ${path.relative(ROOT, file)}`);

/** The first category page (by id) whose grid holds a full page of cards, each with its photo. */
async function fullCategoryPage(): Promise<string> {
  for (const id of (await readdir(path.join(outDir, 'category'))).sort()) {
    const html = await readFile(path.join(outDir, 'category', id, 'index.html'), 'utf8').catch(() => '');
    if ((html.match(/<article\b/g) ?? []).length >= LISTING_PAGE_SIZE && (html.match(/src="\/_img\//g) ?? []).length >= LISTING_PAGE_SIZE)
      return `/category/${id}/`;
  }
  throw new Error(`no category page of ${outDir} has ${LISTING_PAGE_SIZE} cards with photos`);
}
