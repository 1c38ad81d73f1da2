/**
 * Search speed comes from the search engineer's scripts/bench/search-speed.ts (keystroke-to-results time and bytes
 * fetched per query in Chromium on a built site). This runs it as a child process and keeps its JSON.
 */
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { runMeasured } from './proc.ts';
import { plain } from './build.ts';
import { ROOT } from './util.ts';

/** Where the search benchmark lives. */
export const SEARCH_BENCH = path.join(ROOT, 'scripts/bench/search-speed.ts');

/** The search section of the results: the child's JSON as it wrote it, or why there is none. */
export type SearchResult =
  | { skipped: string }
  | {
      ok: boolean;
      dist: string;
      products: number | null;
      runs: number;
      wallMs: number;
      data: unknown;
      error?: string;
      outputTail: string[];
    };

/** Runs scripts/bench/search-speed.ts on a built site with `runs` runs, serving it on `port`. */
export async function runSearchBench(dist: string, products: number | null, runs: number, port: number): Promise<SearchResult> {
  if (!existsSync(path.join(dist, 'pagefind'))) return { skipped: `${dist} has no Pagefind index` };
  const jsonFile = path.join(path.dirname(dist), `search-${Date.now()}.json`);
  const run = await runMeasured(
    process.execPath,
    [SEARCH_BENCH, '--dist', dist, '--port', String(port), '--runs', String(runs), '--json', jsonFile],
    {
      cwd: ROOT,
      env: { ...process.env, OUT_DIR: dist, BENCH_PORT: String(port), BENCH_RUNS: String(runs) },
      timeoutMs: (products ?? 0) >= 100_000 ? 20 * 60_000 : 10 * 60_000,
    },
  );
  const outputTail = run.lines
    .map((line) => plain(line.text))
    .filter(Boolean)
    .slice(-40);
  let data: unknown = null;
  const text = await readFile(jsonFile, 'utf8').catch(() => null);
  if (text !== null) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
    await rm(jsonFile, { force: true });
  }
  if (data === null) {
    // Fall back to the last JSON object the script printed on stdout.
    const stdout = run.lines
      .filter((line) => line.stream === 'stdout')
      .map((line) => line.text)
      .join('\n');
    const start = stdout.lastIndexOf('\n{');
    try {
      data = JSON.parse(stdout.slice(start === -1 ? stdout.indexOf('{') : start + 1));
    } catch {
      data = null;
    }
  }
  const result: SearchResult = { ok: run.exitCode === 0 && data !== null, dist, products, runs, wallMs: run.wallMs, data, outputTail };
  if (run.exitCode !== 0) result.error = `bench-search exited ${run.exitCode ?? run.signal}`;
  else if (data === null) result.error = 'bench-search printed no JSON result';
  return result;
}
