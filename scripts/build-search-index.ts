/** The build's search index step, in a process of its own beside Astro's pages (HELP below). Why it first runs itself with `--records`: docs/operators.md. */
import { spawn } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { buildStopped, catalogueOrigin, loadCatalogue, withShownImages } from '../src/lib/catalogue/catalogue.build.ts';
import { parseCommand } from './lib/cli.ts';
import {
  indexSearchRecords,
  prepareSearchRecords,
  preparedRecordsJson,
  readPreparedRecords,
  searchIndexPaths,
  type PreparedRecords,
  type SearchIndexPaths,
} from './lib/search-index.ts';
import { exitOnPublicSecrets } from './lib/secrets.ts';
import { readFragmentState } from './lib/search-fragments.ts';
import { writeFirstPages } from './lib/search-first-pages.ts';

const HELP = `Usage: node scripts/build-search-index.ts [STAGING]

Writes the Pagefind index of every product of the catalogue, in stock or not (read as the build reads it), with the
typo-correction vocabulary (vocabulary.json), into STAGING
(default: thela-search-index in $THELA_BUILD_CACHE, else node_modules/.astro). A step of npm run build (astro build),
run beside Astro's pages; the build moves the index into the site's pagefind/ folder. Each product's record document is kept in
thela-search-records beside it, and only those that changed are written again; the other records' fragments are
linked from the last index (THELA_FULL_BUILD=1 writes everything). Above THELA_SEARCH_BUNDLE_SIZE products (default
20000) the index is several Pagefind bundles: bundle-1/ and on inside STAGING, listed in bundles.json.

Options:
  --figures FILE   also write the step's figures there as JSON (products indexed, first pages), for the build's record
  -h, --help       this help

(--records FILE [--rewrite] is this script's own first half: it writes the record documents and hands their ids to
the second half in FILE, then exits.)`;

const { values: args, positionals } = parseCommand(
  'build-search-index',
  HELP,
  { records: { type: 'string' }, rewrite: { type: 'boolean', default: false }, figures: { type: 'string' } },
  { allowPositionals: true },
);
let paths: SearchIndexPaths;
try {
  paths = searchIndexPaths();
} catch (error) {
  fail(error);
}
if (positionals[0]) paths.staging = path.resolve(positionals[0]);
// The variables as Astro reads them: the .env files, with the process environment on top.
const env = { ...loadEnv('production', process.cwd(), ''), ...process.env };

// Astro refuses a secret in a PUBLIC_ variable before it reads anything; so does this step, with the same lines.
exitOnPublicSecrets(env);

/** Stops with the build's own line for a catalogue that cannot be read, else the error's message. */
function fail(error: unknown): never {
  const stopped = buildStopped(error);
  console.error(stopped instanceof Error ? stopped.message : String(stopped));
  process.exit(1);
}

if (args.records !== undefined) {
  // The first half, in its own process: the catalogue is read here and nowhere else.
  try {
    // Astro's build logs the catalogue's summary and skipped rows; this read stays quiet unless it fails.
    const quiet = { info: () => {}, warn: () => {} };
    const catalogue = await withShownImages(await loadCatalogue(catalogueOrigin(env), quiet), env, quiet);
    await writeFile(args.records, preparedRecordsJson(await prepareSearchRecords(catalogue, paths, !args.rewrite)));
  } catch (error) {
    fail(error);
  }
  process.exit(0);
}

/** The records step ended without handing anything over: the exit code to end with, and a line unless it wrote its own. */
class RecordsStepFailed extends Error {
  readonly code: number;
  constructor(code: number, message = '') {
    super(message);
    this.code = code;
  }
}

/** Runs the first half (`--records`) and reads what it handed over, in a file of this run's own. */
async function prepareInOwnProcess(reuse: boolean): Promise<PreparedRecords> {
  const handover = `${paths.prepared}.${process.pid}`;
  await rm(handover, { force: true });
  const script = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [script, '--records', handover, ...(reuse ? [] : ['--rewrite']), paths.staging], {
    stdio: 'inherit',
  });
  // The build stops this step with SIGTERM when Astro fails: the first half stops with it.
  const stop = () => {
    child.kill('SIGTERM');
    process.exit(143);
  };
  process.once('SIGTERM', stop);
  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((resolve) => {
    child.on('error', (error) => resolve({ code: null, signal: null, error }));
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  process.off('SIGTERM', stop);
  try {
    if (ended.error) throw new RecordsStepFailed(1, `build-search-index: the records step could not start: ${ended.error.message}`);
    if (ended.signal) {
      const number = osConstants.signals[ended.signal];
      throw new RecordsStepFailed(128 + number, `build-search-index: the records step was stopped by ${ended.signal}`);
    }
    // A plain failure: the records step has written its own line (the build's, for an unreadable catalogue).
    if (ended.code !== 0) throw new RecordsStepFailed(ended.code ?? 1);
    const prepared = readPreparedRecords(await readFile(handover, 'utf8').catch(() => ''));
    if (!prepared) throw new RecordsStepFailed(1, `build-search-index: the records step left no readable ${handover}`);
    return prepared;
  } finally {
    await rm(handover, { force: true });
  }
}

const started = performance.now();
try {
  // A full build (THELA_FULL_BUILD=1) reuses nothing, as Astro's --force and the after-steps.
  const summary = await indexSearchRecords(prepareInOwnProcess, paths, process.env['THELA_FULL_BUILD'] !== '1');
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `search vocabulary: ${summary.words.toLocaleString('en')} words, ${kib(summary.vocabularyBytes)} KiB (${kib(summary.vocabularyGzipBytes)} KiB gzipped)`,
  );
  const { written, kept, removed } = summary.files;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `search index: ${summary.indexed.toLocaleString('en')} products indexed${summary.bundles > 1 ? ` in ${summary.bundles} bundles` : ''}` +
      ` in ${seconds(performance.now() - started)}` +
      ` (records ${seconds(summary.ms.records)}: ${written.toLocaleString('en')} written, ${kept.toLocaleString('en')} unchanged,` +
      ` ${removed.toLocaleString('en')} removed; Pagefind read them in ${seconds(summary.ms.read)}, wrote its files in ${seconds(summary.ms.write)},` +
      ` ${summary.fragments.linked.toLocaleString('en')} fragments linked from the last index)`,
  );
  // The first pages (src/lib/search/README.md, "First pages"), linked from the last index where unchanged: its folder is the one
  // the fragments' state still names.
  const last = (await readFragmentState(paths.fragments)).dir;
  const first = await writeFirstPages(paths.staging, last, summary.firstPageQueries);
  console.log(
    `search first pages: ${first.queries.toLocaleString('en')} queries in ${seconds(first.ms)}, ${kib(first.bytes)} KiB;` +
      ` ${first.written.toLocaleString('en')} written (new or changed answer), ${first.linked.toLocaleString('en')} unchanged,` +
      ` ${first.none.toLocaleString('en')} without one (nothing found, or all out of stock)`,
  );
  if (args.figures) {
    const figures = { indexed: summary.indexed, bundles: summary.bundles, firstPageQueries: first.queries, firstPagesMs: first.ms };
    await writeFile(args.figures, JSON.stringify({ ...figures, indexMs: performance.now() - started - first.ms }));
  }
} catch (error) {
  if (!(error instanceof RecordsStepFailed)) fail(error);
  if (error.message) console.error(error.message);
  process.exit(error.code);
}
