/** A loopback stand-in for photo storage (images bench, tests): generated JPEGs at Supabase Storage's paths, some hostile answers. */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';

/** As in a Supabase project's public bucket. */
const PHOTO_PREFIX = '/storage/v1/object/public/product-images/';

/** The hostile or broken answers it gives, by file name under PHOTO_PREFIX. */
export const HOSTILE_PHOTOS = {
  missing: 'missing.jpg', // 404
  svg: 'label.svg', // an SVG with a script, as image/svg+xml
  notImage: 'not-a-photo.jpg', // an HTML page as image/jpeg
  huge: 'huge.jpg', // 16 MB of declared length (over the 15 MB cap)
  slow: 'slow.jpg', // answers after 60 s (over the timeout)
  error: 'error.jpg', // 500
  redirectAway: 'moved-away.jpg', // a redirect to another origin, not an allowed one
} as const;

const TEXTURE_SIZE = 1600;
const HUGE = 16 * 1024 * 1024;
const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><script>alert(1)</script><rect width="800" height="800"/></svg>';
let texture: Promise<Uint8Array> | undefined;

const noise = (width: number, height: number, sigma: number) =>
  sharp({ create: { width, height, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma } } });
/** `base` with `grain` (noise around 128) added, each byte clamped: a camera's grain. */
const withGrain = (base: Uint8Array, grain: Uint8Array) =>
  base.map((value, i) => Math.max(0, Math.min(255, value + (grain[i] as number) - 128)));

/** A photo-like texture (soft blobs and a fine grain) that every photo is cut from: compresses like a product shot. */
function photoTexture(): Promise<Uint8Array> {
  texture ??= (async () => {
    const coarse = await noise(200, 200, 60).resize(TEXTURE_SIZE, TEXTURE_SIZE, { kernel: 'cubic' }).blur(6).raw().toBuffer();
    return withGrain(coarse, await noise(TEXTURE_SIZE, TEXTURE_SIZE, 8).raw().toBuffer());
  })();
  return texture;
}

/** From 0 to 1, the same every run. */
function unit(key: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${key}`).digest().readUInt32BE(0) / 0xffffffff;
}

/** A studio shot of a packet (backdrop, gradient, text-like label, logo, shadow): with grain, compresses as a product photo does. */
function productShotSvg(width: number, height: number, key: string): string {
  const hue = Math.round(unit(key, 'hue') * 360);
  const [ow, oh] = [width * (0.42 + unit(key, 'ow') * 0.2), height * (0.6 + unit(key, 'oh') * 0.2)];
  const ox = (width - ow) / 2 + (unit(key, 'ox') - 0.5) * width * 0.1;
  const oy = (height - oh) / 2 + (unit(key, 'oy') - 0.5) * height * 0.08;
  const [lx, lw, ly, lh] = [ox + ow * 0.12, ow * 0.76, oy + oh * 0.3, oh * 0.4];
  const words: string[] = [];
  for (let y = ly + lh * 0.08, n = 0; y < ly + lh * 0.92; y += lh * 0.07) {
    for (let x = lx + lw * 0.06; ; n++) {
      const w = lw * (0.03 + unit(`${key}:${n}`, 'word') * 0.12);
      if (x + w > lx + lw * 0.94) break;
      words.push(`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${(lh * 0.035).toFixed(1)}" rx="2"/>`);
      x += w + lw * 0.025;
    }
  }
  const blur = (width / 60).toFixed(1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>
<radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#fbfaf7"/><stop offset="1" stop-color="#e4e1dc"/></radialGradient>
<linearGradient id="pk" x1="0" x2="1"><stop offset="0" stop-color="hsl(${hue},55%,32%)"/><stop offset="0.35" stop-color="hsl(${hue},60%,50%)"/><stop offset="1" stop-color="hsl(${hue},55%,28%)"/></linearGradient>
<filter id="soft"><feGaussianBlur stdDeviation="${blur}"/></filter></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<ellipse cx="${ox + ow / 2}" cy="${oy + oh}" rx="${ow * 0.55}" ry="${oh * 0.05}" opacity="0.25" filter="url(#soft)"/>
<rect x="${ox}" y="${oy}" width="${ow}" height="${oh}" rx="${ow * 0.08}" fill="url(#pk)"/>
<rect x="${lx}" y="${ly}" width="${lw}" height="${lh}" rx="${ow * 0.03}" fill="hsl(${(hue + 40) % 360},30%,92%)"/>
<g fill="hsl(${hue},40%,20%)">${words.join('')}</g>
<circle cx="${ox + ow * 0.5}" cy="${oy + oh * 0.18}" r="${ow * 0.1}" fill="hsl(${(hue + 180) % 360},70%,55%)"/>
<rect x="${ox + ow * 0.2}" y="${oy + oh * 0.04}" width="${ow * 0.12}" height="${oh * 0.9}" fill="#fff" opacity="0.18" filter="url(#soft)"/>
</svg>`;
}

/** A product shot's JPEG (`productShotSvg` with a camera's grain): about 250 KB at 1200x1200. */
async function productShotJpeg(width: number, height: number, key: string): Promise<Buffer> {
  const svg = Buffer.from(productShotSvg(width, height, key));
  const [shot, grain] = [await sharp(svg).removeAlpha().raw().toBuffer(), await noise(width, height, 6).raw().toBuffer()];
  const raw = { width, height, channels: 3 } as const;
  return sharp(withGrain(shot, grain), { raw }).jpeg({ quality: 88 }).toBuffer();
}

/** Photo `name` at `version`, distinct bytes each: cut from a mottled texture (`-<W>x<H>.jpg`: that size), or a product shot (`shot-`). */
async function photoJpeg(name: string, version = 0): Promise<Buffer> {
  const key = `${name}#${version}`;
  const exact = /-(\d{2,4})x(\d{2,4})\.jpe?g$/.exec(name);
  const width = exact ? Math.min(Number(exact[1]), TEXTURE_SIZE) : 800 + Math.round(unit(key, 'w') * 400);
  const height = exact ? Number(exact[2]) : Math.round(width * (0.75 + unit(key, 'h') * 0.5));
  if (name.startsWith('shot-')) return productShotJpeg(width, Math.min(height, TEXTURE_SIZE), key);
  const crop = Math.min(height, TEXTURE_SIZE);
  const a = 0.55 + unit(key, 'a') * 0.5;
  const [left, top] = [Math.round(unit(key, 'x') * (TEXTURE_SIZE - width)), Math.round(unit(key, 'y') * (TEXTURE_SIZE - crop))];
  return sharp(await photoTexture(), { raw: { width: TEXTURE_SIZE, height: TEXTURE_SIZE, channels: 3 } })
    .extract({ left, top, width, height: crop })
    .linear([a, a * 0.9, a * 0.8], [unit(key, 'r') * 80, unit(key, 'g') * 60, unit(key, 'b') * 60])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Writes the photos `names` not yet in `dir`, two at a time. */
export async function writePhotos(dir: string, names: readonly string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < names.length; i = next++) {
      const file = path.join(dir, names[i] as string);
      if (!existsSync(file)) await writeFile(file, await photoJpeg(names[i] as string));
    }
  };
  await Promise.all([worker(), worker()]);
}

/**
 * Starts the stand-in on 127.0.0.1: `dir` serves pre-made photos; `cacheControl` of photos (default `no-cache`: builds ask again).
 * It gives `url(name)` of a photo, the requests so far (`reset` forgets them); `change(name)`: new bytes, same URL.
 */
export async function startPhotoOrigin(options: { dir?: string; cacheControl?: string; port?: number } = {}) {
  const { dir, cacheControl = 'no-cache', port = 0 } = options;
  const versions = new Map<string, number>();
  const cache = new Map<string, Promise<Buffer>>();
  const requests: { path: string; status: number }[] = [];
  const lastModified = new Date(Date.UTC(2026, 10, 1)).toUTCString();
  // Made before the first request: its loop holds the event loop for a moment, which a client's timeout would count.
  if (!dir) await photoTexture();

  const photo = (name: string): Promise<Buffer> => {
    const version = versions.get(name) ?? 0;
    const key = `${name}#${version}`;
    const bytes = cache.get(key) ?? (dir && version === 0 ? readFile(path.join(dir, name)) : photoJpeg(name, version));
    cache.set(key, bytes);
    return bytes;
  };

  const answer = async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<number> => {
    if (!pathname.startsWith(PHOTO_PREFIX)) return end(res, 404);
    const name = decodeURIComponent(pathname.slice(PHOTO_PREFIX.length));
    switch (name) {
      case HOSTILE_PHOTOS.missing:
        return end(res, 404);
      case HOSTILE_PHOTOS.error:
        return end(res, 500);
      case HOSTILE_PHOTOS.svg:
        return end(res, 200, { 'Content-Type': 'image/svg+xml' }, SCRIPTED_SVG);
      case HOSTILE_PHOTOS.notImage:
        return end(res, 200, { 'Content-Type': 'image/jpeg' }, '<!doctype html><title>Login</title><p>Please sign in</p>');
      case HOSTILE_PHOTOS.huge:
        return end(res, 200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(HUGE) }, Buffer.alloc(HUGE));
      case HOSTILE_PHOTOS.slow:
        await new Promise((resolve) => setTimeout(resolve, 60_000).unref());
        return end(res, 504);
      case HOSTILE_PHOTOS.redirectAway:
        return end(res, 302, { Location: 'https://images.invalid/stolen.jpg' });
    }
    // `moved-to-<name>` redirects to photo <name> on the same origin.
    if (name.startsWith('moved-to-')) return end(res, 301, { Location: `${PHOTO_PREFIX}${name.slice('moved-to-'.length)}` });
    if (!/^[\w.-]+\.jpe?g$/.test(name) || (dir && !existsSync(path.join(dir, name)))) return end(res, 404);
    const bytes = await photo(name);
    const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}"`;
    const headers = { ETag: etag, 'Last-Modified': lastModified, 'Cache-Control': cacheControl };
    if (req.headers['if-none-match'] === etag) return end(res, 304, headers);
    return end(res, 200, { ...headers, 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.length) }, bytes);
  };

  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    answer(req, res, pathname).then(
      (status) => requests.push({ path: pathname, status }),
      () => requests.push({ path: pathname, status: end(res, 500) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (name: string) => `${origin}${PHOTO_PREFIX}${name}`,
    requests,
    reset: () => void requests.splice(0),
    change: (name: string) => void versions.set(name, (versions.get(name) ?? 0) + 1),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers `status`, bare text/plain unless given headers and a body; the status, for the count of requests. */
function end(res: ServerResponse, status: number, headers: OutgoingHttpHeaders = { 'Content-Type': 'text/plain' }, body?: string | Buffer) {
  if (!res.headersSent) res.writeHead(status, headers);
  res.end(body);
  return status;
}
