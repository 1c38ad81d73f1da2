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

/** One JSON line per event, to stdout unless told otherwise. */
export function jsonLogger(writeLine: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  return make((level, event, fields) => {
    writeLine(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`);
  });
}

/** `event key=value ...` lines on stderr, for the commands run by hand (stdout keeps the one-line summary). */
export function textLogger(writeLine: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  return make((level, event, fields) => {
    const parts = Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    writeLine(`${level === 'info' ? '' : `${level}: `}${event}${parts.length ? ` ${parts.join(' ')}` : ''}\n`);
  });
}

/** Keeps events in memory (tests). */
export function memoryLogger(): Logger & { events: Array<LogFields & { level: Level; event: string }> } {
  const events: Array<LogFields & { level: Level; event: string }> = [];
  return { ...make((level, event, fields) => events.push({ level, event, ...fields })), events };
}
