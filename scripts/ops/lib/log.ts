/** Structured logs, JSON lines or text. Callers pass only fields safe to print: never a secret, a signature or a raw body. */

type LogFields = Record<string, unknown>;

type Level = 'info' | 'warn' | 'error';
export type Logger = Record<Level, (event: string, fields?: LogFields) => void>;

function make(write: (level: Level, event: string, fields: LogFields) => void): Logger {
  return {
    info: (event, fields = {}) => write('info', event, fields),
    warn: (event, fields = {}) => write('warn', event, fields),
    error: (event, fields = {}) => write('error', event, fields),
  };
}

/** One JSON line per event, on stdout. */
export function jsonLogger(): Logger {
  return make((level, event, fields) =>
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`),
  );
}

/** `event key=value ...` lines on stderr, for the commands run by hand (stdout keeps the one-line summary). */
export function textLogger(): Logger {
  return make((level, event, fields) => {
    const parts = Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    process.stderr.write(`${level === 'info' ? '' : `${level}: `}${event}${parts.length ? ` ${parts.join(' ')}` : ''}\n`);
  });
}

/** Keeps events in memory (tests). */
export function memoryLogger() {
  const events: Array<LogFields & { level: Level; event: string }> = [];
  return { ...make((level, event, fields) => events.push({ level, event, ...fields })), events };
}
