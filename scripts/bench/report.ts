/** Everything `npm run bench` prints, from the figures the measuring modules return. Nothing here measures. */
import { PHASE_NAMES, type BuildResult } from './build.ts';
import type { checkBudgets } from './budgets.ts';
import { PAGE_LIMITS } from './largest-pages.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { SearchResult } from './search-speed.ts';
import type { Weights } from './static-weight.ts';
import { lcpBreakdown, phaseSummary, REFERENCES, TARGETS, type Verdict } from './targets.ts';
import { count, humanBytes, KB, kb, millis, seconds, table, type Sizes } from './util.ts';

const s1 = (ms: number | null | undefined) => seconds(ms, 1);
/** Prints a table whose header is given as 'a|b|c'. */
const show = (header: string, rows: readonly (readonly string[])[]) => console.log(table(header.split('|'), rows));

export const heading = (title: string) => console.log(`\n== ${title}`);

/** A progress line, stamped with the seconds since the run started. */
export const progress = (message: string, name = 'bench') =>
  console.log(`[${name} ${seconds(performance.now(), 0).padStart(6)}] ${message}`);

/** The build table, then for each build where its time went, its largest pages and its notes. */
export function printBuilds(list: readonly BuildResult[]): void {
  const rows = list.map((b) => [
    b.label,
    count(b.catalogue?.products ?? b.catalogueSize),
    count(b.astro?.pagesBuilt),
    s1(b.astro?.wallMs),
    s1(b.astro?.cpuMs),
    b.astro?.pagesPerSecond ? count(Math.round(b.astro.pagesPerSecond)) : '–',
    humanBytes(b.peakRssKb * KB || null),
    s1(b.pagefind?.wallMs),
    count(b.pagefind?.pagesIndexed),
    b.pagefind ? `${humanBytes(b.pagefind.indexBytes)} / ${count(b.pagefind.indexFiles)} files` : '–',
    s1(b.serviceWorker?.wallMs),
    s1(b.totalMs),
    b.dist ? count(b.dist.files) : '–',
    humanBytes(b.dist?.bytes),
    b.ok ? 'yes' : 'NO',
  ]);
  show('build|products|pages|Astro|Astro CPU|pages/s|peak RSS|search index|indexed|index|SW|total|dist files|dist size|ok', rows);
  for (const build of list) {
    const say = (text: string) => console.log(`  ${build.label} ${text}`);
    const { astro, dist, siteChecks, firstPages } = build;
    if (firstPages.files > 0)
      say(
        `search first pages (issue 52): ${count(firstPages.queries)} queries in ${s1(firstPages.reportedMs)}, ${count(firstPages.files)} files, ` +
          `${humanBytes(firstPages.bytes)} (${humanBytes(firstPages.diskBytes)} on disk)`,
      );
    if (astro) {
      const phases = Object.entries(PHASE_NAMES).map(([key, name]) => `${name} ${s1(astro.phases[key] ?? null)}`);
      say(`where Astro's time goes: ${phases.join(', ')}`);
      const share = Object.entries(astro.renderShare)
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 4);
      if (share.length)
        say(
          `rendering by route (the build's per-page times): ${share.map(([route, r]) => `/${route} ${count(r.pages)} pages ${s1(r.ms)}`).join(', ')}`,
        );
      if (build.totalMs) say(`largest parts of the total: ${phaseSummary(build)}`);
    }
    const steps = Object.entries(build.steps);
    if (steps.length) say(`steps (the build record's own times): ${steps.map(([name, ms]) => `${name} ${s1(ms)}`).join(', ')}`);
    if (siteChecks)
      say(
        `site checks (the build's last step): ${siteChecks.links?.toLocaleString('en') ?? '?'} links in ${s1(siteChecks.wallMs)}, peak ${humanBytes((siteChecks.peakRssKb ?? 0) * KB || null)}`,
      );
    if (dist?.largestPages.length) {
      const over = (text: string, value: number, limit: number) => `${text}${value > limit ? ' OVER' : ''}`;
      const { rawBytes, domElements, firstRenderGzip } = PAGE_LIMITS;
      console.log(
        `  ${build.label}: largest page of each type (limits: ${humanBytes(rawBytes)} raw, ${domElements} DOM elements, ${firstRenderGzip} B first render)`,
      );
      const pages = dist.largestPages.map((page) => [
        page.type,
        page.url,
        over(humanBytes(page.rawBytes), page.rawBytes, rawBytes),
        over(String(page.domElements), page.domElements, domElements),
        over(String(page.firstRenderGzip), page.firstRenderGzip, firstRenderGzip),
      ]);
      show('type|page|raw|DOM elements|first render gzip', pages);
    }
    for (const note of build.notes) console.log(`  ${build.label}: ${note}`);
  }
}

/** The page weight table and each page's islands. */
export function printWeights(weights: Weights): void {
  const size = (s: Sizes) => `${kb(s.raw)} / ${kb(s.gzip)} / ${kb(s.brotli)}`;
  const rows = Object.entries(weights).map(([name, entry]) => {
    if ('missing' in entry) return [name, 'not built yet', '', '', '', '', '', '', '', '', ''];
    const { static: w, firstLoad: load } = entry;
    const problems = load
      ? [...(load.ok ? [] : [load.error ?? 'failed']), ...load.httpErrors, ...load.offSite.map((url) => `OFF-SITE ${url}`)]
      : [];
    const sw = load?.serviceWorkerRequests ?? 0;
    return [
      name,
      ...[w.html, w.css.total, w.js.total].map(size),
      load ? `${kb(load.js.gzip)}${load.serviceWorkerScript ? ` + sw ${kb(load.serviceWorkerScript.gzip)}` : ''}` : '–',
      w.reactDom.length ? 'react-dom' : w.reactCore.length ? 'react' : '–',
      kb(w.firstRender.gzip),
      w.firstRender.gzip <= TARGETS.firstRoundTripBytes ? 'yes' : 'no',
      load ? `${load.requests - sw}${sw ? ` + ${sw} sw` : ''}` : '–',
      kb(load?.transferredBytes),
      problems.join(', ').slice(0, 80),
    ];
  });
  show(
    'page|HTML raw/gz/br|CSS raw/gz/br|JS raw/gz/br (static)|JS gz (Chromium)|React|first render gz|≤ 14 KB|requests|transferred|problems on first load',
    rows,
  );
  for (const [name, entry] of Object.entries(weights)) {
    if ('missing' in entry) console.log(`  ${name}: skipped — ${entry.missing}`);
    else if (entry.static.islands.length)
      console.log(
        `  ${name} ${entry.url}: islands ${entry.static.islands.map((i) => `${i.component} (client:${i.directive})`).join(', ')}`,
      );
  }
}

/** The budget table, its breaches and notes. */
export function printBudgets(checked: Awaited<ReturnType<typeof checkBudgets>>): void {
  const rows = checked.rows.map((r) => [
    r.page,
    ...[r.jsGzip, r.maxJsGzip, r.firstRenderGzip, r.maxFirstRenderGzip].map((bytes) => kb(bytes)),
    r.react ?? 'none',
    r.breaches.length ? 'OVER' : 'ok',
  ]);
  show('page|JS gzip|max|first render gzip|max|React|status', rows);
  for (const breach of checked.breaches) console.log(`  BUDGET ${breach}`);
  for (const note of checked.notes) console.log(`  note: ${note}`);
}

/** The Lighthouse table (medians), then each page's LCP element, LCP breakdown, lost points and failed runs. */
export function printLighthouse(summary: Record<string, LighthouseResult>, lcpLimitMs: number = TARGETS.lcpMs): void {
  const rows = Object.entries(summary).map(([name, s]) => [
    name,
    ...[s.scores.performance, s.scores.accessibility, s.scores['best-practices'], s.scores.seo].map((score) => String(score ?? '–')),
    seconds(s.lcpMs),
    seconds(s.fcpMs),
    millis(s.tbtMs),
    s.cls === null ? '–' : s.cls.toFixed(3),
    kb(s.totalBytes),
    kb(s.bytesBeforeLcp),
    s.benchmarkIndex === null ? '–' : String(Math.round(s.benchmarkIndex)),
    String(s.runs),
  ]);
  show(
    `page|perf (100)|a11y (100)|best pr.|SEO|LCP (≤ ${seconds(lcpLimitMs, 1)})|FCP|TBT|CLS|total bytes|bytes by LCP|CPU index|runs`,
    rows,
  );
  for (const [name, s] of Object.entries(summary)) {
    if (s.lcpElement) console.log(`  ${name} LCP element: ${s.lcpElement}`);
    for (const line of lcpBreakdown(s, lcpLimitMs)) console.log(`  ${name} ${line}`);
    for (const line of s.failing) console.log(`  ${name} loses points on ${line}`);
    for (const error of s.errors) console.log(`  ${name} run failed: ${error}`);
  }
}

export function printSearch(search: SearchResult): void {
  if ('skipped' in search) {
    console.log(`  skipped — ${search.skipped}`);
    return;
  }
  const { warm, first, cold, corrected, coldCorrected, vocabulary } = search;
  const header =
    'index|warm keystroke→results (< 50 ms)|first query, typed (< 300 ms)|first query bytes (< 160 KB)|cold first query, pasted|cold bytes';
  const index = `${count(search.products)} products`;
  show(header, [[index, millis(warm.medianMs), millis(first.medianMs), kb(first.gzipBytes), millis(cold.medianMs), kb(cold.gzipBytes)]]);
  console.log(
    `  typo correction: warm ${millis(corrected.medianMs)}, pasted ${millis(coldCorrected.medianMs)} with ${kb(coldCorrected.gzipBytes)} before results (vocabulary ${kb(vocabulary?.gzipBytes)} gzipped)`,
  );
}

/** The targets beside the measured values, and the issue's references. */
export function printVerdicts(verdicts: readonly Verdict[]): void {
  heading('Targets (from the issue) beside the measured values');
  const rows = verdicts.map((v) => [v.met === null ? '?' : v.met ? 'met' : 'MISSED', v.target, v.measured, v.note]);
  show('|target|measured|what stands in the way / note', rows);
  console.log(`\nReferences from the issue: ${Object.values(REFERENCES).join('; ')}.`);
}
