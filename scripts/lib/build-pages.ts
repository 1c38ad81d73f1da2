/**
 * Counts the pages an incremental Astro build rendered and reused, from Astro's per-page log lines (`(+12ms)` rendered, `(cached)` or
 * `(restored)` reused); scripts/build.ts prints one line, which the operators' rebuild reads back (`parsePageSummary`).
 */

/** Pages rendered and reused by one build. */
export interface PageCounts {
  rendered: number;
  reused: number;
}

// Colours and the optional timestamp prefix vary with the terminal; the tree mark and the trailing note do not.
/** `text` without its ANSI escape codes (colours, and cursor moves some terminals' output has). */
// eslint-disable-next-line no-control-regex -- the ESC of ANSI escape codes
export const plain = (text: string) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
const TREE_MARK = /[├└]─ /;
/** One page's part of a line: the file, a timestamp glued on by the next log line, then its note if written with it. */
const PAGE_ENTRY = /^(\S+?)(?:\d{2}:\d{2}:\d{2})?(?:\s+\((cached|restored|\+[\d.]+m?s)\))?\s*$/;

/**
 * The pages one line of Astro's output reports: each file written ("/product/a/index.html"), whether it was reused, and
 * its time note in ms. Astro writes "├─ /file" when a page starts and " (+12ms)" or " (cached)" when it is done; pages
 * rendered at once interleave ("├─ /a/index.html12:00:01 ├─ /b/index.html (+3ms)"): a page without its note on the line
 * was rendered, and the line's note, whichever page finished first, is read as the last page's (right in sum).
 */
export function parsePageLines(line: string): { file: string; reused: boolean; ms: number | null }[] {
  const [, ...parts] = plain(line).split(TREE_MARK);
  return parts.flatMap((part) => {
    const match = PAGE_ENTRY.exec(part);
    if (!match) return [];
    const note = match[2];
    const time = note?.startsWith('+') ? /^\+([\d.]+)(ms|s)$/.exec(note) : null;
    const ms = time ? Number(time[1]) * (time[2] === 's' ? 1000 : 1) : null;
    return [{ file: match[1] as string, reused: note === 'cached' || note === 'restored', ms }];
  });
}

/** A line-by-line counter over Astro's output, fed in arbitrary chunks: each output file counted once. */
export function pageCounter(): { feed(chunk: string): void; done(): PageCounts } {
  const files = new Map<string, boolean>();
  let partial = '';
  const count = (line: string) => {
    for (const page of parsePageLines(line)) files.set(page.file, (files.get(page.file) ?? true) && page.reused);
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
      const counts: PageCounts = { rendered: 0, reused: 0 };
      for (const reused of files.values()) counts[reused ? 'reused' : 'rendered']++;
      return counts;
    },
  };
}

/** The summary line `npm run build` prints. */
export function formatPageSummary(counts: PageCounts): string {
  return `${counts.rendered} pages rendered, ${counts.reused} reused`;
}

/** Reads the summary line back from a build's output lines (the last one wins), or undefined when absent. */
export function parsePageSummary(lines: readonly string[]): PageCounts | undefined {
  const match = lines.map((line) => /(\d+) pages rendered, (\d+) reused/.exec(line)).findLast(Boolean);
  return match ? { rendered: Number(match[1]), reused: Number(match[2]) } : undefined;
}

/** The build's step times line: `steps: astro 9.2 s, pagefind 4.4 s, ...` (ms in, one decimal of seconds out). */
export function formatStepTimes(steps: Readonly<Record<string, number>>): string {
  return `steps: ${Object.entries(steps)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
    .join(', ')}`;
}

/** Reads the step times line back (the last one wins): step name to ms; undefined when absent. */
export function parseStepTimes(lines: readonly string[]): Record<string, number> | undefined {
  const line = lines.findLast((text) => text.includes('build: steps: '));
  if (line === undefined) return undefined;
  const steps: Record<string, number> = {};
  for (const part of line.slice(line.indexOf('build: steps: ') + 'build: steps: '.length).split(', ')) {
    const match = /^(.+) ([\d.]+) s\s*$/.exec(part);
    if (match) steps[match[1] as string] = Math.round(Number(match[2]) * 1000);
  }
  return steps;
}
