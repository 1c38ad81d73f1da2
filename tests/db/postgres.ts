/**
 * A throwaway PostgreSQL cluster for database tests: `initdb` in a fresh temporary directory,
 * started with `pg_ctl -w` on a free loopback port, with its unix socket inside that directory.
 * `stop()` shuts it down and removes the directory; call it from `afterAll` (it is also
 * attempted when the process exits, in case a run is torn down early).
 *
 * PostgreSQL refuses to run as root. When this process is root (CI, sandboxes), the directory is
 * handed to an unprivileged user (`postgres`, or PG_TEST_USER) and every PostgreSQL binary is run
 * through `runuser -u <user> --` (or `su <user> -s /bin/sh -c` where runuser is missing).
 *
 * Binaries: PG_BINDIR when set, else the directory of `initdb` found on PATH, else
 * /usr/lib/postgresql/<version>/bin (Debian/Ubuntu keep them off PATH), newest version first
 * but 15 preferred, as in production.
 */
import { execFile, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { appendFile, chown, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, parse as parsePath } from 'node:path';
import type { ClientConfig } from 'pg';

export interface PostgresCluster {
  readonly host: string;
  readonly port: number;
  /** The superuser created by initdb (trust authentication on loopback and the socket). */
  readonly user: string;
  readonly baseDir: string;
  readonly binDir: string;
  /** Connection settings for the `pg` client. */
  clientConfig(database?: string): ClientConfig;
  /** Stops the server (immediate mode) and removes the directory. Safe to call more than once. */
  stop(): Promise<void>;
}

const PREFERRED_MAJOR = '15';
const SUPERUSER = 'postgres';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The directory holding initdb, pg_ctl and postgres. */
export function findPostgresBinDir(): string {
  const candidates: string[] = [];
  const fromEnv = process.env['PG_BINDIR'];
  if (fromEnv) candidates.push(fromEnv);
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, 'initdb'))) candidates.push(dirname(realpathSync(join(dir, 'initdb'))));
  }
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot).sort((a, b) =>
      a === PREFERRED_MAJOR ? -1 : b === PREFERRED_MAJOR ? 1 : Number(b) - Number(a),
    );
    for (const version of versions) candidates.push(join(debianRoot, version, 'bin'));
  }
  const found = candidates.find((dir) => ['initdb', 'pg_ctl', 'postgres'].every((b) => isExecutable(join(dir, b))));
  if (found === undefined) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl, postgres) not found on PATH, in PG_BINDIR or in ' +
        '/usr/lib/postgresql/*/bin. Install postgresql-15 (Debian/Ubuntu: apt-get install postgresql-15).',
    );
  }
  return found;
}

interface RunAs {
  /** The unprivileged user to run as, or null to run directly. */
  user: string | null;
  uid: number;
  gid: number;
}

function lookUpUser(name: string): { uid: number; gid: number } | null {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [user, , uid, gid] = line.split(':');
      if (user === name && uid !== undefined && gid !== undefined) return { uid: Number(uid), gid: Number(gid) };
    }
  } catch {
    // no /etc/passwd: fall through
  }
  return null;
}

function runAsFor(): RunAs {
  if (process.getuid?.() !== 0) return { user: null, uid: -1, gid: -1 };
  const wanted = process.env['PG_TEST_USER'];
  for (const name of wanted ? [wanted] : ['postgres', 'nobody']) {
    const ids = lookUpUser(name);
    if (ids !== null && ids.uid !== 0) return { user: name, ...ids };
  }
  throw new Error('running as root and no unprivileged user (postgres, nobody or PG_TEST_USER) to run PostgreSQL as');
}

function shellQuote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** argv for running `command args` as `runAs.user`. */
function wrap(runAs: RunAs, command: string, args: readonly string[]): [string, string[]] {
  if (runAs.user === null) return [command, [...args]];
  if (isExecutable('/usr/sbin/runuser') || isExecutable('/sbin/runuser')) {
    const runuser = isExecutable('/usr/sbin/runuser') ? '/usr/sbin/runuser' : '/sbin/runuser';
    return [runuser, ['-u', runAs.user, '--', command, ...args]];
  }
  return ['su', [runAs.user, '-s', '/bin/sh', '-c', [command, ...args].map(shellQuote).join(' ')]];
}

function run(runAs: RunAs, cwd: string, command: string, args: readonly string[], timeoutMs = 60_000): Promise<string> {
  const [file, argv] = wrap(runAs, command, args);
  return new Promise((resolve, reject) => {
    // stdin ignored: CI has none, and nothing here may wait for input.
    const child = execFile(file, argv, { cwd, timeout: timeoutMs, env: { ...process.env, LC_ALL: 'C' } }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`${[command, ...args].join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
      } else {
        resolve(stdout);
      }
    });
    child.stdin?.end();
  });
}

/** A base for the temporary directory that the unprivileged user can reach. */
function tempBase(runAs: RunAs): string {
  const base = tmpdir();
  if (runAs.user === null) return base;
  // Every ancestor must be searchable by others, or the server cannot reach its data directory.
  for (let dir = base; ; dir = dirname(dir)) {
    try {
      if ((statSync(dir).mode & 0o001) === 0) return '/tmp';
    } catch {
      return '/tmp';
    }
    if (dir === parsePath(dir).root) return base;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}

function readLog(path: string): string {
  try {
    return readFileSync(path, 'utf8').slice(-4000);
  } catch {
    return '(no server log)';
  }
}

/** Starts a fresh cluster. Typically a second or two. */
export async function startPostgres(): Promise<PostgresCluster> {
  const binDir = findPostgresBinDir();
  const runAs = runAsFor();
  const baseDir = await mkdtemp(join(tempBase(runAs), 'thela-pg-'));
  const dataDir = join(baseDir, 'data');
  const logFile = join(baseDir, 'server.log');
  const bin = (name: string): string => join(binDir, name);

  let stopped = false;
  const stopSync = (): void => {
    if (stopped) return;
    stopped = true;
    // Also after a failed or timed-out start: a postmaster may be up all the same.
    if (existsSync(join(dataDir, 'postmaster.pid'))) {
      const [file, argv] = wrap(runAs, bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      spawnSync(file, argv, { cwd: baseDir, stdio: 'ignore', timeout: 30_000 });
    }
    rmSync(baseDir, { recursive: true, force: true });
  };
  process.once('exit', stopSync);

  try {
    if (runAs.user !== null) await chown(baseDir, runAs.uid, runAs.gid);
    await run(runAs, baseDir, bin('initdb'), [
      '-D',
      dataDir,
      '-U',
      SUPERUSER,
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ]);

    // A port can be taken between finding it and binding it: retry with another.
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      // Appending keeps the file's owner (the server user).
      await appendFile(
        join(dataDir, 'postgresql.conf'),
        [
          '',
          '# tests/db/postgres.ts',
          `port = ${port}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${baseDir.replaceAll("'", "''")}'`,
          'fsync = off',
          'synchronous_commit = off',
          'full_page_writes = off',
          "timezone = 'UTC'",
          '',
        ].join('\n'),
      );
      try {
        // -l is required: without it the postmaster keeps pg_ctl's stdout pipe open and the call never returns.
        await run(runAs, baseDir, bin('pg_ctl'), ['-D', dataDir, '-l', logFile, '-w', '-t', '30', 'start']);
        break;
      } catch (error) {
        if (attempt >= 3) throw new Error(`${(error as Error).message}\nserver log:\n${readLog(logFile)}`, { cause: error });
      }
    }

    const host = '127.0.0.1';
    return {
      host,
      port,
      user: SUPERUSER,
      baseDir,
      binDir,
      clientConfig: (database = 'postgres') => ({ host, port, user: SUPERUSER, database, connectionTimeoutMillis: 10_000 }),
      stop: async () => {
        process.removeListener('exit', stopSync);
        stopSync();
      },
    };
  } catch (error) {
    process.removeListener('exit', stopSync);
    stopSync();
    throw error;
  }
}
