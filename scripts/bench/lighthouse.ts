/**
 * Lighthouse (mobile defaults: Moto G Power, simulated slow 4G, 4x CPU) on Debian's Chromium, several runs per page, medians of every
 * figure; one Chromium for all runs (Lighthouse opens a fresh tab and clears cache and storage each time).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { must } from '../lib/must.ts';
import { median } from './util.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Where an LCP's time went (Lighthouse's "largest-contentful-paint-element" phases, ms). */
export interface LcpPhases {
  ttfbMs: number;
  /** From the first byte until the LCP resource starts loading (0 for a text LCP). */
  loadDelayMs: number;
  loadTimeMs: number;
  /** From the resource (or first byte) until the element is painted: render-blocking CSS and JS, main-thread work. */
  renderDelayMs: number;
}

/**
 * Lighthouse's figures for one page (scores 0-100, times in ms, bytes): of one run, or the medians over a page's
 * runs (`runs` says how many; `all` holds the single runs).
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
  /** Lighthouse's CPU benchmark of this machine (higher is faster; ~1000+ is a typical desktop). */
  benchmarkIndex: number | null;
  lcpElement: string | null;
  /** Audits that lost points (score < 1, weight > 0), one line each: "performance: id (title; 2 of 3 runs: 1.2 s, 1.5 s)". */
  failing: string[];
  warnings: string[];
  errors: string[];
  all: LighthouseResult[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function numeric(lhr: Lhr, id: string): number | null {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === 'number' ? value : null;
}

function lcpElement(lhr: Lhr): string | null {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { snippet?: string; nodeLabel?: string } }[]; node?: { snippet?: string } }[] } | undefined;
  const first = details?.items?.[0];
  const node = first?.items?.[0]?.node ?? first?.node;
  return node?.snippet?.slice(0, 160) ?? null;
}

const PHASES: Record<string, keyof LcpPhases> = {
  TTFB: 'ttfbMs',
  'Load Delay': 'loadDelayMs',
  'Load Time': 'loadTimeMs',
  'Render Delay': 'renderDelayMs',
};

function lcpPhases(lhr: Lhr): LcpPhases | null {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { phase?: unknown; timing?: unknown }[] }[] } | undefined;
  const phases: Partial<LcpPhases> = {};
  for (const table of details?.items ?? [])
    for (const item of table.items ?? []) {
      const key = typeof item.phase === 'string' ? PHASES[item.phase] : undefined;
      if (key && typeof item.timing === 'number') phases[key] = item.timing;
    }
  const { ttfbMs, loadDelayMs, loadTimeMs, renderDelayMs } = phases;
  if (ttfbMs === undefined || loadDelayMs === undefined || loadTimeMs === undefined || renderDelayMs === undefined) return null;
  return { ttfbMs, loadDelayMs, loadTimeMs, renderDelayMs };
}

/** An audit that lost points in one run. */
interface FailingAudit {
  category: string;
  id: string;
  title: string;
  displayValue: string | null;
}

/** The audits of one result that lost points. */
function failingAudits(lhr: Lhr): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      failing.push({ category: id, id: ref.id, title: audit.title, displayValue: audit.displayValue ?? null });
    }
  }
  return failing;
}

/** Reads the figures of one Lighthouse result. */
export function readLhr(url: string, lhr: Lhr): LighthouseResult {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as LighthouseResult['scores'];
  return {
    url,
    runs: 1,
    scores,
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    lcpPhases: lcpPhases(lhr),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    totalBytes: numeric(lhr, 'total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcpElement: lcpElement(lhr),
    failing: failingLines([failingAudits(lhr)]),
    warnings: lhr.runWarnings.map(String),
    errors: lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : [],
    all: [],
  };
}

/** One line per audit that lost points in any run: "performance: first-contentful-paint (First Contentful Paint; 2 of 3 runs: 1.2 s, 1.5 s)". */
function failingLines(runs: readonly FailingAudit[][]): string[] {
  const byId = new Map<string, { audit: FailingAudit; values: string[]; runs: number }>();
  for (const run of runs) {
    for (const audit of run) {
      const key = `${audit.category}:${audit.id}`;
      const entry = byId.get(key) ?? { audit, values: [], runs: 0 };
      entry.runs += 1;
      if (audit.displayValue) entry.values.push(audit.displayValue);
      byId.set(key, entry);
    }
  }
  return [...byId.values()].map(
    ({ audit, values, runs: count }) =>
      `${audit.category}: ${audit.id} (${audit.title}; ${count} of ${runs.length} run${runs.length === 1 ? '' : 's'}${values.length ? `: ${values.join(', ')}` : ''})`,
  );
}

/** The medians over the runs of one page (runs that failed are left out and listed under `errors`). */
function summarise(url: string, runs: LighthouseResult[], audits: FailingAudit[][]): LighthouseResult {
  const ok = runs.filter((run) => run.errors.length === 0);
  const med = (pick: (run: LighthouseResult) => number | null) => median(ok.map(pick).filter((value): value is number => value !== null));
  const phases = ok.map((run) => run.lcpPhases).filter((value): value is LcpPhases => value !== null);
  const phase = (key: keyof LcpPhases) => median(phases.map((value) => value[key])) ?? 0;
  return {
    url,
    runs: ok.length,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, med((run) => run.scores[id])])) as LighthouseResult['scores'],
    lcpMs: med((run) => run.lcpMs),
    lcpPhases: phases.length
      ? {
          ttfbMs: phase('ttfbMs'),
          loadDelayMs: phase('loadDelayMs'),
          loadTimeMs: phase('loadTimeMs'),
          renderDelayMs: phase('renderDelayMs'),
        }
      : null,
    fcpMs: med((run) => run.fcpMs),
    tbtMs: med((run) => run.tbtMs),
    cls: med((run) => run.cls),
    speedIndexMs: med((run) => run.speedIndexMs),
    totalBytes: med((run) => run.totalBytes),
    benchmarkIndex: med((run) => run.benchmarkIndex),
    lcpElement: ok[0]?.lcpElement ?? null,
    failing: failingLines(audits.filter((_, index) => runs[index]?.errors.length === 0)),
    warnings: [...new Set(ok.flatMap((run) => run.warnings))],
    errors: runs.flatMap((run) => run.errors),
    all: runs,
  };
}

/** A page to audit: its name, the origin serving its build (the sample or the 10,000-product one) and its path. */
export interface AuditedPage {
  name: string;
  origin: string;
  url: string;
}

/** Runs Lighthouse `runs` times on each page (pages interleaved, so a noisy minute does not hit one page only). */
export async function runLighthouse(
  pages: readonly AuditedPage[],
  runs: number,
  debuggingPort: number,
  progress?: (message: string) => void,
): Promise<Record<string, LighthouseResult>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // The bench serves the audited builds over HTTP/2 with a certificate of its own (serve.ts `secure`).
    chromeFlags: ['--headless=new', '--ignore-certificate-errors', ...CHROMIUM_FLAGS],
    port: debuggingPort,
    logLevel: 'silent',
  });
  const collected = new Map<string, { results: LighthouseResult[]; audits: FailingAudit[][] }>(
    pages.map((page) => [page.name, { results: [], audits: [] }]),
  );
  try {
    for (let round = 1; round <= runs; round++) {
      for (const page of pages) {
        progress?.(`lighthouse ${page.name} run ${round}/${runs}`);
        const into = must(collected.get(page.name), `runs of ${page.name}`);
        let error: string;
        try {
          const result = await lighthouse(`${page.origin}${page.url}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          });
          if (result) {
            into.results.push(readLhr(page.url, result.lhr));
            into.audits.push(failingAudits(result.lhr));
            continue;
          }
          error = 'Lighthouse returned no result';
        } catch (thrown) {
          error = thrown instanceof Error ? (thrown.message.split('\n')[0] ?? '') : String(thrown);
        }
        // A failed run: no figures, its error (summarise leaves it out of the medians).
        into.results.push({ ...summarise(page.url, [], []), errors: [error] });
        into.audits.push([]);
      }
    }
  } finally {
    // Wait for Chromium to exit: the next audit's Chromium listens on the same port, and while this one still
    // answers there the launcher connects to it, which then dies under the audits (every run failed that way).
    const exited = new Promise((resolve) => chrome.process.once('exit', resolve));
    chrome.kill();
    if (chrome.process.exitCode === null && chrome.process.signalCode === null) await exited;
  }
  return Object.fromEntries(
    pages.map((page) => {
      const { results, audits } = must(collected.get(page.name), `runs of ${page.name}`);
      return [page.name, summarise(page.url, results, audits)];
    }),
  );
}
