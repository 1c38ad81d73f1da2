/** `npm run bench -- --images` (issue 29): a photo per product through two builds, disk, the photo pages (bench/README.md). */
import { writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { LISTING_PAGE_SIZE } from '../../src/lib/listing.ts';
import { generateSyntheticCatalogue } from '../../src/lib/catalogue/sample.build.ts';
import { readBuildRecord } from '../lib/build-record.ts';
import { formatImagesSummary } from '../lib/catalogue-images.ts';
import { parseCommand, wholeNumber } from '../lib/cli.ts';
import { runLighthouse } from './lighthouse.ts';
import { startPhotoOrigin, writePhotos } from './photo-origin.ts';
import { runMeasured, withBuildLock, type Measured } from './proc.ts';
import { serveStatic } from './serve.ts';
import { progress as say } from './report.ts';
import { AssetReader, analysePageFile } from './static-weight.ts';
import { lcpBreakdown } from './targets.ts';
import { benchEnv, benchPort, count, directoryStats, humanBytes, ROOT, seconds, today, writeResults } from './util.ts';

const [SITE_PORT, LIGHTHOUSE_PORT, PHOTO_PORT] = [6, 7, 8].map(benchPort) as [number, number, number];
const WORK = '/tmp/bench-images';
/** The smallest catalogue with a category page of LISTING_PAGE_SIZE cards. */
const MIN_SIZE = 200;

const { values } = parseCommand('bench-images', 'usage: npm run bench -- --images [--size 10000] [--lighthouse-runs 3] [--keep]', {
  size: { type: 'string', default: '10000' },
  'lighthouse-runs': { type: 'string', default: '3' },
  keep: { type: 'boolean', default: false },
});
const size = wholeNumber('bench-images', 'size', values.size, MIN_SIZE);
const lighthouseRuns = wholeNumber('bench-images', 'lighthouse-runs', values['lighthouse-runs'], 0);

const progress = (message: string) => say(message, 'bench-images');
const work = (name: string) => path.join(WORK, name);
const [outDir, cacheDir, catalogueFile, photosDir] = [work('dist'), work('cache'), work('catalogue.json'), work('photos')];

// Each product with a photo of its own: the first's is exactly 1200x1200 (photo-origin.ts reads the size from the name),
// the third's a 1200x1200 product shot (`shot-`); the second's is the one the rebuild changes.
const catalogue = generateSyntheticCatalogue(size);
const photoNames = catalogue.products.map((product, i) =>
  i === 0 ? 'lcp-photo-1200x1200.jpg' : i === 2 ? 'shot-lcp-1200x1200.jpg' : `${product.id}.jpg`,
);
await mkdir(WORK, { recursive: true });
progress(`writing the photos that are not there yet (${count(size)} in all)`);
await writePhotos(photosDir, photoNames);
const photos = { count: size, ...(await directoryStats(photosDir)) };
// A fixed port: the catalogue's photo URLs, and so the build cache, stay the same from one run to the next.
const origin = await startPhotoOrigin({ dir: photosDir, port: PHOTO_PORT });
catalogue.products.forEach((product, i) => (product.image_url = origin.url(photoNames[i] ?? '')));
writeFileSync(catalogueFile, JSON.stringify(catalogue));

const recordFile = work('record.json');

/** The build's own figures, from its record: the images step's counts and time, each step's time. */
function buildFigures(run: Measured) {
  const record = readBuildRecord(recordFile);
  const n = (name: string) => record?.figures[name] ?? null;
  const { cpuMs, peakTreeRssKb } = run;
  const text = run.lines.map((line) => line.text);
  const counts =
    record &&
    formatImagesSummary({ optimised: n('imagesOptimised') ?? 0, reused: n('imagesReused') ?? 0, failed: n('imagesFailed') ?? 0, cdn: 0 });
  return {
    ...{ ok: run.exitCode === 0, wallMs: Math.round(run.wallMs), cpuMs, peakTreeRssKb, imagesLine: counts ?? null },
    ...{ optimised: n('imagesOptimised'), reused: n('imagesReused'), failed: n('imagesFailed'), requests: n('imageRequests') },
    ...{ encoded: n('imagesEncoded'), imagesMs: record?.steps['images'] ?? null },
    steps: record?.steps ?? {},
    tail: run.exitCode === 0 ? [] : text.slice(-15),
  };
}

const set = {
  OUT_DIR: outDir,
  THELA_BUILD_CACHE: cacheDir,
  THELA_CATALOGUE_FILE: catalogueFile,
  THELA_IMAGE_ORIGINS: origin.origin,
  THELA_BUILD_RECORD: recordFile,
};
const env = benchEnv({ ...process.env }, { ...set, SITE_URL: `http://127.0.0.1:${SITE_PORT}` });
const build = async () => {
  await rm(recordFile, { force: true });
  const astro = path.join(ROOT, 'node_modules/astro/bin/astro.mjs');
  return buildFigures(await runMeasured(process.execPath, [astro, 'build'], { cwd: ROOT, env, timeoutMs: 60 * 60_000 }));
};

try {
  const [first, rebuild] = await withBuildLock(async () => {
    await rm(cacheDir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
    progress('first build (every photo fetched and encoded)');
    origin.reset();
    const firstBuild = await build();
    const imagesPerSecond = firstBuild.imagesMs ? (size / firstBuild.imagesMs) * 1000 : null;
    const first = { ...firstBuild, served: origin.requests.length, imagesPerSecond };
    progress(`first build ${first.ok ? 'done' : 'FAILED'}: ${first.imagesLine ?? 'no images line'}`);
    const changed = photoNames[1] ?? '';
    origin.change(changed);
    origin.reset();
    progress(`rebuild with one photo changed (${changed})`);
    const again = await build();
    const statuses: Record<string, number> = {};
    for (const request of origin.requests) statuses[request.status] = (statuses[request.status] ?? 0) + 1;
    progress(`rebuild ${again.ok ? 'done' : 'FAILED'}: ${again.imagesLine ?? 'no images line'}`);
    return [first, { ...again, served: origin.requests.length, statuses }] as const;
  });
  const disk = { cache: await directoryStats(path.join(cacheDir, 'thela-images')), site: await directoryStats(path.join(outDir, '_img')) };

  const productUrl = (i: number) => `/product/${catalogue.products[i]?.id ?? ''}/`;
  const pages = [
    { name: 'product (1200x1200 photo, mottled)', url: productUrl(0) },
    { name: 'product (1200x1200 product shot)', url: productUrl(2) },
    { name: 'category (24 photos)', url: await fullCategoryPage() },
  ];
  const reader = new AssetReader(outDir);
  const firstRenderGzip: Record<string, number> = {};
  for (const page of pages)
    firstRenderGzip[page.name] = (await analysePageFile(reader, page.url, path.join(outDir, page.url, 'index.html'))).firstRender.gzip;
  let lighthouse;
  if (lighthouseRuns > 0) {
    const server = await serveStatic(outDir, SITE_PORT, { secure: true });
    try {
      progress(`Lighthouse, ${lighthouseRuns} run(s) per page`);
      const audited = pages.map((page) => ({ ...page, origin: server.origin }));
      const audits = await runLighthouse(audited, lighthouseRuns, LIGHTHOUSE_PORT, progress);
      lighthouse = Object.fromEntries(
        Object.entries(audits).map(([name, { scores, lcpMs, lcpPhases, tbtMs, cls, totalBytes, lcpElement, runs, errors }]) => [
          name,
          { performance: scores.performance, lcpMs, lcpPhases, tbtMs, cls, totalBytes, lcpElement, runs, errors },
        ]),
      );
    } finally {
      await server.close();
    }
  }
  const results = { date: today(), size, photos, first, rebuild, disk, firstRenderGzip, ...(lighthouse ? { lighthouse } : {}) };
  const file = await writeResults(`images-${size}`, results);
  const s1 = (ms: number | null) => seconds(ms, 1);
  const statuses = Object.entries(rebuild.statuses).map(([status, n]) => `${n} x ${status}`);
  const lines = [
    `\nImages: ${count(size)} products, ${count(size)} photos (${humanBytes(photos.bytes)})`,
    `  first build: ${s1(first.wallMs)} in all; images step ${s1(first.imagesMs)} (${first.imagesPerSecond?.toFixed(1) ?? '?'} photos/s, ${first.encoded ?? '?'} files encoded); ${first.imagesLine ?? ''}`,
    `  one photo changed: ${s1(rebuild.wallMs)} in all; images step ${s1(rebuild.imagesMs)}; ${rebuild.served} requests answered (${statuses.join(', ')}), ${rebuild.encoded ?? '?'} files encoded; ${rebuild.imagesLine ?? ''}`,
    `  disk: ${humanBytes(disk.cache.bytes)} in ${count(disk.cache.files)} files (build cache), the site's /_img/ ${humanBytes(disk.site.bytes)} (hard links to it)`,
    ...Object.entries(firstRenderGzip).map(([name, bytes]) => `  ${name}: first render ${count(bytes)} B gzipped (limit 14,336 B)`),
  ];
  for (const line of lines) console.log(line);
  for (const [name, audit] of Object.entries(lighthouse ?? {})) {
    console.log(`  ${name}: Lighthouse performance ${audit.performance ?? '?'}, LCP ${seconds(audit.lcpMs)}, TBT ${audit.tbtMs ?? '?'} ms`);
    for (const line of lcpBreakdown(audit)) console.log(`    ${line}`);
  }
  for (const line of [...first.tail, ...rebuild.tail]) console.log(`  build: ${line}`);
  console.log(`Results: ${file}`);
} finally {
  await origin.close();
  if (!values.keep) await rm(outDir, { recursive: true, force: true });
}

/** The first category page (by id) whose grid holds a full page of cards, each with its photo. */
async function fullCategoryPage(): Promise<string> {
  for (const id of (await readdir(path.join(outDir, 'category'))).sort()) {
    const html = await readFile(path.join(outDir, 'category', id, 'index.html'), 'utf8').catch(() => '');
    if ((html.match(/<article\b/g) ?? []).length >= LISTING_PAGE_SIZE && (html.match(/src="\/_img\//g) ?? []).length >= LISTING_PAGE_SIZE)
      return `/category/${id}/`;
  }
  throw new Error(`no category page of ${outDir} has ${LISTING_PAGE_SIZE} cards with photos`);
}
