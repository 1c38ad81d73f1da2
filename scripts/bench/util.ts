/** Small helpers shared by the benchmark modules: statistics, byte sizes, formatting and tables. */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The repository root (scripts/bench/ is two levels below it). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The first of the benchmark's ten ports (default 4361: 4361-4369 for `npm run bench`, +5 for `--live`).
 * THELA_BENCH_PORT_BASE moves them all, so two engineers' benchmarks on one machine do not collide.
 */
export function benchPort(offset: number): number {
  const base = Number(process.env['THELA_BENCH_PORT_BASE'] ?? 4361);
  if (!Number.isInteger(base) || base < 1024 || base > 65_525) throw new Error('THELA_BENCH_PORT_BASE must be a port from 1024 to 65525');
  return base + offset;
}

/**
 * The folder under which `npm run bench` builds, each build in `bench-<label>/` (default /tmp). THELA_BENCH_TMP moves
 * them, so two engineers' benchmarks on one machine do not build into each other's folders.
 */
export function benchDir(label: string): string {
  return path.join(path.resolve(process.env['THELA_BENCH_TMP'] || '/tmp'), `bench-${label}`);
}

/** One kilobyte as every figure in the benchmark uses it: 1,024 bytes (so 14 KB = 14,336 bytes, 75 KB = 76,800). */
export const KB = 1024;

/** Median of the numbers (mean of the middle two for an even count); null when there are none. */
export function median(values: readonly number[]): number | null {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 === 1 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/** Byte counts of one payload as sent uncompressed, gzipped (level 9) and brotli'd (quality 11), as a CDN would. */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Raw, gzip and brotli sizes of a payload. */
export function sizesOf(data: string | Buffer): Sizes {
  const buffer = typeof data === 'string' ? Buffer.from(data) : data;
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    }).length,
  };
}

/** Sum of several Sizes. */
export function addSizes(list: readonly Sizes[]): Sizes {
  return list.reduce((sum, item) => ({ raw: sum.raw + item.raw, gzip: sum.gzip + item.gzip, brotli: sum.brotli + item.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
}

/** "12.3 KB" (1 KB = 1,024 bytes); "–" for null. */
export function kb(bytes: number | null | undefined, digits = 1): string {
  if (bytes === null || bytes === undefined) return '–';
  return `${(bytes / KB).toFixed(digits)} KB`;
}

/** "1.2 MB" or "340 KB" for sizes of whole directories. */
export function humanBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '–';
  if (bytes >= KB * KB * KB) return `${(bytes / KB / KB / KB).toFixed(2)} GiB`;
  if (bytes >= KB * KB) return `${(bytes / KB / KB).toFixed(1)} MiB`;
  return `${(bytes / KB).toFixed(1)} KB`;
}

/** "1.23 s" from milliseconds; "–" for null. */
export function seconds(ms: number | null | undefined, digits = 2): string {
  if (ms === null || ms === undefined) return '–';
  return `${(ms / 1000).toFixed(digits)} s`;
}

/** "42 ms"; "–" for null. */
export function millis(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  return `${Math.round(ms)} ms`;
}

/** Renders rows as a plain-text table with a header rule; cells are left-aligned except those that look numeric. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, index) => Math.max(cell.length, ...rows.map((row) => (row[index] ?? '').length)));
  const numeric = /^[-+]?[\d.,]+( ?[a-zA-Z%/]+)?$|^–$/;
  const line = (row: readonly string[]) =>
    row
      .map((cell, index) => (numeric.test(cell) && index > 0 ? cell.padStart(widths[index] ?? 0) : cell.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** Number of files and their total size under a directory (recursively; symlinks are not followed). */
export async function directoryStats(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const walk = async (current: string): Promise<void> => {
    const entries = await readdir(current, { withFileTypes: true });
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        files += 1;
        bytes += (await stat(full)).size;
      }
    }
  };
  await walk(dir);
  return { files, bytes };
}

/** Today's date as YYYY-MM-DD in local time (the results file name). */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
