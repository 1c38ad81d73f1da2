/**
 * How every script reads its command line: `node:util` parseArgs, strict, plus -h/--help. A usage error prints `<name>: <message>` and
 * the help on stderr, exit 2; --help prints it on stdout, exit 0. Operator commands add their configuration (scripts/ops/lib/cli.ts).
 */
import path from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

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

/** The built site a build step works on: the folder given, else $OUT_DIR, else dist (as astro.config.mjs), resolved. */
export function outDirFrom(given?: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(given || env['OUT_DIR'] || 'dist');
}

/** Parses the command line of a step over a built site: `[DIR]` (see `outDirFrom`) plus `options` and --help. */
export function parseOutDirCommand<const O extends ParseArgsOptionsConfig>(
  name: string,
  help: string,
  options: O,
  given: { args?: readonly string[] } = {},
) {
  const parsed = parseCommand(name, help, options, { ...given, allowPositionals: true });
  if (parsed.positionals.length > 1) usageError(name, `unexpected argument '${parsed.positionals[1] ?? ''}'`, help);
  return { ...parsed, outDir: outDirFrom(parsed.positionals[0]) };
}

/**
 * Which of `modes` was given (`npm run bench -- --live --size 10000`; null for none, two a usage error) and the other
 * arguments, untouched, for that part's own strict parser.
 */
export function commandMode<const M extends string>(
  name: string,
  help: string,
  modes: readonly M[],
  args: readonly string[] = process.argv.slice(2),
): { mode: M | null; rest: string[] } {
  const options = Object.fromEntries(modes.map((mode) => [mode, { type: 'boolean' }])) as ParseArgsOptionsConfig;
  const { tokens } = parseArgs({ args: [...args], options, allowPositionals: true, strict: false, tokens: true });
  const given = tokens.filter(
    (token): token is Extract<typeof token, { kind: 'option' }> =>
      token.kind === 'option' && (modes as readonly string[]).includes(token.name),
  );
  const valued = given.find((token) => token.value !== undefined);
  if (valued) usageError(name, `--${valued.name} takes no value`, help);
  const names = [...new Set(given.map((token) => token.name))];
  if (names.length > 1) usageError(name, `${names.map((mode) => `--${mode}`).join(' and ')} are separate runs: give one`, help);
  const skip = new Set(given.map((token) => token.index));
  return { mode: (names[0] as M | undefined) ?? null, rest: args.filter((_, index) => !skip.has(index)) };
}
