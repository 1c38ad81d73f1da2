/** Releases share unchanged files (issue 13, item 3): hard links to the live release's identical files. */
import { lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { dedupeRelease } from '../../scripts/ops/lib/release-diff.ts';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { rebuild, rollback } from '../../scripts/ops/lib/pipeline.ts';
import { currentRelease } from '../../scripts/ops/lib/releases.ts';
import { workspace } from './helpers.ts';

function files(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? files(dir, rel) : [rel];
  });
}

const shared = (a: string, b: string, rel: string) => {
  const [x, y] = [lstatSync(path.join(a, rel)), lstatSync(path.join(b, rel))];
  return x.ino === y.ino && x.dev === y.dev;
};

test('two rebuilds of the same catalogue share their files; a changed row is not shared; rollback still works', async () => {
  const ws = workspace();
  const log = memoryLogger();
  try {
    ws.control({ stable: true, pages: 20 });
    const first = (await rebuild(ws.config, { log, trigger: 'test' })).releaseId!;
    const second = (await rebuild(ws.config, { log, trigger: 'test' })).releaseId!;
    const [a, b] = [first, second].map((id) => path.join(ws.config.releasesDir, id));
    const content = files(b!).filter((rel) => rel !== '.release.json');
    expect(content.length).toBeGreaterThan(20);
    for (const rel of content) expect(shared(a!, b!, rel), rel).toBe(true);
    expect(lstatSync(path.join(b!, 'index.html')).nlink).toBe(2);
    // The completion markers are each release's own.
    expect(shared(a!, b!, '.release.json')).toBe(false);
    expect(log.events.find((event) => event.event === 'release.deduped')).toMatchObject({
      linked: content.length,
    });
    // Off the path to going live: the second release was switched to before its files were shared.
    const order = (event: string) => log.events.findIndex((e) => e.event === event && e['releaseId'] === second);
    expect(order('release.live')).toBeGreaterThanOrEqual(0);
    expect(order('release.live')).toBeLessThan(order('release.deduped'));

    ws.control({ stable: true, pages: 20, row: 'Atta 5 kg ₹289' });
    const third = (await rebuild(ws.config, { log, trigger: 'test' })).releaseId!;
    const c = path.join(ws.config.releasesDir, third);
    expect(shared(b!, c, 'p/1/index.html')).toBe(false);
    expect(readFileSync(path.join(c, 'p/1/index.html'), 'utf8')).toContain('Atta 5 kg ₹289');
    expect(readFileSync(path.join(b!, 'p/1/index.html'), 'utf8')).not.toContain('Atta');
    for (const rel of content.filter((rel) => rel !== 'p/1/index.html')) expect(shared(b!, c, rel), rel).toBe(true);

    // Back to the release before: its shared files are intact and it serves its own content.
    expect((await rollback(ws.config, { log })).releaseId).toBe(second);
    expect((await currentRelease(ws.config))?.id).toBe(second);
    expect(readFileSync(path.join(ws.config.currentLink, 'p/1/index.html'), 'utf8')).not.toContain('Atta');
  } finally {
    ws.cleanup();
  }
});

test('dedupe compares bytes, not only sizes, and `dedupe: false` turns it off', async () => {
  const ws = workspace({ dedupe: false });
  try {
    const base = path.join(ws.dir, 'base');
    const next = path.join(ws.dir, 'next');
    for (const [dir, text] of [
      [base, 'price 100'],
      [next, 'price 200'],
    ] as const) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'same.html'), 'unchanged');
      writeFileSync(path.join(dir, 'changed.html'), text);
    }
    writeFileSync(path.join(next, 'new.html'), 'only here');
    expect(await dedupeRelease(next, base)).toEqual({ files: 3, linked: 1, bytesShared: 9 });
    expect(shared(base, next, 'same.html')).toBe(true);
    expect(shared(base, next, 'changed.html')).toBe(false);
    expect(readFileSync(path.join(next, 'changed.html'), 'utf8')).toBe('price 200');

    ws.control({ stable: true });
    const first = (await rebuild(ws.config, { log: memoryLogger(), trigger: 'test' })).releaseId!;
    const second = (await rebuild(ws.config, { log: memoryLogger(), trigger: 'test' })).releaseId!;
    const dirs = [first, second].map((id) => path.join(ws.config.releasesDir, id));
    expect(shared(dirs[0]!, dirs[1]!, 'index.html')).toBe(false);
  } finally {
    ws.cleanup();
  }
});
