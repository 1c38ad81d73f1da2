/**
 * The catalogue's photos, fetched once from allowed origins (size cap, timeout, raster only: never SVG) and encoded to WebP at the
 * widths src/lib/images.ts names; rebuilds revalidate conditionally. Why not astro:assets: docs/catalogue.md, "Catalogue photos".
 */
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import CachePolicy from 'http-cache-semantics';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { IMAGE_QUALITY, optimisedImagePath, OPTIMISED_IMAGE_DIR, variantWidths, type OptimisedImage } from '../../src/lib/images.ts';
import { IMAGE_STATE_VERSION, readImageState, type ImageEntry, type OptimisedEntry } from '../../src/lib/catalogue/image-state.build.ts';
import { readCacheFile, writeCacheFile } from './build-cache.ts';
import { codeVersion } from './code-version.ts';
import { commaList } from './cli.ts';

/** Largest photo fetched (bytes): anything bigger is not a product photo. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Largest photo decoded (pixels): a small file can still claim a huge image (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** How long one photo may take to arrive, headers and body (ms); THELA_IMAGE_TIMEOUT_MS changes it. */
export const IMAGE_TIMEOUT_MS = 20_000;
const FETCH_CONCURRENCY = 8;
const MAX_REDIRECTS = 3;
/** Raster formats the step encodes; anything else (SVG, PDF, HTML...) is refused. */
const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff', 'heif']);

/** Where the step keeps its files in the build cache. */
export function imageCachePaths(cacheDir: string) {
  const root = path.join(cacheDir, 'thela-images');
  return { root, state: path.join(root, 'state.json'), files: path.join(root, 'files') };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The origins photos may come from: the Supabase project's and THELA_IMAGE_ORIGINS' (https; http on loopback, for tests). */
export function imageOrigins(env: Record<string, string | undefined>): Set<string> {
  const origins = new Set<string>();
  const supabase = env['PUBLIC_SUPABASE_URL']?.trim();
  if (supabase) {
    try {
      origins.add(new URL(supabase).origin);
    } catch {
      // astro.config.mjs refuses a malformed PUBLIC_SUPABASE_URL with its own message.
    }
  }
  for (const entry of commaList(env['THELA_IMAGE_ORIGINS'] ?? '')) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`THELA_IMAGE_ORIGINS: "${entry}" is not an origin (like https://images.example.com)`);
    }
    const loopbackHttp = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
    if (url.protocol !== 'https:' && !loopbackHttp)
      throw new Error(`THELA_IMAGE_ORIGINS: "${entry}" is not https (only a loopback origin may be http)`);
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
      throw new Error(`THELA_IMAGE_ORIGINS: "${entry}" has more than an origin: give scheme, host and port only`);
    }
    origins.add(url.origin);
  }
  return origins;
}

/** True when `url` may be fetched: an http(s) URL on one of `origins`. */
export function allowedImageUrl(url: string, origins: ReadonlySet<string>): boolean {
  try {
    return origins.has(new URL(url).origin);
  } catch {
    return false;
  }
}

/** `images: 3 optimised, 470 reused, 2 failed (placeholder shown)`, and the CDN's share when it has one. */
export function formatImagesSummary(result: Record<'optimised' | 'reused' | 'failed' | 'cdn', number>): string {
  const line = `images: ${result.optimised} optimised, ${result.reused} reused, ${result.failed} failed (placeholder shown)`;
  return result.cdn > 0 ? `${line}; ${result.cdn} resized by Supabase Storage` : line;
}

/** Options of `prepareImages`; the defaults are the build's. */
export interface PrepareOptions {
  cacheDir: string;
  origins: ReadonlySet<string>;
  /** URLs left to the Storage CDN (not fetched): those under this prefix. */
  cdnPrefix?: string | null;
  now?: () => number;
  timeoutMs?: number;
  maxBytes?: number;
  warn?: (line: string) => void;
  /** Told after each photo is done (fetched, reused, failed or left to the CDN), for the build's progress line. */
  onPhoto?: () => void;
  /** The photo pipeline's version (default `photoPipelineVersion()`): a cache of another is encoded afresh. */
  pipeline?: string;
}

/**
 * The version of the code that makes the photos: this file (fetching, decoding, encoding) and src/lib/images.ts (the
 * widths, the quality, the names), with sharp's version. A cache made by another is dropped, whatever else changed:
 * 10,000 photos take about half an hour, so nothing else drops it.
 */
export function photoPipelineVersion(): string {
  return codeVersion(['scripts/lib/catalogue-images.ts', 'src/lib/images.ts'], ['sharp']);
}

/** Why a photo could not be had: the warning's reason. */
class ImageProblem extends Error {}

/** The files of an optimised photo, by width, under `files`. */
function variantFiles(files: string, image: OptimisedImage): { width: number; file: string }[] {
  return variantWidths(image.width).map((width) => ({ width, file: path.join(files, path.basename(optimisedImagePath(image, width))) }));
}

async function allExist(variants: readonly { file: string }[]): Promise<boolean> {
  const found = await Promise.all(variants.map(({ file }) => stat(file).catch(() => null)));
  return found.every(Boolean);
}

/** Until when a response stays fresh (ms since the epoch): its Cache-Control / Expires, or now (ask again next time). */
function freshUntil(url: string, response: Response, now: number): number {
  const policy = new CachePolicy(
    { url, method: 'GET', headers: {} },
    { status: response.status === 304 ? 200 : response.status, headers: Object.fromEntries(response.headers) },
    { shared: false },
  );
  return now + (policy.storable() ? policy.timeToLive() : 0);
}

/** "15 MB", "10 KB": a size cap in a message. */
const capText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

/** Reads a body up to `max` bytes, refusing a longer one before it is all in memory. */
async function readCapped(response: Response, max: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw new ImageProblem(`larger than ${capText(max)}`);
  const chunks: Buffer[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > max) throw new ImageProblem(`larger than ${capText(max)}`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Fetches and optimises every photo of `urls`, reusing the cache, and drops unused files. A photo that fails warns; it never throws. */
export async function prepareImages(urls: readonly string[], options: PrepareOptions) {
  const {
    cacheDir,
    origins,
    cdnPrefix = null,
    now = Date.now,
    timeoutMs = IMAGE_TIMEOUT_MS,
    maxBytes = MAX_IMAGE_BYTES,
    warn = (line: string) => console.warn(line),
    onPhoto = () => {},
    pipeline = photoPipelineVersion(),
  } = options;
  const paths = imageCachePaths(cacheDir);
  // A cache made by another pipeline: its files are dropped (same names, other bytes), every photo fetched again. One
  // kept before pipelines were stamped (no `pipeline`) is taken as this one's.
  const stamped = (await readCacheFile(paths.state, IMAGE_STATE_VERSION))?.['pipeline'];
  const otherPipeline = typeof stamped === 'string' && stamped !== pipeline;
  if (otherPipeline) await rm(paths.root, { recursive: true, force: true });
  await mkdir(paths.files, { recursive: true });
  const previous = otherPipeline ? new Map<string, ImageEntry>() : await readImageState(paths.state);
  const entries = new Map<string, ImageEntry>();
  // `cdn`: photos left to Supabase Storage's image endpoint; `requests` and `encoded`: read by the bench and the rebuild test.
  const result = { optimised: 0, reused: 0, failed: 0, cdn: 0, requests: 0, encoded: 0, entries };
  const encode = pLimit(availableParallelism());

  /** One request, following redirects only to allowed origins; the caller reads the body within the same timeout. */
  async function request(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
    let current = url;
    for (let hop = 0; ; hop++) {
      result.requests++;
      const response = await fetch(current, { headers: { Accept: 'image/*', ...headers }, redirect: 'manual', signal });
      if (response.status < 300 || response.status >= 400 || response.status === 304) return response;
      const location = response.headers.get('location');
      await response.body?.cancel();
      if (!location || hop >= MAX_REDIRECTS) throw new ImageProblem(`HTTP ${response.status} without a usable redirect`);
      current = new URL(location, current).href;
      if (!allowedImageUrl(current, origins))
        throw new ImageProblem(`redirected to ${new URL(current).origin}, which is not an allowed image origin`);
    }
  }

  /** Decodes the photo, refusing what is not a raster image, and writes every width it lacks in the cache. */
  async function optimise(bytes: Buffer, hash: string): Promise<{ width: number; height: number; encoded: boolean }> {
    const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .metadata()
      .catch(() => {
        throw new ImageProblem('not an image');
      });
    if (meta.format === 'svg') throw new ImageProblem('SVG is not accepted (it can carry script)');
    if (!RASTER_FORMATS.has(meta.format)) throw new ImageProblem(`not a photo (${meta.format})`);
    // EXIF orientation 5-8 swaps width and height once the photo is turned upright.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    if (!width || !height) throw new ImageProblem('not an image');
    const image = { hash, width, height };
    const files = variantFiles(paths.files, image);
    if (await allExist(files)) return { width, height, encoded: false };
    await Promise.all(
      files.map(({ width: w, file }) =>
        encode(async () => {
          const temp = `${file}.${process.pid}.tmp`;
          try {
            await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
              .autoOrient()
              .resize({ width: w })
              .webp({ quality: IMAGE_QUALITY })
              .toFile(temp);
            await rename(temp, file);
            result.encoded++;
          } catch (error) {
            await rm(temp, { force: true });
            throw error instanceof ImageProblem ? error : new ImageProblem(`could not be decoded (${(error as Error).message})`);
          }
        }),
      ),
    );
    return { width, height, encoded: true };
  }

  /** One photo: fresh in the cache, revalidated, or fetched and optimised; its entry and outcome. */
  async function prepareOne(url: string): Promise<[ImageEntry, 'optimised' | 'reused' | 'failed']> {
    if (!allowedImageUrl(url, origins))
      return [{ failed: `${safeOrigin(url)} is not an allowed image origin (THELA_IMAGE_ORIGINS)` }, 'failed'];
    const cached = previous.get(url);
    const usable = cached && 'hash' in cached && (await allExist(variantFiles(paths.files, cached))) ? cached : undefined;
    if (usable && usable.expires > now()) return [usable, 'reused'];
    const signal = AbortSignal.timeout(timeoutMs);
    const conditional: Record<string, string> = {};
    if (usable?.etag) conditional['If-None-Match'] = usable.etag;
    if (usable?.lastModified) conditional['If-Modified-Since'] = usable.lastModified;
    try {
      const response = await request(url, conditional, signal);
      if (response.status === 304 && usable) {
        await response.body?.cancel();
        return [{ ...usable, expires: freshUntil(url, response, now()), ...validators(response, usable) }, 'reused'];
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        // The server is down or overloaded: the copy we have is better than the placeholder.
        if (usable && response.status >= 500) {
          warn(`image ${url}: HTTP ${response.status}; the copy from the last build is kept`);
          return [usable, 'reused'];
        }
        throw new ImageProblem(`HTTP ${response.status}`);
      }
      const bytes = await readCapped(response, maxBytes);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      const { width, height, encoded } = await optimise(bytes, hash);
      const entry: OptimisedEntry = { hash, width, height, expires: freshUntil(url, response, now()), ...validators(response) };
      return [entry, encoded ? 'optimised' : 'reused'];
    } catch (error) {
      const reason =
        error instanceof ImageProblem
          ? error.message
          : signal.aborted
            ? `no answer within ${timeoutMs / 1000} s`
            : `fetch failed (${causeOf(error)})`;
      // Unreachable for now: keep the copy we have; a photo that is gone (404) or not an image is the placeholder.
      if (usable && !(error instanceof ImageProblem)) {
        warn(`image ${url}: ${reason}; the copy from the last build is kept`);
        return [usable, 'reused'];
      }
      return [{ failed: reason }, 'failed'];
    }
  }

  const fetchLimit = pLimit(FETCH_CONCURRENCY);
  await Promise.all(
    urls.map((url) =>
      fetchLimit(async () => {
        if (cdnPrefix !== null && url.startsWith(cdnPrefix)) {
          result.cdn++;
          onPhoto();
          return;
        }
        const [entry, outcome] = await prepareOne(url);
        entries.set(url, entry);
        result[outcome]++;
        if ('failed' in entry) warn(`image ${url}: ${entry.failed}; the placeholder is shown`);
        onPhoto();
      }),
    ),
  );
  await writeCacheFile(paths.state, IMAGE_STATE_VERSION, {
    pipeline,
    images: Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : 1))),
  });
  // Cached files no current photo uses (a changed or removed photo's) go; releases keep their own links.
  const used = usedFileNames(entries);
  const present = await readdir(paths.files).catch(() => [] as string[]);
  await Promise.all(present.filter((name) => !used.has(name)).map((name) => rm(path.join(paths.files, name), { force: true })));
  return result;
}

/** The validators of a response (ETag, Last-Modified), or those of `before` where a 304 repeats none. */
function validators(response: Response, before?: OptimisedEntry): Pick<OptimisedEntry, 'etag' | 'lastModified'> {
  const etag = response.headers.get('etag') ?? before?.etag;
  const lastModified = response.headers.get('last-modified') ?? before?.lastModified;
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

/** A URL's origin for a message, or the text itself when it has none. */
function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** The innermost cause of a failed fetch ("ECONNREFUSED", "getaddrinfo ENOTFOUND x"), never a stack. */
function causeOf(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/** The file names (no folder) of every width of every optimised photo among `entries`. */
function usedFileNames(entries: ReadonlyMap<string, ImageEntry>): Set<string> {
  const names = new Set<string>();
  for (const entry of entries.values()) {
    if (!('hash' in entry)) continue;
    for (const width of variantWidths(entry.width)) names.add(path.basename(optimisedImagePath(entry, width)));
  }
  return names;
}

/** Hard-links (across file systems, copies) the current photos' files into the site's `/_img/`, once Astro has emptied it. */
export async function installImages(cacheDir: string, outDir: string): Promise<number> {
  const paths = imageCachePaths(cacheDir);
  const names = [...usedFileNames(await readImageState(paths.state))];
  if (names.length === 0) return 0;
  const target = path.join(outDir, OPTIMISED_IMAGE_DIR);
  await mkdir(target, { recursive: true });
  await pLimit(32).map(names, async (name) => {
    const from = path.join(paths.files, name);
    const to = path.join(target, name);
    try {
      await link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return;
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      await copyFile(from, to);
    }
  });
  return names.length;
}
