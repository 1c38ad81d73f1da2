/** The preamble of every operator command: options, configuration, logger, and the exit status of a run's result. */
import type { ParseArgsOptionsConfig } from 'node:util';
import { ConfigError, loadConfig, type OpsConfig } from './config.ts';
import { jsonLogger, textLogger, type Logger } from './log.ts';
import type { RunResult } from './pipeline.ts';
import { parseCommand as parseScriptCommand, usageError } from '../../lib/cli.ts';

export { usageError };

export const EXIT = { ok: 0, failed: 1, usage: 2, busy: 75, interrupted: 130 } as const;

/** Parses argv with `options` plus --config and --help (scripts/lib/cli.ts: a usage error exits 2, --help exits 0). */
export function parseCommand<const O extends ParseArgsOptionsConfig>(
  name: string,
  help: string,
  options: O,
  settings: { allowPositionals?: boolean } = {},
) {
  return parseScriptCommand(name, help, { config: { type: 'string' } as const, ...options }, settings);
}

/** Loads the configuration (--config, else $THELA_OPS_CONFIG, else ops.config.json); a ConfigError exits 2. */
export function commandConfig(name: string, file: string | undefined): OpsConfig {
  try {
    return loadConfig(file);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return usageError(name, error.message);
  }
}

/** JSON lines on stdout (--json, log collectors) or text on stderr (by hand). */
export function commandLogger(json: boolean | undefined): Logger {
  return json ? jsonLogger() : textLogger();
}

/** An AbortController aborted by SIGINT or SIGTERM (logged as `<event>`), for commands that run a build or upload. */
export function interruptible(log: Logger, event: string): AbortController {
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.warn(event, { signal });
      stop.abort();
    });
  }
  return stop;
}

/** 0 when ok, 75 when the lock was held, 130 when interrupted, 1 otherwise. */
export function exitStatus(result: Pick<RunResult, 'ok' | 'stage'>, interrupted = false): number {
  if (result.ok) return EXIT.ok;
  if (result.stage === 'lock') return EXIT.busy;
  return interrupted ? EXIT.interrupted : EXIT.failed;
}
