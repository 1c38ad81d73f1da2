/**
 * Publishing with rclone (issue 13, item 4) against a real target on this machine: `rclone serve sftp` over a
 * temporary folder on 127.0.0.1, reached through an rclone remote configured by RCLONE_CONFIG_* variables.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { rebuild } from '../../scripts/ops/lib/pipeline.ts';
import { phaseOf } from '../../scripts/ops/lib/publish.ts';
import { ROOT, waitFor, workspace, writeConfigFile, type Workspace } from './helpers.ts';

// rclone is one of the programs tests/tools.ts makes sure of before any test runs.

function files(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? files(dir, rel) : [rel];
    })
    .sort();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let ws: Workspace;
let target: string;
let server: ChildProcess | undefined;
const ENV_NAMES = ['TYPE', 'HOST', 'PORT', 'USER', 'PASS'].map((key) => `RCLONE_CONFIG_THELATEST_${key}`);

beforeAll(async () => {
  ws = workspace({ publishRemote: 'thelatest:site' });
  target = path.join(ws.dir, 'target');
  mkdirSync(target);
  const port = await freePort();
  server = spawn('rclone', ['serve', 'sftp', target, '--addr', `127.0.0.1:${port}`, '--user', 'thela', '--pass', 'pw-0123456789'], {
    stdio: 'ignore',
  });
  const obscured = spawnSync('rclone', ['obscure', 'pw-0123456789'], { encoding: 'utf8' }).stdout.trim();
  Object.assign(process.env, {
    RCLONE_CONFIG_THELATEST_TYPE: 'sftp',
    RCLONE_CONFIG_THELATEST_HOST: '127.0.0.1',
    RCLONE_CONFIG_THELATEST_PORT: String(port),
    RCLONE_CONFIG_THELATEST_USER: 'thela',
    RCLONE_CONFIG_THELATEST_PASS: obscured,
  });
  await waitFor(() => spawnSync('rclone', ['lsf', 'thelatest:']).status === 0, 15_000, 200);
}, 30_000);

afterAll(() => {
  if (server?.pid) process.kill(server.pid);
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- process.env is the environment, not a record we own
  for (const name of ENV_NAMES) delete process.env[name];
  ws?.cleanup();
});

/** rclone's JSON "Copied" lines, in the order rclone wrote them. */
function copiedOrder(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; object?: string })
    .filter((entry) => entry.msg?.startsWith('Copied'))
    .map((entry) => entry.object!);
}

test("the index's entry files, of every bundle, go up with the entries; its hashed files with the assets", () => {
  for (const rel of [
    'pagefind/pagefind.js',
    'pagefind/pagefind-entry.json',
    'pagefind/bundles.json',
    'pagefind/bundle-2/pagefind-entry.json',
  ])
    expect(phaseOf(rel), rel).toBe('entries');
  for (const rel of ['pagefind/fragment/en_1a2.pf_fragment', 'pagefind/bundle-2/fragment/en_1a2.pf_fragment', 'pagefind/x/y.json'])
    expect(phaseOf(rel), rel).toBe('assets');
});

test('a rebuild publishes its release: the whole tree, then only changed files, assets before pages before sw.js, and deletes a file only one release later', async () => {
  const log = memoryLogger();
  let output = '';
  const build = async () => {
    output = '';
    const result = await rebuild(ws.config, {
      log,
      trigger: 'test',
      onOutput: (chunk) => (output += chunk.toString('utf8')),
    });
    expect(result, result.reason).toMatchObject({ ok: true });
    return path.join(ws.config.releasesDir, result.releaseId!);
  };
  const site = path.join(target, 'site');

  ws.control({ stable: true, sw: true, pages: 20 });
  const first = await build();
  const released = files(first).filter((rel) => rel !== '.release.json');
  expect(files(site)).toEqual(released);
  for (const rel of released) expect(readFileSync(path.join(site, rel)).equals(readFileSync(path.join(first, rel)))).toBe(true);
  // Upload order: every asset before every page, every page before the entry files (sw.js last group).
  const order = copiedOrder(output);
  expect(order.sort()).toEqual([...released].sort());
  const phases = copiedOrder(output).map(phaseOf);
  const rank = { assets: 0, pages: 1, entries: 2 } as const;
  for (let i = 1; i < phases.length; i++) expect(rank[phases[i]!]).toBeGreaterThanOrEqual(rank[phases[i - 1]!]);
  expect(phases).toContain('assets');
  expect(phases.at(-1)).toBe('entries');
  expect(copiedOrder(output)).toContain('sw.js');

  // One changed row: one page uploaded, nothing else (a same-size change too: the releases are compared by content).
  ws.control({ stable: true, sw: true, pages: 20, row: 'Atta ₹289' });
  await build();
  expect(copiedOrder(output)).toEqual(['p/1/index.html']);
  expect(readFileSync(path.join(site, 'p/1/index.html'), 'utf8')).toContain('Atta ₹289');
  ws.control({ stable: true, sw: true, pages: 20, row: 'Atta ₹299' });
  await build();
  expect(copiedOrder(output)).toEqual(['p/1/index.html']);

  // Two pages fewer: kept on the target while the previous release (which has them) may still be open...
  ws.control({ stable: true, sw: true, pages: 18, row: 'Atta ₹299' });
  await build();
  expect(existsSync(path.join(site, 'p/18/index.html'))).toBe(true);
  // ...and deleted by the next publish.
  const last = await build();
  expect(existsSync(path.join(site, 'p/18/index.html'))).toBe(false);
  expect(files(site)).toEqual(files(last).filter((rel) => rel !== '.release.json'));
  expect(log.events.filter((event) => event.event === 'publish.done').at(-1)).toMatchObject({ deleted: 2 });
  expect(JSON.stringify(log.events)).not.toContain(process.env['RCLONE_CONFIG_THELATEST_PASS']!);
}, 60_000);

test('npm run publish uploads the live release to a named remote and exits 0', () => {
  const configFile = writeConfigFile(ws);
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/ops/publish.ts'), '--config', configFile, '--remote', 'thelatest:other'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, THELA_OPS_CONFIG: '' } },
  );
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toMatch(
    /^publish: release \S+ on thelatest:other, \d+ files: uploaded \d+ assets, \d+ pages, \d+ entry files; deleted 0\n$/,
  );
  const live = readFileSync(path.join(ws.config.currentLink, 'index.html'), 'utf8');
  expect(readFileSync(path.join(target, 'other', 'index.html'), 'utf8')).toBe(live);
  const again = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/ops/publish.ts'), '--config', configFile, '--remote', 'thelatest:other'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, THELA_OPS_CONFIG: '' } },
  );
  expect(again.stdout).toContain('uploaded 0 assets, 0 pages, 0 entry files; deleted 0');
  expect(spawnSync(process.execPath, [path.join(ROOT, 'scripts/ops/publish.ts'), '--config', configFile, 'a', 'b']).status).toBe(2);
});
