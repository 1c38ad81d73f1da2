/** Lighthouse runs and their medians (bench/README.md); one Chromium for all: each run opens a fresh tab, storage cleared. */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from './browser.ts';
import { ended } from './proc.ts';
import { CHROMIUM_PATH } from '../lib/chromium.ts';
import { errorLine, medians } from './util.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number | null>;
/** Lighthouse's LCP breakdown, ms, by the phase names of its LCP element audit. */
const PHASES = { TTFB: 'ttfbMs', 'Load Delay': 'loadDelayMs', 'Load Time': 'loadTimeMs', 'Render Delay': 'renderDelayMs' } as const;
type LcpPhases = Record<(typeof PHASES)[keyof typeof PHASES], number>;
/** The figures that are an audit's numeric value (ms, bytes; CLS has no unit). */
const AUDITS = {
  lcpMs: 'largest-contentful-paint',
  fcpMs: 'first-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
  totalBytes: 'total-byte-weight',
} as const;
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type FailingAudit = { category: string; id: string; title: string; displayValue: string | null };

/** One line per audit that lost points in any of `runs`. */
function failingLines(runs: readonly FailingAudit[][]): string[] {
  const byId = new Map<string, { audit: FailingAudit; values: string[]; count: number }>();
  for (const audit of runs.flat()) {
    const entry = byId.get(`${audit.category}:${audit.id}`) ?? { audit, values: [], count: 0 };
    entry.count += 1;
    if (audit.displayValue) entry.values.push(audit.displayValue);
    byId.set(`${audit.category}:${audit.id}`, entry);
  }
  const of = `of ${runs.length} run${runs.length === 1 ? '' : 's'}`;
  return [...byId.values()].map(
    ({ audit, values, count }) =>
      `${audit.category}: ${audit.id} (${audit.title}; ${count} ${of}${values.length ? `: ${values.join(', ')}` : ''})`,
  );
}

/** One result's figures (scores 0-100, ms, bytes), its audits that lost points, `benchmarkIndex`: the machine's CPU benchmark. */
function readLhr(url: string, lhr: Lhr) {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  type Details = {
    items?: { items?: { node?: { snippet?: string }; phase?: unknown; timing?: unknown }[]; node?: { snippet?: string } }[];
  };
  const details = lhr.audits['largest-contentful-paint-element']?.details as Details | undefined;
  const phases: Partial<LcpPhases> = {};
  for (const item of (details?.items ?? []).flatMap((table) => table.items ?? [])) {
    const key = PHASES[item.phase as keyof typeof PHASES] as keyof LcpPhases | undefined;
    if (key && typeof item.timing === 'number') phases[key] = item.timing;
  }
  const audits = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) return [];
      return [{ category, id: ref.id, title: audit.title, displayValue: audit.displayValue ?? null }];
    }),
  );
  const first = details?.items?.[0];
  // Bytes the page had fetched by its largest paint (observed run): the search's first result, on its results page.
  type Requests = { items?: { networkEndTime?: number; transferSize?: number }[] };
  const observedLcp = (lhr.audits['metrics']?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined)?.items?.[0]
    ?.observedLargestContentfulPaint;
  const requests = (lhr.audits['network-requests']?.details as Requests | undefined)?.items ?? [];
  const bytesBeforeLcp =
    observedLcp === undefined
      ? null
      : requests.filter((r) => (r.networkEndTime ?? Infinity) <= observedLcp).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const score = (value: number | null | undefined) => (typeof value === 'number' ? Math.round(value * 100) : null);
  const result = {
    url,
    runs: 1,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(lhr.categories[id]?.score)])) as Scores,
    ...(Object.fromEntries(Object.entries(AUDITS).map(([key, id]) => [key, numeric(id)])) as Record<keyof typeof AUDITS, number | null>),
    lcpPhases: Object.keys(phases).length === 4 ? (phases as LcpPhases) : null,
    bytesBeforeLcp,
    benchmarkIndex: lhr.environment.benchmarkIndex as number | null,
    lcpElement: (first?.items?.[0]?.node ?? first?.node)?.snippet?.slice(0, 160) ?? null,
    failing: failingLines([audits]),
    warnings: lhr.runWarnings.map(String),
    errors: lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : [],
  };
  return { result, audits };
}

type Run = ReturnType<typeof readLhr> | { error: string };

/** The medians over the runs of one page (failed runs are left out and listed under `errors`; `all`: every run). */
function summarise(url: string, runs: readonly Run[]) {
  const good = runs.flatMap((run) => ('error' in run || run.result.errors.length ? [] : [run]));
  const ok = good.map((run) => run.result);
  const [phases, scores] = [ok.flatMap((run) => run.lcpPhases ?? []), ok.map((run) => run.scores)];
  return {
    url,
    runs: ok.length,
    scores: medians(CATEGORIES, scores),
    ...medians([...(Object.keys(AUDITS) as (keyof typeof AUDITS)[]), 'bytesBeforeLcp', 'benchmarkIndex'], ok),
    lcpPhases: phases.length ? (medians(Object.values(PHASES), phases) as LcpPhases) : null,
    lcpElement: ok[0]?.lcpElement ?? null,
    failing: failingLines(good.map((run) => run.audits)),
    warnings: [...new Set(ok.flatMap((run) => run.warnings))],
    errors: runs.flatMap((run) => ('error' in run ? [run.error] : run.result.errors)),
    all: runs.map((run) => ('error' in run ? { url, errors: [run.error] } : run.result)),
  };
}

export type LighthouseResult = ReturnType<typeof summarise>;

export type AuditedPage = { name: string; origin: string; url: string };

/** Runs Lighthouse `runs` times on each page, pages interleaved (a noisy minute does not hit one page only). */
export async function runLighthouse(pages: readonly AuditedPage[], runs: number, port: number, progress?: (message: string) => void) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // The bench serves audited builds over HTTP/2 with a certificate of its own (serve.ts `secure`).
    chromeFlags: ['--headless=new', '--ignore-certificate-errors', ...CHROMIUM_FLAGS],
    port,
    logLevel: 'silent',
  });
  const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES] };
  const collected = new Map<string, Run[]>(pages.map((page) => [page.name, []]));
  try {
    for (let round = 1; round <= runs; round++) {
      for (const page of pages) {
        progress?.(`lighthouse ${page.name} run ${round}/${runs}`);
        const run: Run = await lighthouse(`${page.origin}${page.url}`, flags).then(
          (result) => (result ? readLhr(page.url, result.lhr) : { error: 'Lighthouse returned no result' }),
          (thrown: unknown) => ({ error: errorLine(thrown) }),
        );
        collected.get(page.name)?.push(run);
      }
    }
  } finally {
    // Wait for Chromium to exit: the next audit's launcher would connect to this one on the same port, and die with it.
    await ended(chrome.process, () => chrome.kill());
  }
  return Object.fromEntries(pages.map((page) => [page.name, summarise(page.url, collected.get(page.name) ?? [])]));
}
