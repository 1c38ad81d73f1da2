/**
 * The progress of a long build step, told through Astro's integration logger: on a terminal one live line rewritten in
 * place (done/total, rate, time left, as a progress bar shows them); in a log or CI one line every 10 s. Warnings stay
 * the step's own, one per problem, and its summary line at the end is the caller's. (cli-progress and its kind write
 * to a stream of their own, so a step's lines would lose the logger's time and label, and CI would get none.)
 */

/** How often a log (not a terminal) is told: at most once in this many ms. */
export const LOG_EVERY_MS = 10_000;
/** How often the terminal's live line is redrawn, at most. */
const REDRAW_MS = 200;

export interface ProgressOptions {
  /** What is counted: "photos", "files". */
  unit: string;
  total: number;
  /** A line for the log: the integration logger's `info`. */
  log: (line: string) => void;
  /** Where the live line goes; null: no terminal (CI, a log file, a pipe), so lines go to `log` every LOG_EVERY_MS. */
  terminal?: { write(text: string): unknown; columns?: number | undefined } | null;
  now?: () => number;
}

/** "3 min 20 s", "42 s": a duration for a progress line. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** One progress line: `1,234/10,000 photos (12%), 5.6/s, about 26 min 10 s left`. */
export function progressLine(unit: string, done: number, total: number, elapsedMs: number): string {
  const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
  const rate = elapsedMs > 0 ? (done / elapsedMs) * 1000 : 0;
  const left = rate > 0 && done < total ? `, about ${formatDuration(((total - done) / rate) * 1000)} left` : '';
  return `${done.toLocaleString('en')}/${total.toLocaleString('en')} ${unit} (${percent}%), ${rate.toFixed(1)}/s${left}`;
}

/** The live terminal of this process, or null when its output is not one (CI, a log, a pipe). */
export function liveTerminal(): ProgressOptions['terminal'] {
  return process.stdout.isTTY && !process.env['CI'] ? process.stdout : null;
}

/** Starts counting; `tick()` after each item; `clear()` takes the live line away (before a warning, and at the end). */
export function startProgress({ unit, total, log, terminal = liveTerminal(), now = () => performance.now() }: ProgressOptions) {
  const started = now();
  let done = 0;
  let lastShown = started;
  const line = () => progressLine(unit, done, total, now() - started);
  return {
    tick(count = 1) {
      done += count;
      const at = now();
      if (terminal) {
        if (at - lastShown < REDRAW_MS && done < total) return;
        lastShown = at;
        terminal.write(`\r\x1b[2K${line().slice(0, (terminal.columns ?? 80) - 1)}`);
      } else if (at - lastShown >= LOG_EVERY_MS) {
        lastShown = at;
        log(line());
      }
    },
    clear() {
      if (terminal) terminal.write('\r\x1b[2K');
    },
  };
}
