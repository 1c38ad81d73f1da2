/** Helpers shared by the benchmark: paths, ports, the build environment, statistics, byte sizes, formatting. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { writeJsonAtomic } from '../lib/atomic-write.ts';
import { listFiles as walkFiles } from '../lib/file-results.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** 1 KB = 1,024 bytes in every figure (14 KB = 14,336 bytes, 75 KB = 76,800). */
export const KB = 1024;

/** Port `offset` of the bench's (4361 + offset; THELA_BENCH_PORT_BASE moves them all). */
export function benchPort(offset: number): number {
  const base = Number(process.env['THELA_BENCH_PORT_BASE'] ?? 4361);
  if (!Number.isInteger(base) || base < 1024 || base > 65_525) throw new Error('THELA_BENCH_PORT_BASE must be a port from 1024 to 65525');
  return base + offset;
}

/** Makes `env` (changed in place) a bench build's: no Supabase or stray build settings, no telemetry, then `set`. */
export function benchEnv(env: NodeJS.ProcessEnv, set: Record<string, string>): NodeJS.ProcessEnv {
  const unset = [
    'PUBLIC_SUPABASE_URL',
    'PUBLIC_SUPABASE_ANON_KEY',
    'PUBLIC_ORDERS',
    'OUT_DIR',
    'CATALOGUE_SIZE',
    'THELA_FULL_BUILD',
    'PUBLIC_IMAGE_CDN',
  ];
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- an environment, not a record we own
  for (const name of unset) delete env[name];
  return Object.assign(env, { ASTRO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' }, set);
}

/** Writes bench/results/<scenario>.json over the last run's (one current file per scenario; git keeps the rest); its path. */
export async function writeResults(name: string, data: unknown): Promise<string> {
  const file = path.join(ROOT, 'bench/results', `${name}.json`);
  await writeJsonAtomic(file, data, { space: 2 });
  return path.relative(ROOT, file);
}

/** Mean of the middle two for an even count; null for none. */
export function median(values: readonly number[]): number | null {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The median of each of `keys` over `list` (see `median`). */
export const medians = <K extends string>(keys: readonly K[], list: readonly Partial<Record<K, number | null>>[]) =>
  Object.fromEntries(keys.map((key) => [key, median(list.flatMap((item) => item[key] ?? []))])) as Record<K, number | null>;

export type Sizes = ReturnType<typeof sizesOf>;
export const gzipBytes = (buffer: Buffer) => gzipSync(buffer, { level: 9 }).length;

/** Byte counts of one payload: raw, gzip (level 9) and brotli (quality 11), as a CDN sends it. */
export function sizesOf(data: string | Buffer) {
  const buffer = typeof data === 'string' ? Buffer.from(data) : data;
  const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length };
  return { raw: buffer.length, gzip: gzipBytes(buffer), brotli: brotliCompressSync(buffer, { params }).length };
}

export const addSizes = (list: readonly Sizes[]): Sizes =>
  list.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { raw: 0, gzip: 0, brotli: 0 });

type Figure = number | null | undefined;
/** Figures as printed, "–" for null: "12.3 KB"; "1.23 GiB", "4.5 MiB" or "340.0 KB" (whole directories); "1.23 s" and "42 ms" from ms. */
export const kb = (bytes: Figure, digits = 1) => (bytes == null ? '–' : `${(bytes / KB).toFixed(digits)} KB`);
export const seconds = (ms: Figure, digits = 2) => (ms == null ? '–' : `${(ms / 1000).toFixed(digits)} s`);
export const millis = (ms: Figure) => (ms == null ? '–' : `${Math.round(ms)} ms`);
export function humanBytes(bytes: Figure): string {
  if (bytes == null) return '–';
  if (bytes >= KB ** 3) return `${(bytes / KB ** 3).toFixed(2)} GiB`;
  return bytes >= KB ** 2 ? `${(bytes / KB ** 2).toFixed(1)} MiB` : kb(bytes);
}
/** The first line of a thrown error's message. */
export const errorLine = (error: unknown) => (error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
/** "1,234"; 0 for null. */
export const count = (n: Figure) => (n ?? 0).toLocaleString('en');

/** Rows as a plain-text table under a header rule; cells that look numeric are right-aligned (but the first). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = /^[-+]?[\d.,]+( ?[a-zA-Z%/]+)?$|^–$/;
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => (numeric.test(cell) && i > 0 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** Every file under `dir` (recursively, symlinks not followed): its path from `dir` ("/a/b.html") and size. */
export async function listFiles(dir: string): Promise<{ path: string; bytes: number }[]> {
  return (await walkFiles(dir, () => true)).map((file) => ({ path: `/${file}`, bytes: statSync(path.join(dir, file)).size }));
}

export async function directoryStats(dir: string) {
  const files = await listFiles(dir);
  return { files: files.length, bytes: files.reduce((sum, file) => sum + file.bytes, 0) };
}

/** The local date as YYYY-MM-DD (results file names). */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
