/**
 * The benchmark's printed report: every table and line of `npm run bench` and its parts, from the figures the
 * measuring modules return. Nothing here measures.
 */
import type { FirstLoad } from './browser.ts';
import type { BuildResult } from './build.ts';
import type { BudgetRow } from './budgets.ts';
import { PAGE_LIMITS } from './largest-pages.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { ResolvedPage } from './pages.ts';
import type { RunResult, SearchResult } from './search-speed.ts';
import type { PageWeight } from './static-weight.ts';
import { lcpBreakdown, phaseSummary, REFERENCES, searchFigures, TARGETS, type Verdict } from './targets.ts';
import { humanBytes, kb, millis, seconds, table } from './util.ts';
import type { RunPhases } from '../ops/lib/pipeline.ts';

/** Prints a section heading. */
export function heading(title: string): void {
  console.log(`\n== ${title}`);
}

const count = (n: number | null | undefined) => (n ?? 0).toLocaleString('en');

/** The build table, and for each build where its time went, its largest pages and its notes. */
export function printBuilds(list: readonly BuildResult[]): void {
  const header = ['build', 'products', 'pages', 'Astro', 'Astro CPU', 'pages/s', 'peak RSS', 'search index', 'indexed', 'index'];
  console.log(
    table(
      [...header, 'SW', 'total', 'dist files', 'dist size', 'ok'],
      list.map((build) => [
        build.label,
        count(build.catalogue?.products ?? build.catalogueSize),
        count(build.astro?.pagesBuilt),
        seconds(build.astro?.wallMs, 1),
        seconds(build.astro?.cpuMs, 1),
        build.astro?.pagesPerSecond ? count(Math.round(build.astro.pagesPerSecond)) : '–',
        humanBytes((build.peakRssKb ?? 0) * 1024 || null),
        seconds(build.pagefind?.wallMs, 1),
        count(build.pagefind?.pagesIndexed),
        build.pagefind ? `${humanBytes(build.pagefind.indexBytes)} / ${count(build.pagefind.indexFiles)} files` : '–',
        seconds(build.serviceWorker?.wallMs, 1),
        seconds(build.totalMs, 1),
        build.dist ? count(build.dist.files) : '–',
        humanBytes(build.dist?.bytes),
        build.ok ? 'yes' : 'NO',
      ]),
    ),
  );
  for (const build of list) {
    const say = (text: string) => console.log(`  ${build.label} ${text}`);
    if (build.astro) {
      const p = build.astro.phases;
      say(
        `where Astro's time goes: startup ${seconds(p.startupMs, 1)}, loading data ${seconds(p.loadDataMs, 1)}, types/prepare ${seconds(p.prepareMs, 1)}, bundling ${seconds(p.bundleMs, 1)}, rendering ${seconds(p.renderMs, 1)}, post-build ${seconds(p.finishMs, 1)}, exit ${seconds(p.exitMs, 1)}`,
      );
      const share = Object.entries(build.astro.renderShare)
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 4);
      if (share.length)
        say(
          `rendering by route (Astro's per-page times): ${share.map(([route, s]) => `/${route} ${count(s.pages)} pages ${seconds(s.ms, 1)}`).join(', ')}`,
        );
      if (build.totalMs) say(`largest parts of the total: ${phaseSummary(build)}`);
    }
    const steps = Object.entries(build.steps);
    if (steps.length) say(`steps (scripts/build.ts's own times): ${steps.map(([name, ms]) => `${name} ${seconds(ms, 1)}`).join(', ')}`);
    if (build.linkCheck)
      say(
        `link check (the build's last step): ${build.linkCheck.links?.toLocaleString('en') ?? '?'} links in ${seconds(build.linkCheck.wallMs, 1)}, peak ${humanBytes((build.linkCheck.peakRssKb ?? 0) * 1024 || null)}`,
      );
    if (build.dist?.largestHtml) say(`largest page: ${build.dist.largestHtml.path} ${humanBytes(build.dist.largestHtml.bytes)}`);
    if (build.dist?.largestPages.length) {
      const over = (value: number, limit: number) => `${value}${value > limit ? ' OVER' : ''}`;
      console.log(
        `  ${build.label}: largest page of each type (limits: ${humanBytes(PAGE_LIMITS.rawBytes)} raw, ${PAGE_LIMITS.domElements} DOM elements, ${PAGE_LIMITS.firstRenderGzip} B first render)`,
      );
      console.log(
        table(
          ['type', 'page', 'raw', 'DOM elements', 'first render gzip'],
          build.dist.largestPages.map((page) => [
            page.type,
            page.url,
            `${humanBytes(page.rawBytes)}${page.rawBytes > PAGE_LIMITS.rawBytes ? ' OVER' : ''}`,
            over(page.domElements, PAGE_LIMITS.domElements),
            over(page.firstRenderGzip, PAGE_LIMITS.firstRenderGzip),
          ]),
        ),
      );
    }
    for (const note of build.notes) console.log(`  ${build.label}: ${note}`);
  }
}

/** Page weights by page type, static and on a first load in Chromium. */
export type Weights = Record<string, { url: string; weight: PageWeight; browserJsGzip: number | null } | { missing: string }>;

/** The page weight table and each page's islands. */
export function printWeights(pages: readonly ResolvedPage[], weights: Weights, firstLoads: readonly FirstLoad[]): void {
  const size = (s: { raw: number; gzip: number; brotli: number }) => `${kb(s.raw)} / ${kb(s.gzip)} / ${kb(s.brotli)}`;
  const rows = pages.map(({ type: { name } }) => {
    const entry = weights[name];
    if (!entry || 'missing' in entry) return [name, 'not built yet', '', '', '', '', '', '', '', '', ''];
    const w = entry.weight;
    const load = firstLoads.find((item) => item.url === entry.url);
    const problems = load
      ? [...(load.ok ? [] : [load.error ?? 'failed']), ...load.httpErrors, ...load.offSite.map((url) => `OFF-SITE ${url}`)]
      : [];
    return [
      name,
      size(w.html),
      size(w.css.total),
      size(w.js.total),
      load ? `${kb(load.js.gzip)}${load.serviceWorkerScript ? ` + sw ${kb(load.serviceWorkerScript.gzip)}` : ''}` : '–',
      w.reactDom.length ? 'react-dom' : w.reactCore.length ? 'react' : '–',
      kb(w.firstRender.gzip),
      w.firstRender.gzip <= TARGETS.firstRoundTripBytes ? 'yes' : 'no',
      load
        ? `${load.requests - load.serviceWorkerRequests}${load.serviceWorkerRequests ? ` + ${load.serviceWorkerRequests} sw` : ''}`
        : '–',
      load ? kb(load.transferredBytes) : '–',
      problems.join(', ').slice(0, 80),
    ];
  });
  const header = ['page', 'HTML raw/gz/br', 'CSS raw/gz/br', 'JS raw/gz/br (static)', 'JS gz (Chromium)', 'React', 'first render gz'];
  console.log(table([...header, '≤ 14 KB', 'requests', 'transferred', 'problems on first load'], rows));
  for (const { type } of pages) {
    const entry = weights[type.name];
    if (!entry || 'missing' in entry) console.log(`  ${type.name}: skipped — ${entry?.missing ?? 'not measured'}`);
    else {
      const islands = entry.weight.islands.map((island) => `${island.component} (client:${island.directive})`).join(', ');
      if (islands) console.log(`  ${type.name} ${entry.url}: islands ${islands}`);
    }
  }
}

/** The budget table, its breaches and notes. */
export function printBudgets(checked: { rows: BudgetRow[]; breaches: string[]; notes: string[] }): void {
  console.log(
    table(
      ['page', 'JS gzip', 'max', 'first render gzip', 'max', 'React', 'status'],
      checked.rows.map((row) => [
        row.page,
        kb(row.jsGzip),
        kb(row.maxJsGzip),
        kb(row.firstRenderGzip),
        kb(row.maxFirstRenderGzip),
        row.react ?? 'none',
        row.breaches.length ? 'OVER' : 'ok',
      ]),
    ),
  );
  for (const breach of checked.breaches) console.log(`  BUDGET ${breach}`);
  for (const note of checked.notes) console.log(`  note: ${note}`);
}

/** The Lighthouse table (medians), then each page's LCP element, LCP breakdown, lost points and failed runs. */
export function printLighthouse(summary: Record<string, LighthouseResult>, lcpLimitMs: number = TARGETS.lcpMs): void {
  const header = ['page', 'perf (100)', 'a11y (100)', 'best pr.', 'SEO', `LCP (≤ ${seconds(lcpLimitMs, 1)})`, 'FCP', 'TBT', 'CLS'];
  console.log(
    table(
      [...header, 'total bytes', 'CPU index', 'runs'],
      Object.entries(summary).map(([name, s]) => [
        name,
        String(s.scores.performance ?? '–'),
        String(s.scores.accessibility ?? '–'),
        String(s.scores['best-practices'] ?? '–'),
        String(s.scores.seo ?? '–'),
        seconds(s.lcpMs),
        seconds(s.fcpMs),
        millis(s.tbtMs),
        s.cls === null ? '–' : s.cls.toFixed(3),
        kb(s.totalBytes),
        s.benchmarkIndex === null ? '–' : String(Math.round(s.benchmarkIndex)),
        String(s.runs),
      ]),
    ),
  );
  for (const [name, s] of Object.entries(summary)) {
    if (s.lcpElement) console.log(`  ${name} LCP element: ${s.lcpElement}`);
    for (const line of lcpBreakdown(s, lcpLimitMs)) console.log(`  ${name} ${line}`);
    for (const line of s.failing) console.log(`  ${name} loses points on ${line}`);
    for (const error of s.errors) console.log(`  ${name} run failed: ${error}`);
  }
}

/** One line per search run as it ends. */
export function formatSearchRun(index: number, runs: number, run: RunResult): string {
  const mid = (list: { ms: number }[]) => list.map((w) => w.ms).sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
  const ms = (n: number) => `${Math.round(n)} ms`;
  const k = (n: number) => `${Math.round(n / 1024)} KB`;
  const { cold, first, coldCorrected } = run;
  return `run ${index + 1}/${runs}: pasted ${ms(cold.ms)} ${k(cold.gzipBytes)}, typed ${ms(first.ms)} ${k(first.bytes)}, warm median ${ms(mid(run.warm))}, corrected median ${ms(mid(run.corrected))}, pasted "${coldCorrected.query}" ${ms(coldCorrected.ms)} ${k(coldCorrected.gzipBytes)} (-> ${coldCorrected.corrected})`;
}

/** The search figures of one index. */
export function printSearch(search: SearchResult): void {
  const figures = searchFigures(search);
  if ('skipped' in figures || 'skipped' in search) {
    console.log(`  skipped — ${'skipped' in figures ? figures.skipped : ''}`);
    return;
  }
  const header = ['index', 'warm keystroke→results (< 50 ms)', 'first query, typed (< 300 ms)', 'first query bytes (< 160 KB)'];
  console.log(
    table(
      [...header, 'cold first query, pasted', 'cold bytes'],
      [
        [
          `${count(figures.products)} products`,
          millis(figures.warmMs),
          millis(figures.firstMs),
          kb(figures.firstBytes),
          millis(figures.coldMs),
          kb(figures.coldBytes),
        ],
      ],
    ),
  );
  const { cold, corrected, coldCorrected, vocabulary } = search;
  console.log(
    `  pasted first query: ${millis(cold.medianMs)}, ${kb(cold.gzipBytes)} before results · typo correction: warm ${millis(corrected.medianMs)}, pasted ${millis(coldCorrected.medianMs)} with ${kb(coldCorrected.gzipBytes)} before results (vocabulary ${kb(vocabulary?.gzipBytes)} gzipped)`,
  );
}

/** The targets beside the measured values, the issue's references and where the results went. */
export function printVerdicts(verdicts: readonly Verdict[]): void {
  heading('Targets (from the issue) beside the measured values');
  console.log(
    table(
      ['', 'target', 'measured', 'what stands in the way / note'],
      verdicts.map((verdict) => [
        verdict.met === null ? '?' : verdict.met ? 'met' : 'MISSED',
        verdict.target,
        verdict.measured,
        verdict.note,
      ]),
    ),
  );
  console.log(`\nReferences from the issue: ${Object.values(REFERENCES).join('; ')}.`);
}

/** One build of the images part, as images.ts reads it from the build's output. */
interface ImagesBuild {
  wallMs: number;
  imagesMs: number | null;
  encoded: number | null;
  imagesLine: string | null;
  /** The end of a failed build's output. */
  tail: string[];
}

/** What the images part (images.ts) measured. */
export interface ImagesReport {
  size: number;
  photos: { bytes: number };
  first: ImagesBuild & { imagesPerSecond: number | null };
  rebuild: ImagesBuild & { served: number; statuses: Record<string, number> };
  disk: Record<'cache' | 'site', { bytes: number; files: number }>;
  firstRenderGzip: Record<string, number>;
  lighthouse?: Record<string, Pick<LighthouseResult, 'lcpMs' | 'lcpPhases' | 'lcpElement' | 'tbtMs'> & { performance: number | null }>;
}

/** The images part's report: both builds, disk, first render and Lighthouse of the photo pages. */
export function printImages(r: ImagesReport): void {
  const { first, rebuild: again, disk } = r;
  const statuses = Object.entries(again.statuses).map(([status, n]) => `${n} x ${status}`);
  console.log(`\nImages: ${count(r.size)} products, ${count(r.size)} photos (${humanBytes(r.photos.bytes)})`);
  console.log(
    `  first build: ${seconds(first.wallMs, 1)} in all; images step ${seconds(first.imagesMs, 1)} (${first.imagesPerSecond?.toFixed(1) ?? '?'} photos/s, ${first.encoded ?? '?'} files encoded); ${first.imagesLine ?? ''}`,
  );
  console.log(
    `  one photo changed: ${seconds(again.wallMs, 1)} in all; images step ${seconds(again.imagesMs, 1)}; ${again.served} requests answered (${statuses.join(', ')}), ${again.encoded ?? '?'} files encoded; ${again.imagesLine ?? ''}`,
  );
  console.log(
    `  disk: ${humanBytes(disk.cache.bytes)} in ${count(disk.cache.files)} files (build cache), the site's /_img/ ${humanBytes(disk.site.bytes)} (hard links to it)`,
  );
  for (const [name, bytes] of Object.entries(r.firstRenderGzip))
    console.log(`  ${name}: first render ${count(bytes)} B gzipped (limit 14,336 B)`);
  for (const [name, audit] of Object.entries(r.lighthouse ?? {})) {
    console.log(`  ${name}: Lighthouse performance ${audit.performance ?? '?'}, LCP ${seconds(audit.lcpMs)}, TBT ${audit.tbtMs ?? '?'} ms`);
    for (const line of lcpBreakdown(audit)) console.log(`    ${line}`);
  }
  for (const line of [...first.tail, ...again.tail]) console.log(`  build: ${line}`);
}

/** A rebuild of the live part (live.ts): what it did, then where its time went (the operators' pipeline's phases). */
export function printLiveBuild(what: string, phases: RunPhases | undefined): void {
  const s = (ms: number) => seconds(ms, 1);
  const steps = Object.entries(phases?.buildSteps ?? {}).map(([name, ms]) => `${name} ${s(ms)}`);
  const after = (['check', 'dedupe', 'switch'] as const).flatMap((name) =>
    phases?.[name] === undefined ? [] : [`${name} ${s(phases[name])}`],
  );
  const where = phases ? [`build ${s(phases.build)} (${steps.join(', ') || 'no steps reported'})`, ...after].join(', ') : 'not reported';
  console.log(`bench-live: ${what}`);
  console.log(`bench-live:   where the time went: ${where}`);
}

/** One release of the releases part (releases.ts): its files, what it shares and the releases folder's disk use. */
export function printRelease(row: {
  release: number;
  products: number;
  files: number;
  sharedFiles: number;
  duHuman: string;
  duKiB: number;
  fullCopiesKiB: number;
  buildSeconds: number;
}): void {
  console.log(
    `release ${row.release}: ${row.products} products, ${row.files} files, ${row.sharedFiles} shared; ` +
      `releases folder ${row.duHuman} (${Math.round(row.duKiB / 1024)} MiB; full copies would be ` +
      `${Math.round(row.fullCopiesKiB / 1024)} MiB), build ${row.buildSeconds} s`,
  );
}

/** A progress line, stamped with the seconds since the run started. */
export function progress(message: string, name = 'bench'): void {
  console.log(`[${name} ${seconds(performance.now(), 0).padStart(6)}] ${message}`);
}
