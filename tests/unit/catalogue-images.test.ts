import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { HOSTILE_PHOTOS, startPhotoOrigin } from '../../scripts/bench/photo-origin.ts';
import {
  allowedImageUrl,
  imageOrigins,
  installImages,
  photoPipelineVersion,
  prepareImages,
  type PrepareOptions,
} from '../../scripts/lib/catalogue-images.ts';
import { shownPath } from '../../src/lib/catalogue/image-state.build.ts';
import { variantWidths } from '../../src/lib/images.ts';

let origin: Awaited<ReturnType<typeof startPhotoOrigin>>;
let work: string;
let cacheDir: string;
let warnings: string[];

beforeAll(async () => {
  origin = await startPhotoOrigin();
});
afterAll(async () => {
  await origin.close();
});
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'thela-images-'));
  cacheDir = path.join(work, 'cache');
  warnings = [];
  origin.reset();
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

const options = (extra: Partial<PrepareOptions> = {}): PrepareOptions => ({
  cacheDir,
  origins: new Set([origin.origin]),
  warn: (line) => warnings.push(line),
  timeoutMs: 3000,
  ...extra,
});
const statuses = () => origin.requests.map((r) => `${r.status} ${path.basename(r.path)}`).sort();

describe('prepareImages', () => {
  test('fetches each photo once, encodes every width, and says why each bad one is the placeholder', async () => {
    const good = ['apple.jpg', 'banana.jpg'].map(origin.url);
    const bad = Object.values(HOSTILE_PHOTOS).map(origin.url);
    const result = await prepareImages([...good, ...bad, 'https://images.invalid/x.jpg'], options());
    expect([result.optimised, result.reused, result.failed]).toEqual([2, 0, bad.length + 1]);
    // Nothing of another origin is asked for, the redirect away is not followed, and each good photo once.
    expect(origin.requests.filter((r) => r.path.endsWith('apple.jpg'))).toHaveLength(1);
    expect(result.requests).toBe(good.length + bad.length);
    for (const url of good) {
      const entry = result.entries.get(url);
      expect(entry && 'hash' in entry && entry.width >= 800 && entry.etag).toBeTruthy();
    }
    const reasons = Object.fromEntries(bad.map((url) => [path.basename(url), result.entries.get(url)]));
    expect(reasons).toEqual({
      [HOSTILE_PHOTOS.missing]: { failed: 'HTTP 404' },
      [HOSTILE_PHOTOS.error]: { failed: 'HTTP 500' },
      [HOSTILE_PHOTOS.svg]: { failed: 'SVG is not accepted (it can carry script)' },
      [HOSTILE_PHOTOS.notImage]: { failed: 'not an image' },
      [HOSTILE_PHOTOS.huge]: { failed: 'larger than 15 MB' },
      [HOSTILE_PHOTOS.slow]: { failed: 'no answer within 3 s' },
      [HOSTILE_PHOTOS.redirectAway]: { failed: 'redirected to https://images.invalid, which is not an allowed image origin' },
    });
    expect(warnings).toHaveLength(bad.length + 1);
    expect(warnings.every((line) => line.endsWith('; the placeholder is shown'))).toBe(true);
    const files = await readdir(path.join(cacheDir, 'thela-images/files'));
    const expected = good.reduce((n, url) => n + variantWidths((result.entries.get(url) as { width: number }).width).length, 0);
    expect(files).toHaveLength(expected);
    expect(result.encoded).toBe(expected);
  });

  test("another photo pipeline's cache (its code or sharp changed) is encoded afresh; one unstamped is kept", async () => {
    const urls = ['apple.jpg', 'banana.jpg'].map(origin.url);
    const first = await prepareImages(urls, options({ pipeline: 'one' }));
    expect(first.encoded).toBeGreaterThan(0);
    origin.reset();
    const same = await prepareImages(urls, options({ pipeline: 'one' }));
    expect([same.encoded, same.reused]).toEqual([0, 2]);
    const other = await prepareImages(urls, options({ pipeline: 'two' }));
    expect([other.optimised, other.encoded]).toEqual([2, first.encoded]);
    expect(statuses().filter((s) => s.startsWith('200'))).toEqual(['200 apple.jpg', '200 banana.jpg']);
    // A cache kept before pipelines were stamped is this pipeline's: nothing is fetched or encoded again.
    const state = path.join(cacheDir, 'thela-images/state.json');
    const { pipeline: _, ...unstamped } = JSON.parse(await readFile(state, 'utf8')) as Record<string, unknown>;
    await writeFile(state, JSON.stringify(unstamped));
    const kept = await prepareImages(urls, options({ pipeline: 'three' }));
    expect([kept.encoded, kept.reused]).toEqual([0, 2]);
    expect(photoPipelineVersion()).toMatch(/^[0-9a-f]{16}$/);
  });

  test('a rebuild asks only conditionally and encodes nothing; a changed photo is fetched and encoded alone', async () => {
    const urls = ['apple.jpg', 'banana.jpg', 'cherry.jpg'].map(origin.url);
    await prepareImages(urls, options());
    origin.reset();
    const again = await prepareImages(urls, options());
    expect([again.optimised, again.reused, again.encoded]).toEqual([0, 3, 0]);
    expect(statuses()).toEqual(['304 apple.jpg', '304 banana.jpg', '304 cherry.jpg']);

    origin.change('banana.jpg');
    origin.reset();
    const changed = await prepareImages(urls, options());
    expect([changed.optimised, changed.reused]).toEqual([1, 2]);
    expect(statuses()).toEqual(['200 banana.jpg', '304 apple.jpg', '304 cherry.jpg']);
    const entry = changed.entries.get(urls[1] as string);
    expect(changed.encoded).toBe(variantWidths((entry as { width: number }).width).length);
    expect(shownPath(entry)).not.toBe(shownPath(again.entries.get(urls[1] as string)));
    // The old photo's files are gone from the cache; the others' stay.
    const files = await readdir(path.join(cacheDir, 'thela-images/files'));
    expect(files.filter((f) => f.startsWith((again.entries.get(urls[1] as string) as { hash: string }).hash))).toEqual([]);
  });

  test('asks nothing while a response is fresh, and keeps the last copy when the origin is down', async () => {
    const fresh = await startPhotoOrigin({ cacheControl: 'public, max-age=3600' });
    const url = fresh.url('apple.jpg');
    try {
      await prepareImages([url], options({ origins: new Set([fresh.origin]) }));
      fresh.reset();
      const again = await prepareImages([url], options({ origins: new Set([fresh.origin]) }));
      expect(fresh.requests).toEqual([]);
      expect(again.reused).toBe(1);
    } finally {
      await fresh.close();
    }
    // Stale now (an hour later), and the origin gone: the copy from the last build is kept, said once.
    const later = await prepareImages([url], options({ origins: new Set([fresh.origin]), now: () => Date.now() + 2 * 3600_000 }));
    expect([later.reused, later.failed]).toEqual([1, 0]);
    expect(warnings).toEqual([expect.stringContaining('the copy from the last build is kept')]);
  });

  test('follows a redirect within an allowed origin and refuses a photo over the size cap', async () => {
    const moved = await prepareImages([origin.url('moved-to-apple.jpg')], options());
    expect(moved.optimised).toBe(1);
    const capped = await prepareImages([origin.url('apple.jpg')], options({ maxBytes: 10_000 }));
    expect(capped.entries.get(origin.url('apple.jpg'))).toEqual({ failed: 'larger than 10 KB' });
  });

  test('leaves photos of the Storage CDN to it, without asking', async () => {
    const cdn = `${origin.origin}/storage/v1/object/public/`;
    const result = await prepareImages([origin.url('apple.jpg')], options({ cdnPrefix: cdn }));
    expect([result.cdn, result.requests, result.entries.size]).toEqual([1, 0, 0]);
  });
});

describe('installImages', () => {
  test('links every file of the current photos into the site', async () => {
    const result = await prepareImages([origin.url('apple.jpg')], options());
    const out = path.join(work, 'dist');
    const placed = await installImages(cacheDir, out);
    const names = await readdir(path.join(out, '_img'));
    expect(placed).toBe(result.encoded);
    expect(names).toHaveLength(result.encoded);
    const one = names[0] as string;
    const [cached, shipped] = await Promise.all([stat(path.join(cacheDir, 'thela-images/files', one)), stat(path.join(out, '_img', one))]);
    expect(shipped.ino).toBe(cached.ino);
  });
});

describe('imageOrigins', () => {
  test("allows the Supabase project's origin and each listed origin, https or loopback http", () => {
    const origins = imageOrigins({
      PUBLIC_SUPABASE_URL: 'https://ref.supabase.co',
      THELA_IMAGE_ORIGINS: 'https://images.example.com, http://127.0.0.1:4390',
    });
    expect([...origins]).toEqual(['https://ref.supabase.co', 'https://images.example.com', 'http://127.0.0.1:4390']);
    expect(allowedImageUrl('https://ref.supabase.co/storage/v1/object/public/x.jpg', origins)).toBe(true);
    expect(allowedImageUrl('https://ref.supabase.co.evil.example/x.jpg', origins)).toBe(false);
    expect(allowedImageUrl('http://ref.supabase.co/x.jpg', origins)).toBe(false);
  });

  test('refuses an entry that is not an https origin, naming it', () => {
    expect(() => imageOrigins({ THELA_IMAGE_ORIGINS: 'images.example.com' })).toThrow('"images.example.com" is not an origin');
    expect(() => imageOrigins({ THELA_IMAGE_ORIGINS: 'http://images.example.com' })).toThrow('is not https');
    expect(() => imageOrigins({ THELA_IMAGE_ORIGINS: 'https://images.example.com/photos' })).toThrow('more than an origin');
  });
});
