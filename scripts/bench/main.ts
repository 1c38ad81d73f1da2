/** `npm run bench`: the one place the performance figures come from (bench/README.md); `--live`, `--releases`, `--images`, `--orders`: one part. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureFirstLoads } from './browser.ts';
import { buildSite, type BuildResult } from './build.ts';
import { BUDGET_FILE, checkBudgets, loadBudgetConfig, updateBudgets } from './budgets.ts';
import { runLighthouse, type AuditedPage, type LighthouseResult } from './lighthouse.ts';
import { resolvePages } from './pages.ts';
import { loadAverage } from './proc.ts';
import { heading, printBudgets, printBuilds, printLighthouse, printSearch, printVerdicts, printWeights, progress } from './report.ts';
import { measureSearch, type SearchResult } from './search-speed.ts';
import { serveStatic } from './serve.ts';
import { AssetReader, analysePageFile, type Weights } from './static-weight.ts';
import { REFERENCES, TARGETS, verdicts, type LighthouseSection, type VerdictInput } from './targets.ts';
import { benchPort, count, errorLine, ROOT, seconds, today, writeResults } from './util.ts';
import { readJson } from '../lib/atomic-write.ts';
import { CHROMIUM_PATH } from '../lib/chromium.ts';
import { commaList, commandMode, parseCommand, usageError, wholeNumber } from '../lib/cli.ts';

// Which port is which: bench/README.md, "Ports and network".
const PORT = { site: benchPort(0), audit: benchPort(1), search: benchPort(2), lighthouseDebug: benchPort(3), scaleSite: benchPort(4) };

const HELP =
  'usage: npm run bench [-- --quick] [--dist DIR] [--scale-dist DIR] [--sizes 1k,10k,100k] [--skip builds,weight,lighthouse,search]\n' +
  '  [--lighthouse-runs N] [--search-runs N] [--update-budgets] [--keep] [--use-build SIZE=DIR]  (bench/README.md)\n' +
  '--live, --releases, --images and --orders run one part alone, with its own options (npm run bench -- --live --help)';
const fail = (message: string): never => usageError('bench', message);

// `npm run bench -- --live ...` (or --releases, --images): the part parses the rest of the command line itself.
const part = commandMode('bench', HELP, ['live', 'releases', 'images', 'orders']);
const partScript = part.mode && path.join(ROOT, 'scripts/bench', `${part.mode}.ts`);
if (partScript) process.exit(spawnSync(process.execPath, [partScript, ...part.rest], { stdio: 'inherit' }).status ?? 1);

const { values } = parseCommand('bench', HELP, {
  quick: { type: 'boolean', default: false },
  dist: { type: 'string' },
  'scale-dist': { type: 'string', default: path.join(ROOT, 'dist-scale') },
  sizes: { type: 'string' },
  skip: { type: 'string', multiple: true, default: [] },
  'lighthouse-runs': { type: 'string' },
  'search-runs': { type: 'string' },
  'update-budgets': { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
  'use-build': { type: 'string', multiple: true, default: [] },
});
const { quick } = values;
/** A catalogue size: a whole number >= 1, "10k" for 10000. */
const catalogueSize = (text: string) => {
  const n = Number(text.replace(/k$/i, '000'));
  return Number.isInteger(n) && n >= 1 ? n : null;
};
const runs = (option: 'lighthouse-runs' | 'search-runs') =>
  values[option] === undefined ? (quick ? 1 : 3) : wholeNumber('bench', option, values[option]);
const [lighthouseRuns, searchRuns] = [runs('lighthouse-runs'), runs('search-runs')];
const skip = new Set(values.skip.flatMap(commaList));
if (values['update-budgets'] && skip.has('weight')) fail('--update-budgets writes the budgets from the page weights: drop --skip weight');
const scaleDist = path.resolve(values['scale-dist']);
const sizes =
  values.sizes
    ?.split(',')
    .filter(Boolean)
    .map((item) => catalogueSize(item) ?? fail(`--sizes: ${item} is not a catalogue size`)) ?? (quick ? [] : [1000, 10_000, 100_000]);
/** Sizes whose build is an existing directory (`--use-build 100000=DIR`): searched, not built. */
const useBuild = new Map(
  values['use-build'].map((item): [number, string] => {
    const [size = '', dir] = item.split('=');
    const n = catalogueSize(size);
    return n !== null && dir ? [n, path.resolve(dir)] : fail('--use-build needs SIZE=DIR, e.g. 100000=/tmp/dist-100k');
  }),
);

const versionOf = (pkg: string): string | null =>
  (readJson(path.join(ROOT, 'node_modules', pkg, 'package.json')) as { version?: string } | undefined)?.version ?? null;
// stdout is null, not a string, when the program cannot be started.
const output = (command: string, args: string[]) =>
  (spawnSync(command, args, { cwd: ROOT, encoding: 'utf8' }).stdout as string | null)?.trim() ?? '';

const started = new Date();
const resultsName = quick ? 'quick' : 'full';
const loadAverageAtStart = loadAverage();
const builds: BuildResult[] = [];
const results: Record<string, unknown> = {
  date: today(started),
  startedAt: started.toISOString(),
  mode: quick ? 'quick' : 'full',
  units: 'bytes; 1 KB = 1,024 bytes; times in ms; gzip level 9, brotli quality 11',
  environment: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    astro: versionOf('astro'),
    pagefind: versionOf('pagefind'),
    lighthouse: versionOf('lighthouse'),
    playwright: versionOf('@playwright/test'),
    chromium: output(CHROMIUM_PATH, ['--version']) || null,
    commit: output('git', ['rev-parse', '--short', 'HEAD']) || null,
    uncommittedFiles: output('git', ['status', '--porcelain']).split('\n').filter(Boolean).length,
  },
  loadAverageAtStart,
  targets: TARGETS,
  references: REFERENCES,
  builds,
};

/** Records `value` under `key` and writes the results file, so a run cut short keeps what it measured. */
async function save(key?: string, value?: unknown): Promise<void> {
  if (key !== undefined) results[key] = value;
  Object.assign(results, { finishedAt: new Date().toISOString(), durationMs: Math.round(performance.now()) });
  await writeResults(resultsName, results);
}

async function measuredBuild(label: string, size: number | null, port: number): Promise<BuildResult> {
  const build = await buildSite(label, size, `http://127.0.0.1:${port}`, progress);
  builds.push(build);
  await save();
  printBuilds([build]);
  return build;
}

/** Search speed on a build served on `port` (the origin it was built for: the search page works from no other). */
async function searchOn(dir: string, port: number, label: string): Promise<SearchResult> {
  heading(`Search on the ${label} index (scripts/bench/search-speed.ts, ${searchRuns} run(s))`);
  const failed = (error: unknown) => ({ skipped: `search benchmark failed: ${errorLine(error)}` });
  const search: SearchResult = await measureSearch(dir, port, searchRuns).catch(failed);
  printSearch(search);
  return search;
}

/** Lighthouse on `pages`, after one discarded warm-up run (a cold Chromium is markedly slower) unless `warmUp` is false. */
async function audit(pages: AuditedPage[], lcpLimitMs?: number, warmUp = true): Promise<Record<string, LighthouseResult>> {
  if (warmUp) {
    progress('lighthouse warm-up run (discarded)');
    await runLighthouse(pages.slice(0, 1), 1, PORT.lighthouseDebug);
  }
  const audited = await runLighthouse(pages, lighthouseRuns, PORT.lighthouseDebug, progress);
  printLighthouse(audited, lcpLimitMs);
  return audited;
}

heading(`Thela benchmark (${quick ? 'quick' : 'full'}) → bench/results/${resultsName}.json`);
console.log(
  `Node ${process.version}, ${os.cpus().length} CPUs, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB; load average ${loadAverageAtStart ?? '?'}`,
);

let siteDir: string;
if (values.dist !== undefined) {
  siteDir = path.resolve(values.dist);
  if (!existsSync(path.join(siteDir, 'index.html'))) fail(`${siteDir} is not a built site`);
  progress(`using the existing build ${siteDir} for page weight and Lighthouse`);
} else {
  heading('Build: bundled sample catalogue (the site that page weight and Lighthouse measure)');
  const sample = await measuredBuild('sample', null, PORT.site);
  if (!sample.ok) fail(`the sample build failed, nothing else can be measured: ${sample.notes[0] ?? ''}`);
  siteDir = sample.outDir;
}

const resolved = await resolvePages(siteDir);
const present = resolved.flatMap((page) => (page.missing === undefined ? [page] : []));
const weights: Weights = {};
if (!skip.has('weight')) {
  heading('Page weight per page type (static: everything the HTML links; Chromium: first load, no scrolling)');
  const reader = new AssetReader(siteDir);
  progress(`loading ${present.length} pages in Chromium`);
  const server = await serveStatic(siteDir, PORT.site);
  const urls = present.map((page) => page.url);
  const firstLoads = await measureFirstLoads(server.origin, urls, reader).finally(() => server.close());
  for (const page of resolved) {
    const firstLoad = firstLoads.find((item) => item.url === page.url) ?? null;
    weights[page.type.name] =
      page.missing === undefined
        ? { url: page.url, static: await analysePageFile(reader, page.url, page.file), firstLoad }
        : { missing: page.missing };
  }
  const jsCounting =
    'static: module scripts + every island (any client: directive) + renderers, through static imports; chromium: JS responses on first load without scrolling, until 500 ms network idle (client:visible islands below the fold excluded)';
  await save('pageWeight', { site: siteDir, firstRoundTripBytes: TARGETS.firstRoundTripBytes, jsCounting, pages: weights });
  printWeights(weights);
}

heading('Byte budgets (bench/budgets.json, the same check as scripts/check-budgets.ts)');
if (values['update-budgets']) {
  await updateBudgets(weights);
  progress(`rewrote the budgets in ${path.relative(ROOT, BUDGET_FILE)} from this run (+7%)`);
}
const checked = await checkBudgets(siteDir, await loadBudgetConfig());
printBudgets(checked);
await save('budgets', { breaches: checked.breaches, notes: checked.notes, rows: checked.rows.map(({ weight: _weight, ...row }) => row) });

// Lighthouse: the sample build, the category page on the 10,000-product build when there is one (issue 12).
let lighthouse: LighthouseSection = { skipped: 'skipped (--skip lighthouse)' };
if (!skip.has('lighthouse')) {
  const wanted: readonly string[] = quick ? ['product'] : TARGETS.lighthousePages;
  const onScale = TARGETS.lighthouseScalePages.filter((name) => wanted.includes(name));
  const scaleBuilt = onScale.length > 0 && existsSync(path.join(scaleDist, 'index.html'));
  const scaleServer = scaleBuilt ? await serveStatic(scaleDist, PORT.scaleSite, { secure: true }) : null;
  const siteServer = await serveStatic(siteDir, PORT.audit, { secure: true });
  heading(`Lighthouse ${versionOf('lighthouse')} mobile defaults, ${lighthouseRuns} run(s) per page, medians`);
  const loadAverageBeforeLighthouse = (results['loadAverageBeforeLighthouse'] = loadAverage());
  console.log(`  load average ${loadAverageBeforeLighthouse ?? '?'} (2 cores: above ~2 other work competes with the audited page)`);
  const where = path.relative(ROOT, scaleDist);
  const on = scaleServer ? `on the 10,000-product build ${where}` : `on the sample build (no build in ${where}: npm run build:scale)`;
  for (const name of onScale) console.log(`  ${name}: ${on}`);
  const quickNote = 'not audited in quick mode (product page only, one run)';
  const notAudited = Object.fromEntries(TARGETS.lighthousePages.filter((name) => !wanted.includes(name)).map((name) => [name, quickNote]));
  try {
    const pages = present
      .filter((page) => wanted.includes(page.type.name))
      .map(({ type: { name }, url }) => ({ name, url, origin: (scaleServer && onScale.includes(name) ? scaleServer : siteServer).origin }));
    lighthouse = { pages: await audit(pages, undefined, !quick), notAudited };
  } finally {
    await scaleServer?.close();
    await siteServer.close();
  }
}
results['lighthouse'] = lighthouse;
await save('loadAverageAfterLighthouse', loadAverage());

// Scale builds and search: the 10,000- and the 100,000-product index (issue 14); in quick mode the sample build's.
const search: Pick<VerdictInput, 'search' | 'search100k'> = {
  search: skip.has('search')
    ? { skipped: 'skipped (--skip search)' }
    : quick
      ? await searchOn(siteDir, values.dist !== undefined ? PORT.search : PORT.site, values.dist ?? "sample catalogue's")
      : { skipped: 'no 10,000-product build in this run (--sizes, --skip builds)' },
};
await save('search', search.search);
const searchResults: VerdictInput['searchResults'] = {};
for (const size of skip.has('builds') ? [] : sizes) {
  heading(`Build: ${count(size)} synthetic products`);
  const label = size % 1000 === 0 ? `${size / 1000}k` : String(size);
  const reused = useBuild.get(size);
  if (reused !== undefined) progress(`${label}: using the existing build ${reused} (--use-build): search only, no build figures`);
  const build = reused === undefined ? await measuredBuild(label, size, PORT.search) : { ok: true, outDir: reused };
  const key = size === 10_000 && !quick ? 'search' : size === 100_000 ? 'search100k' : null;
  if (key && !skip.has('search')) {
    search[key] = build.ok ? await searchOn(build.outDir, PORT.search, `${count(size)}-product`) : { skipped: `the ${label} build failed` };
    await save(key, search[key]);
  }
  const searchLcpMs = TARGETS.searchResultsLcpMs[size];
  if (searchLcpMs !== undefined && build.ok && !skip.has('lighthouse')) {
    // The search page (issue 31): empty, with a query and with a misspelt one, each arriving with its query in the URL.
    heading(`Lighthouse on the search results page, ${count(size)}-product index`);
    const server = await serveStatic(build.outDir, PORT.scaleSite, { secure: true });
    const queries = [...TARGETS.searchResultsQueries, ...TARGETS.searchResultsOtherQueries].map((query) => ({
      name: `search ?q=${query}`,
      url: `/search/?q=${query}`,
    }));
    try {
      const pages = [{ name: 'search', url: '/search/' }, ...queries].map((page) => ({ ...page, origin: server.origin }));
      searchResults[size] = { pages: await audit(pages, searchLcpMs) };
    } finally {
      await server.close();
    }
    await save('searchResults', searchResults);
  }
  if (size >= 100_000 && !values.keep && reused === undefined) await rm(build.outDir, { recursive: true, force: true });
}

const verdictList = verdicts({ weights, lighthouse, builds, ...search, searchResults });
await save('verdicts', verdictList);
heading('Summary: all builds');
printBuilds(builds);
printVerdicts(verdictList);
const lockWait = builds.reduce((sum, build) => sum + build.lockWaitMs, 0);
const waited = lockWait > 1000 ? `, of which ${seconds(lockWait, 0)} waiting for other engineers' builds` : '';
console.log(`Results: bench/results/${resultsName}.json (${seconds(performance.now(), 0)} in all${waited})`);
