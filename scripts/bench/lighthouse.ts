/**
 * Lighthouse (mobile defaults: Moto G Power, simulated slow 4G, 4x CPU) on Debian's Chromium, several runs per page, medians of every
 * figure; one Chromium for all runs (Lighthouse opens a fresh tab and clears cache and storage each time).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser.ts';
import { median } from './util.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Lighthouse's LCP breakdown, ms. */
export interface LcpPhases {
  ttfbMs: number;
  loadDelayMs: number;
  loadTimeMs: number;
  renderDelayMs: number;
}
const PHASES: Record<string, keyof LcpPhases> = {
  TTFB: 'ttfbMs',
  'Load Delay': 'loadDelayMs',
  'Load Time': 'loadTimeMs',
  'Render Delay': 'renderDelayMs',
};

/**
 * One page's figures (scores 0-100, ms, bytes): of one run, or medians over `runs` good runs (`all`: every run).
 * `failing`: audits that lost points, "performance: id (title; 2 of 3 runs: 1.2 s, 1.5 s)"; `benchmarkIndex`: Lighthouse's
 * CPU benchmark of the machine.
 */
export interface LighthouseResult {
  url: string;
  runs: number;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  lcpPhases: LcpPhases | null;
  fcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  totalBytes: number | null;
  benchmarkIndex: number | null;
  lcpElement: string | null;
  failing: string[];
  warnings: string[];
  errors: string[];
  all: LighthouseResult[];
}

const NUMBERS = ['lcpMs', 'fcpMs', 'tbtMs', 'cls', 'speedIndexMs', 'totalBytes', 'benchmarkIndex'] as const;
type Medians = Pick<LighthouseResult, (typeof NUMBERS)[number]>;
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type FailingAudit = { category: string; id: string; title: string; displayValue: string | null };
type Run = { result: LighthouseResult; audits: FailingAudit[] };

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

/** The figures of one Lighthouse result. */
function readLhr(url: string, lhr: Lhr): Run {
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === 'number' ? value : null;
  };
  type Details = {
    items?: { items?: { node?: { snippet?: string }; phase?: unknown; timing?: unknown }[]; node?: { snippet?: string } }[];
  };
  const details = lhr.audits['largest-contentful-paint-element']?.details as Details | undefined;
  const phases: Partial<LcpPhases> = {};
  for (const item of (details?.items ?? []).flatMap((table) => table.items ?? [])) {
    const key = typeof item.phase === 'string' ? PHASES[item.phase] : undefined;
    if (key && typeof item.timing === 'number') phases[key] = item.timing;
  }
  const audits = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) return [];
      return [{ category, id: ref.id, title: audit.title, displayValue: audit.displayValue ?? null }];
    }),
  );
  const score = (id: (typeof CATEGORIES)[number]) => lhr.categories[id]?.score;
  const first = details?.items?.[0];
  const result: LighthouseResult = {
    url,
    runs: 1,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, typeof score(id) === 'number' ? Math.round((score(id) ?? 0) * 100) : null]),
    ) as LighthouseResult['scores'],
    lcpMs: numeric('largest-contentful-paint'),
    lcpPhases: Object.keys(phases).length === 4 ? (phases as LcpPhases) : null,
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    totalBytes: numeric('total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcpElement: (first?.items?.[0]?.node ?? first?.node)?.snippet?.slice(0, 160) ?? null,
    failing: failingLines([audits]),
    warnings: lhr.runWarnings.map(String),
    errors: lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : [],
    all: [],
  };
  return { result, audits };
}

/** The medians over the runs of one page (failed runs are left out and listed under `errors`). */
function summarise(url: string, runs: readonly Run[]): LighthouseResult {
  const good = runs.filter((run) => run.result.errors.length === 0);
  const ok = good.map((run) => run.result);
  const med = (pick: (run: LighthouseResult) => number | null) => median(ok.flatMap((run) => pick(run) ?? []));
  const phases = ok.flatMap((run) => run.lcpPhases ?? []);
  const phase = (key: keyof LcpPhases) => median(phases.map((value) => value[key])) ?? 0;
  const medians = Object.fromEntries(NUMBERS.map((key) => [key, med((run) => run[key])])) as Medians;
  return {
    url,
    runs: ok.length,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, med((run) => run.scores[id])])) as LighthouseResult['scores'],
    ...medians,
    lcpPhases: phases.length
      ? {
          ttfbMs: phase('ttfbMs'),
          loadDelayMs: phase('loadDelayMs'),
          loadTimeMs: phase('loadTimeMs'),
          renderDelayMs: phase('renderDelayMs'),
        }
      : null,
    lcpElement: ok[0]?.lcpElement ?? null,
    failing: failingLines(good.map((run) => run.audits)),
    warnings: [...new Set(ok.flatMap((run) => run.warnings))],
    errors: runs.flatMap((run) => run.result.errors),
    all: runs.map((run) => run.result),
  };
}

/** A page to audit: its name, the origin serving its build and its path. */
export interface AuditedPage {
  name: string;
  origin: string;
  url: string;
}

/** Runs Lighthouse `runs` times on each page, pages interleaved (a noisy minute does not hit one page only). */
export async function runLighthouse(
  pages: readonly AuditedPage[],
  runs: number,
  debuggingPort: number,
  progress?: (message: string) => void,
): Promise<Record<string, LighthouseResult>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // The bench serves audited builds over HTTP/2 with a certificate of its own (serve.ts `secure`).
    chromeFlags: ['--headless=new', '--ignore-certificate-errors', ...CHROMIUM_FLAGS],
    port: debuggingPort,
    logLevel: 'silent',
  });
  const collected = new Map<string, Run[]>(pages.map((page) => [page.name, []]));
  try {
    for (let round = 1; round <= runs; round++) {
      for (const page of pages) {
        progress?.(`lighthouse ${page.name} run ${round}/${runs}`);
        let run: Run;
        try {
          const result = await lighthouse(`${page.origin}${page.url}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          });
          if (!result) throw new Error('Lighthouse returned no result');
          run = readLhr(page.url, result.lhr);
        } catch (thrown) {
          // A failed run: no figures, its error.
          run = {
            result: {
              ...summarise(page.url, []),
              errors: [thrown instanceof Error ? (thrown.message.split('\n')[0] ?? '') : String(thrown)],
            },
            audits: [],
          };
        }
        collected.get(page.name)?.push(run);
      }
    }
  } finally {
    // Wait for Chromium to exit: the next audit's Chromium listens on the same port, and while this one still answers
    // there the launcher connects to it, which then dies under the audits.
    const exited = new Promise((resolve) => chrome.process.once('exit', resolve));
    chrome.kill();
    if (chrome.process.exitCode === null && chrome.process.signalCode === null) await exited;
  }
  return Object.fromEntries(pages.map((page) => [page.name, summarise(page.url, collected.get(page.name) ?? [])]));
}
