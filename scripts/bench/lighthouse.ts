/**
 * Lighthouse (the npm package, mobile defaults: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown) on
 * Debian's Chromium, several runs per page; medians of every figure. One Chromium serves all runs (Lighthouse
 * opens a fresh tab and clears the cache and storage for each).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { must } from '../lib/must.ts';
import { median } from './util.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** One Lighthouse run's figures (scores 0-100, times in ms, bytes). */
export interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  fcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
  totalBytes: number | null;
  /** Lighthouse's CPU benchmark of this machine (higher is faster; ~1000+ is a typical desktop). */
  benchmarkIndex: number | null;
  lcpElement: string | null;
  /** Audits that lost points (score < 1, weight > 0) in a category. */
  failing: FailingAudit[];
  warnings: string[];
  error?: string;
}

/** An audit that lost points in one run. */
export interface FailingAudit {
  category: string;
  id: string;
  title: string;
  displayValue: string | null;
}

/** The medians over the runs of one page. */
export interface LighthouseSummary {
  url: string;
  runs: number;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
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
  all: LighthouseRun[];
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

/** Reads the figures of one Lighthouse result. */
export function readLhr(lhr: Lhr): LighthouseRun {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as LighthouseRun['scores'];
  const failing: FailingAudit[] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      failing.push({ category: id, id: ref.id, title: audit.title, displayValue: audit.displayValue ?? null });
    }
  }
  const run: LighthouseRun = {
    scores,
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    totalBytes: numeric(lhr, 'total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    lcpElement: lcpElement(lhr),
    failing,
    warnings: lhr.runWarnings.map(String),
  };
  if (lhr.runtimeError) run.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  return run;
}

/** One line per audit that lost points in any run: "performance: first-contentful-paint (First Contentful Paint; 2 of 3 runs: 1.2 s, 1.5 s)". */
function mergeFailing(runs: readonly LighthouseRun[]): string[] {
  const byId = new Map<string, { audit: FailingAudit; values: string[]; runs: number }>();
  for (const run of runs) {
    for (const audit of run.failing) {
      const key = `${audit.category}:${audit.id}`;
      const entry = byId.get(key) ?? { audit, values: [], runs: 0 };
      entry.runs += 1;
      if (audit.displayValue) entry.values.push(audit.displayValue);
      byId.set(key, entry);
    }
  }
  return [...byId.values()].map(
    ({ audit, values, runs: count }) =>
      `${audit.category}: ${audit.id} (${audit.title}; ${count} of ${runs.length} runs${values.length ? `: ${values.join(', ')}` : ''})`,
  );
}

function summarise(url: string, runs: LighthouseRun[]): LighthouseSummary {
  const ok = runs.filter((run) => !run.error);
  const med = (pick: (run: LighthouseRun) => number | null) => median(ok.map(pick).filter((value): value is number => value !== null));
  return {
    url,
    runs: ok.length,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, med((run) => run.scores[id])])) as LighthouseSummary['scores'],
    lcpMs: med((run) => run.lcpMs),
    fcpMs: med((run) => run.fcpMs),
    tbtMs: med((run) => run.tbtMs),
    cls: med((run) => run.cls),
    speedIndexMs: med((run) => run.speedIndexMs),
    totalBytes: med((run) => run.totalBytes),
    benchmarkIndex: med((run) => run.benchmarkIndex),
    lcpElement: ok[0]?.lcpElement ?? null,
    failing: mergeFailing(ok),
    warnings: [...new Set(ok.flatMap((run) => run.warnings))],
    errors: runs.flatMap((run) => (run.error ? [run.error] : [])),
    all: runs,
  };
}

/** Runs Lighthouse `runs` times on each URL (pages interleaved, so a noisy minute does not hit one page only). */
export async function runLighthouse(
  origin: string,
  pages: readonly { name: string; url: string }[],
  runs: number,
  debuggingPort: number,
  progress?: (message: string) => void,
): Promise<Record<string, LighthouseSummary>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    port: debuggingPort,
    logLevel: 'silent',
  });
  const collected = new Map<string, LighthouseRun[]>(pages.map((page) => [page.name, []]));
  try {
    for (let round = 1; round <= runs; round++) {
      for (const page of pages) {
        progress?.(`lighthouse ${page.name} run ${round}/${runs}`);
        let run: LighthouseRun;
        try {
          const result = await lighthouse(`${origin}${page.url}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          });
          run = result ? readLhr(result.lhr) : emptyRun('Lighthouse returned no result');
        } catch (error) {
          run = emptyRun(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
        }
        must(collected.get(page.name), `runs of ${page.name}`).push(run);
      }
    }
  } finally {
    chrome.kill();
  }
  return Object.fromEntries(pages.map((page) => [page.name, summarise(page.url, collected.get(page.name) ?? [])]));
}

function emptyRun(error: string): LighthouseRun {
  return {
    scores: { performance: null, accessibility: null, 'best-practices': null, seo: null },
    lcpMs: null,
    fcpMs: null,
    tbtMs: null,
    cls: null,
    speedIndexMs: null,
    totalBytes: null,
    benchmarkIndex: null,
    lcpElement: null,
    failing: [],
    warnings: [],
    error,
  };
}
