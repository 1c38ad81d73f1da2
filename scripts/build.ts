/**
 * `npm run build`, the one build sequence: photos, Astro with the search index beside it, the service worker, the site
 * checks; `--full` (THELA_FULL_BUILD=1) renders every page. The order and why: docs/architecture.md, "The build".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { formatPageSummary, formatStepTimes, pageCounter } from './lib/build-pages.ts';
import { buildCacheDir } from './lib/build-cache.ts';
import { imageCachePaths, installImages } from './lib/catalogue-images.ts';
import { outDirFrom, parseCommand, usageError } from './lib/cli.ts';
import { keepLastIndex } from './lib/search-fragments.ts';
import { installSearchIndex, searchIndexPaths, searchIndexTiming, type SearchIndexPaths } from './lib/search-index.ts';

const HELP = `Usage: npm run build [-- --full]

Builds the site into $OUT_DIR (default dist): the Astro build with the Pagefind index and the search vocabulary
beside it, then the service worker, then the site checks (secrets, links, the security headers). Incremental: pages whose data and
templates are unchanged are reused from the cache ($THELA_BUILD_CACHE, default node_modules/.astro).

Options:
  --full       render every page and record a fresh cache (also THELA_FULL_BUILD=1)
  -h, --help   this help

THELA_SEARCH_INDEX=after writes the search index after Astro instead of beside it: slower, but the build's peak
memory is that of one process, not of two.`;

const { values: args } = parseCommand('build', HELP, { full: { type: 'boolean', default: false } });
let indexTiming: ReturnType<typeof searchIndexTiming>;
let indexPaths: SearchIndexPaths;
try {
  indexTiming = searchIndexTiming();
  // Also reads THELA_SEARCH_BUNDLE_SIZE: refused here, before any step starts.
  indexPaths = searchIndexPaths();
} catch (error) {
  usageError('build', (error as Error).message);
}
// The folder Astro writes to (astro.config.mjs reads OUT_DIR the same way); the after-steps are given it.
const outDir = outDirFrom();

/** How long each step took (ms), printed as one line at the end (`formatStepTimes`) for the operators' rebuild and the bench. */
const steps: Record<string, number> = {};

/** The steps running now: a failing one stops the others before the build exits. */
const running = new Set<ChildProcess>();

/** How `run` reports a step: what its failure line calls it (default: its label), and who else reads its output. */
interface StepOptions {
  name?: string;
  /** Sees the step's standard output, which still passes through to the build's own. */
  onOutput?: (chunk: string) => void;
}

/** Stops the build: says why, stops any step still running, exits with `code`. */
function stop(reason: string, code: number): never {
  console.error(`build: ${reason}`);
  for (const other of running) other.kill('SIGTERM');
  process.exit(code);
}

/** Runs one step of the build, timed under `label`; a failure stops the build (and any step beside it) with its exit code. */
async function run(label: string, command: string, args: string[], { name = label, onOutput }: StepOptions = {}): Promise<void> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['inherit', onOutput ? 'pipe' : 'inherit', 'inherit'] });
  child.stdout?.setEncoding('utf8');
  // Passed through a whole line at a time, so the lines of steps running side by side never interleave mid-line.
  let partial = '';
  child.stdout?.on('data', (chunk: string) => {
    const end = chunk.lastIndexOf('\n') + 1;
    if (end === 0) {
      partial += chunk;
    } else {
      process.stdout.write(partial + chunk.slice(0, end));
      partial = chunk.slice(end);
    }
    onOutput?.(chunk);
  });
  child.stdout?.on('end', () => partial && process.stdout.write(partial));
  running.add(child);
  const status = await new Promise<number | string>((resolve) => {
    child.on('error', (error) => {
      // Not started at all (e.g. `astro` not on PATH outside npm run): say why, or the failure line has no cause.
      console.error(`build: ${name} could not start: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? signal ?? 1));
  });
  running.delete(child);
  steps[label] = performance.now() - started;
  if (status !== 0) stop(`${name} failed (exit ${status})`, typeof status === 'number' ? status : 1);
}

const full = args.full || process.env['THELA_FULL_BUILD'] === '1';
// The after-steps reuse nothing either (scripts/lib/file-results.ts).
if (full) process.env['THELA_FULL_BUILD'] = '1';
process.env['THELA_IMAGES_FILE'] = imageCachePaths(buildCacheDir()).state;
const searchIndex = () => run('search index', process.execPath, ['scripts/build-search-index.ts', indexPaths.staging]);

/** Runs an in-process step; a failure stops the build like a failed step, `failure` saying what went wrong. */
async function orStop(step: () => Promise<unknown>, failure: string): Promise<void> {
  try {
    await step();
  } catch (error) {
    stop(`${failure}: ${(error as Error).message}`, 1);
  }
}

// Astro empties the output folder as it starts: an index there is moved aside first, to link its unchanged fragments.
await keepLastIndex(indexPaths.fragments, outDir, indexPaths.kept);
// The catalogue's photos first: the pages and the search index both name the optimised files.
await run('images', process.execPath, ['scripts/build-images.ts']);
// The index beside Astro unless THELA_SEARCH_INDEX=after; either way it moves in once Astro is done (Astro empties the output folder).
const indexed = indexTiming === 'beside' ? searchIndex() : undefined;
// `astro build`, its output passed through while counting the pages it rendered and reused.
const counter = pageCounter();
await run('astro', 'astro', full ? ['build', '--force'] : ['build'], { name: 'astro build', onOutput: (chunk) => counter.feed(chunk) });
const pages = formatPageSummary(counter.done());
// Links the optimised photos into the site (Astro emptied the output folder as it started), then moves the finished index in.
await orStop(() => installImages(buildCacheDir(), outDir), `the photos could not be placed in ${outDir}`);
await (indexed ?? searchIndex());
await orStop(() => installSearchIndex(indexPaths, outDir), `the search index could not be moved into ${outDir}`);
// The service worker's precache manifest lists the index's files: it waits for the index to be in the site.
await run('service worker', process.execPath, ['scripts/build-sw.ts', outDir]);
console.log(`build: ${pages}`);
// Last: it reads everything the others wrote, and writes the security headers.
await run('site checks', process.execPath, ['scripts/check-site.ts', outDir]);
console.log(`build: ${formatStepTimes(steps)}`);
// Last, so the operators' rebuild finds it in the tail of the output.
console.log(`build: ${pages}${full ? ' (full build)' : ''}`);
