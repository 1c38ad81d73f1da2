/**
 * scripts/lib/cli.ts, the one parser of every script's command line: the built site's folder of the build steps,
 * the mode flags of the benchmark, and the refusal (exit 2, `<name>: <message>`) of what a command does not know,
 * checked by running one command of each kind.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { commandMode, outDirFrom, parseOutDirCommand } from '../../scripts/lib/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** process.exit and stderr caught: a usage error throws `exit <code>` and its lines are in `errors`. */
let errors: string[];
beforeEach(() => {
  errors = [];
  vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Error(`exit ${String(code)}`);
  });
  vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('outDirFrom', () => {
  test('takes the folder given, else OUT_DIR, else dist, resolved from the working directory', () => {
    expect(outDirFrom('out', { OUT_DIR: 'env-out' })).toBe(path.resolve('out'));
    expect(outDirFrom(undefined, { OUT_DIR: 'env-out' })).toBe(path.resolve('env-out'));
    expect(outDirFrom(undefined, {})).toBe(path.resolve('dist'));
    expect(outDirFrom('/srv/site', {})).toBe('/srv/site');
  });

  test('treats an empty folder or OUT_DIR as not given, as astro.config.mjs does', () => {
    expect(outDirFrom('', { OUT_DIR: 'env-out' })).toBe(path.resolve('env-out'));
    expect(outDirFrom(undefined, { OUT_DIR: '' })).toBe(path.resolve('dist'));
  });
});

describe('parseOutDirCommand', () => {
  test('returns the folder given and the options', () => {
    const parsed = parseOutDirCommand('step', 'usage: step [DIR]', { quiet: { type: 'boolean' } }, { args: ['site', '--quiet'] });
    expect(parsed.outDir).toBe(path.resolve('site'));
    expect(parsed.values.quiet).toBe(true);
  });

  test('refuses a second folder with exit 2', () => {
    expect(() => parseOutDirCommand('step', 'usage: step [DIR]', {}, { args: ['a', 'b'] })).toThrow('exit 2');
    expect(errors[0]).toMatch(/^step: unexpected argument 'b'\n\nusage: step \[DIR\]$/);
  });

  test('refuses an unknown option with exit 2', () => {
    expect(() => parseOutDirCommand('step', 'usage: step [DIR]', {}, { args: ['--out', 'x'] })).toThrow('exit 2');
    expect(errors[0]).toMatch(/^step: Unknown option '--out'/);
  });
});

describe('commandMode', () => {
  const modes = ['live', 'releases'] as const;

  test('picks the mode flag wherever it stands and leaves the rest for the part', () => {
    expect(commandMode('bench', 'help', modes, ['--size', '10000', '--live', '--keep'])).toEqual({
      mode: 'live',
      rest: ['--size', '10000', '--keep'],
    });
    expect(commandMode('bench', 'help', modes, ['--releases'])).toEqual({ mode: 'releases', rest: [] });
  });

  test('returns no mode, and every argument, without a mode flag', () => {
    expect(commandMode('bench', 'help', modes, ['--quick', '--skip', 'search'])).toEqual({
      mode: null,
      rest: ['--quick', '--skip', 'search'],
    });
    // After `--` nothing is an option.
    expect(commandMode('bench', 'help', modes, ['--', '--live'])).toEqual({ mode: null, rest: ['--', '--live'] });
  });

  test('refuses two modes or a mode with a value, with exit 2', () => {
    expect(() => commandMode('bench', 'help', modes, ['--live', '--releases'])).toThrow('exit 2');
    expect(errors[0]).toMatch(/^bench: --live and --releases are separate runs: give one/);
    expect(() => commandMode('bench', 'help', modes, ['--live=yes'])).toThrow('exit 2');
    expect(errors[1]).toMatch(/^bench: --live takes no value/);
  });
});

/** Runs a script the way npm does, with nothing heavy: every case stops at its command line. */
function run(script: string, args: string[]) {
  return spawnSync(process.execPath, [script, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, OUT_DIR: '/nonexistent/thela-cli-test' },
    timeout: 60_000,
  });
}

describe('the scripts refuse what they do not know', () => {
  test.each([
    ['a step over the built site', 'scripts/check-site.ts', ['dist', '--all'], 'check-site', '--all'],
    ['the benchmark', 'scripts/bench/main.ts', ['--fast'], 'bench', '--fast'],
    ['a part of the benchmark', 'scripts/bench/main.ts', ['--live', '--fast'], 'bench-live', '--fast'],
    ['the PWA audit', 'scripts/pwa-audit.ts', ['--fast', 'http://127.0.0.1:9/'], 'pwa-audit', '--fast'],
  ])('%s: one line naming the option, exit 2', (_kind, script, args, name, option) => {
    const result = run(script, args);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toMatch(new RegExp(`^${name}: Unknown option '${option}'`));
    expect(result.stdout).toBe('');
  });

  test('a build step refuses a second folder, exit 2', () => {
    const result = run('scripts/check-site.ts', ['dist', 'dist-scale']);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe("check-site: unexpected argument 'dist-scale'");
  });

  test('the benchmark refuses to rewrite the budgets without the page weights they come from, exit 2', () => {
    const result = run('scripts/bench/main.ts', ['--update-budgets', '--skip', 'weight']);
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('bench: --update-budgets writes the budgets from the page weights: drop --skip weight');
  });
});
