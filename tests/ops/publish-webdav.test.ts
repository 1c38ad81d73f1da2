/**
 * Publishing to a target without hashes (issue 32, items 1-3): `rclone serve webdav` over a temporary folder on
 * 127.0.0.1, reached through an rclone remote configured by RCLONE_CONFIG_* variables. The fake build's releases
 * differ in every file but keep every size (release ids have one length), the case rclone's size-only fallback
 * skips.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { publishNow, rebuild } from '../../scripts/ops/lib/pipeline.ts';
import { publishRelease } from '../../scripts/ops/lib/publish.ts';
import { workspace, type Workspace } from './helpers.ts';

// rclone is one of the programs tests/tools.ts makes sure of before any test runs.
const REMOTE = 'theladav:site';
const ENV_NAMES = ['TYPE', 'URL'].map((key) => `RCLONE_CONFIG_THELADAV_${key}`);

function files(dir: string, prefix = ''): string[] {
  if (!existsSync(path.join(dir, prefix))) return [];
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? files(dir, rel) : [rel];
    })
    .sort();
}

/** The files of a release (its completion marker left out). */
const releaseFiles = (dir: string) => files(dir).filter((rel) => rel !== '.release.json');

let ws: Workspace;
let target: string;
let server: ChildProcess | undefined;

beforeAll(async () => {
  ws = workspace({ publishRemote: REMOTE });
  target = path.join(ws.dir, 'target');
  mkdirSync(target);
  server = spawn('rclone', ['serve', 'webdav', target, '--addr', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  // rclone names the port it was given: "WebDav Server started on http://127.0.0.1:PORT/".
  const url = await new Promise<string>((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error(`rclone serve webdav did not start: ${said}`)), 15_000);
    server!.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString('utf8');
      const found = said.match(/started on (http:\/\/127\.0\.0\.1:\d+\/)/)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    server!.once('exit', (code) => reject(new Error(`rclone serve webdav exited (${code}): ${said}`)));
  });
  Object.assign(process.env, { RCLONE_CONFIG_THELADAV_TYPE: 'webdav', RCLONE_CONFIG_THELADAV_URL: url });
}, 30_000);

afterAll(() => {
  if (server?.pid) server.kill();
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- process.env is the environment, not a record we own
  for (const name of ENV_NAMES) delete process.env[name];
  ws?.cleanup();
});

describe('publishing to WebDAV (no hashes)', () => {
  const site = () => path.join(target, 'site');
  const log = memoryLogger();
  const build = async () => {
    const result = await rebuild(ws.config, { log, trigger: 'test' });
    expect(result, result.reason).toMatchObject({ ok: true });
    return { id: result.releaseId!, dir: path.join(ws.config.releasesDir, result.releaseId!) };
  };
  const sameAsRelease = (dir: string) => {
    for (const rel of releaseFiles(dir)) {
      const published = path.join(site(), rel);
      expect(existsSync(published), rel).toBe(true);
      expect(readFileSync(published).equals(readFileSync(path.join(dir, rel))), rel).toBe(true);
    }
  };
  let first: { id: string; dir: string };
  let second: { id: string; dir: string };

  test('a rebuild whose every file changed but kept its size is published byte for byte, every changed file uploaded', async () => {
    ws.control({ sw: true, pages: 12 });
    first = await build();
    sameAsRelease(first.dir);
    second = await build();
    // The same names and sizes but the hashed asset's: the case a size-only comparison skips.
    const same = releaseFiles(second.dir).filter((rel) => existsSync(path.join(first.dir, rel)));
    for (const rel of same)
      expect(readFileSync(path.join(second.dir, rel)).length, rel).toBe(readFileSync(path.join(first.dir, rel)).length);
    expect(same).toEqual(expect.arrayContaining(['sw.js', 'pagefind/pagefind-entry.json', 'index.html', 'p/1/index.html']));
    sameAsRelease(second.dir);
    const done = log.events.filter((event) => event.event === 'publish.done').at(-1)!;
    const uploaded = done['uploaded'] as Record<string, number>;
    // Every file of the release changed (the id is in each), and every one was uploaded, none twice.
    expect(uploaded['assets']! + uploaded['pages']! + uploaded['entries']!).toBe(releaseFiles(second.dir).length - 1);
    // The first release's hashed stylesheet stays for pages still open in a browser.
    expect(existsSync(path.join(site(), `_astro/site.${first.id}.css`))).toBe(true);
  }, 60_000);

  test("republishing the live release keeps the previous release's files, and uploads nothing", async () => {
    const again = await publishNow(ws.config, { log });
    expect(again, again.reason).toMatchObject({ ok: true, releaseId: second.id });
    expect(again.publish).toMatchObject({ uploaded: { assets: 0, pages: 0, entries: 0 }, deleted: 0 });
    expect(existsSync(path.join(site(), `_astro/site.${first.id}.css`))).toBe(true);
    sameAsRelease(second.dir);
    // The next release replaces the first one's files at last.
    const third = await build();
    expect(existsSync(path.join(site(), `_astro/site.${first.id}.css`))).toBe(false);
    expect(existsSync(path.join(site(), `_astro/site.${second.id}.css`))).toBe(true);
    sameAsRelease(third.dir);
  }, 60_000);

  test("rclone's notices on stderr are never read as the target's files", async () => {
    // An rclone that says what rclone says without a config file, in plain text on stderr, before every run.
    const deletions = path.join(ws.dir, 'deleted.txt');
    const fake = path.join(ws.dir, 'rclone-noisy');
    writeFileSync(
      fake,
      [
        '#!/bin/sh',
        `echo 'NOTICE: Config file "/nonexistent/rclone.conf" not found - using defaults' >&2`,
        `if [ "$1" = delete ]; then cat "$4" >> '${deletions}'; fi`,
        'exec rclone "$@"',
      ].join('\n'),
    );
    chmodSync(fake, 0o755);
    const config = { ...ws.config, rcloneBinary: fake };
    // A stray file on the target: the only one to delete.
    const live = readdirSync(ws.config.releasesDir)
      .filter((name) => /^\d/.test(name))
      .sort()
      .at(-1)!;
    expect(spawnSync('rclone', ['rcat', `${REMOTE}/stray.txt`], { input: 'left by hand' }).status).toBe(0);
    const result = await publishRelease(config, live, REMOTE, { log });
    expect(result, result.reason).toMatchObject({ ok: true, deleted: 1 });
    expect(readFileSync(deletions, 'utf8')).toBe('stray.txt\n');
    expect(existsSync(path.join(site(), 'stray.txt'))).toBe(false);
  }, 60_000);

  test('a warning that means "not checked" fails the publish', async () => {
    // rclone 1.60's own words when asked to compare by checksum where the remote has no hashes.
    const warning = JSON.stringify({
      level: 'warning',
      msg: '--checksum is in use but the source and destination have no hashes in common; falling back to --size-only',
      object: "webdav root 'checked'",
    });
    const said = path.join(ws.dir, 'warning.json');
    writeFileSync(said, `${warning}\n`);
    const fake = path.join(ws.dir, 'rclone-unchecked');
    writeFileSync(fake, ['#!/bin/sh', `if [ "$1" = copy ]; then cat '${said}' >&2; fi`, 'exec rclone "$@"'].join('\n'));
    chmodSync(fake, 0o755);
    const live = readdirSync(ws.config.releasesDir)
      .filter((name) => /^\d/.test(name))
      .sort()
      .at(-1)!;
    const result = await publishRelease({ ...ws.config, rcloneBinary: fake }, live, 'theladav:checked', { log });
    expect(result.ok).toBe(false);
    expect(result.reason).toBe(
      "rclone copy did not check every file: webdav root 'checked': --checksum is in use but the source and destination have no hashes in common; falling back to --size-only",
    );
  }, 60_000);
});
