/**
 * Counts the pages an incremental Astro build rendered and reused, from Astro's own per-page log lines
 * (core/build/generate.js): `├─ /path/index.html (+12ms)` for a rendered page, `(cached)` or `(restored)` for one
 * whose cacheKey and templates were unchanged. `scripts/build.ts` prints the result as one line, which the
 * operators' rebuild reads back from the build's output (`parsePageSummary`).
 */

/** Pages rendered and reused by one build. */
export interface PageCounts {
  rendered: number;
  reused: number;
}

// Colours and the optional timestamp prefix vary with the terminal; the tree mark and the trailing note do not.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;
const PAGE_LINE = /[├└]─ (\S.*) \((cached|restored|\+[\d.]+m?s)\)\s*$/;

/** One of Astro's per-page lines: the file written (relative to the output folder) and whether it was reused. */
export function parsePageLine(line: string): { file: string; reused: boolean } | undefined {
  const match = PAGE_LINE.exec(line.replace(ANSI, ''));
  if (!match) return undefined;
  return { file: (match[1] as string).trim(), reused: match[2] === 'cached' || match[2] === 'restored' };
}

/** A line-by-line counter over the build's output, fed in arbitrary chunks. */
export function pageCounter(): { feed(chunk: string): void; done(): PageCounts } {
  const counts: PageCounts = { rendered: 0, reused: 0 };
  let partial = '';
  const count = (line: string) => {
    const page = parsePageLine(line);
    if (page?.reused) counts.reused++;
    else if (page) counts.rendered++;
  };
  return {
    feed(chunk) {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) count(line);
    },
    done() {
      if (partial) count(partial);
      partial = '';
      return { ...counts };
    },
  };
}

/** The summary line `npm run build` prints. */
export function formatPageSummary(counts: PageCounts): string {
  return `${counts.rendered} pages rendered, ${counts.reused} reused`;
}

/** Reads the summary line back from a build's output lines (the last one wins), or undefined when absent. */
export function parsePageSummary(lines: readonly string[]): PageCounts | undefined {
  for (const line of [...lines].reverse()) {
    const match = /(\d+) pages rendered, (\d+) reused/.exec(line);
    if (match) return { rendered: Number(match[1]), reused: Number(match[2]) };
  }
  return undefined;
}

/** The build's step times line: `steps: astro 9.2 s, pagefind 4.4 s, ...` (ms in, one decimal of seconds out). */
export function formatStepTimes(steps: Readonly<Record<string, number>>): string {
  return `steps: ${Object.entries(steps)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
    .join(', ')}`;
}

/** Reads the step times line back (the last one wins): step name to ms; undefined when absent. */
export function parseStepTimes(lines: readonly string[]): Record<string, number> | undefined {
  for (const line of [...lines].reverse()) {
    const at = line.indexOf('build: steps: ');
    if (at === -1) continue;
    const steps: Record<string, number> = {};
    for (const part of line.slice(at + 'build: steps: '.length).split(', ')) {
      const match = /^(.+) ([\d.]+) s\s*$/.exec(part);
      if (match) steps[match[1] as string] = Math.round(Number(match[2]) * 1000);
    }
    return steps;
  }
  return undefined;
}
