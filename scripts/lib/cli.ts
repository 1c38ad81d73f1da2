/**
 * How every script reads its command line: `node:util` parseArgs, strict (an unknown option or a missing value is a
 * usage error), plus -h/--help. A usage error prints `<name>: <message>` and the help on stderr and exits 2; --help
 * prints the help on stdout and exits 0. The operator commands add --config and their configuration on top
 * (scripts/ops/lib/cli.ts).
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** The option every script has. */
export const HELP_OPTION = {
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsOptionsConfig;

/** A usage error: `<name>: <message>` on stderr (and the help, if given), exit 2. */
export function usageError(name: string, message: string, help?: string): never {
  console.error(`${name}: ${message}${help ? `\n\n${help}` : ''}`);
  process.exit(2);
}

/** Parses the command line (`args`, default process.argv after the script) with `options` plus --help. */
export function parseCommand<const O extends ParseArgsOptionsConfig>(
  name: string,
  help: string,
  options: O,
  { allowPositionals = false, args = process.argv.slice(2) }: { allowPositionals?: boolean; args?: readonly string[] } = {},
) {
  type Config = { args: string[]; options: typeof HELP_OPTION & O; allowPositionals: boolean; strict: true };
  let parsed;
  try {
    parsed = parseArgs<Config>({ args: [...args], options: { ...HELP_OPTION, ...options }, allowPositionals, strict: true });
  } catch (error) {
    return usageError(name, (error as Error).message, help);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(help);
    process.exit(0);
  }
  return parsed;
}

/** A whole number of at least `min` from an option's text, or a usage error naming the option. */
export function wholeNumber(name: string, option: string, text: string, min = 1): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) usageError(name, `--${option} needs a whole number >= ${min}`);
  return n;
}

/** The items of a comma-separated option ("a, b,,c" -> a, b, c). */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
