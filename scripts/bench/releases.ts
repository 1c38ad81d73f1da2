/** `npm run bench -- --releases` (issue 13, item 3): disk use of releases that share unchanged files (bench/README.md). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig } from '../ops/lib/config.ts';
import { memoryLogger } from '../ops/lib/log.ts';
import { rebuild } from '../ops/lib/pipeline.ts';
import { benchEnv, ROOT, writeResults } from './util.ts';
import { parseCommand, wholeNumber } from '../lib/cli.ts';
import { must } from '../lib/must.ts';

const { values } = parseCommand('bench-releases', 'usage: npm run bench -- --releases [--size 10000] [--count 6] [--keep]', {
  size: { type: 'string', default: '10000' },
  count: { type: 'string', default: '6' },
  keep: { type: 'boolean', default: false },
});
const [size, count] = [wholeNumber('bench-releases', 'size', values.size), wholeNumber('bench-releases', 'count', values.count, 2)];

const dir = mkdtempSync('/tmp/bench-releases-');
const releasesDir = path.join(dir, 'releases');
const config = resolveConfig({ releasesDir, currentLink: path.join(dir, 'current'), keepReleases: count, buildTimeoutSeconds: 1800 }, ROOT);
benchEnv(process.env, { SITE_URL: 'https://thela.example' });

const du = (...args: string[]) => spawnSync('du', [...args, releasesDir], { encoding: 'utf8' }).stdout.split(/\s+/)[0] ?? '';
const files = (id: string) =>
  Number(spawnSync('sh', ['-c', `find "${path.join(releasesDir, id)}" -type f | wc -l`], { encoding: 'utf8' }).stdout);

const mib = (kib: number) => Math.round(kib / 1024);
const rows = [];
try {
  for (let n = 0; n < count; n++) {
    // The synthetic catalogue of size N+1 is the one of size N plus one product.
    process.env['CATALOGUE_SIZE'] = String(size + n);
    const log = memoryLogger();
    const result = await rebuild(config, { log, trigger: 'bench', publish: false });
    if (!result.ok) throw new Error(`release ${n + 1} failed at ${result.stage}: ${result.reason}`);
    const deduped = log.events.find((event) => event.event === 'release.deduped');
    const row = {
      release: n + 1,
      products: size + n,
      releaseId: result.releaseId,
      pages: result.pages,
      files: files(must(result.releaseId, 'the new release id')),
      sharedFiles: Number(deduped?.['linked'] ?? 0),
      sharedBytes: Number(deduped?.['bytesShared'] ?? 0),
      buildSeconds: Math.round(result.durationMs / 100) / 10,
      duHuman: du('-sh'),
      duKiB: Number(du('-sk')),
      fullCopiesKiB: Number(du('-skl')),
    };
    rows.push(row);
    console.log(
      `release ${row.release}: ${row.products} products, ${row.files} files, ${row.sharedFiles} shared; releases folder ${row.duHuman} (${mib(row.duKiB)} MiB; full copies would be ${mib(row.fullCopiesKiB)} MiB), build ${row.buildSeconds} s`,
    );
  }
  const last = must(rows.at(-1), 'a release row');
  const summary = { releases: count, duHuman: last.duHuman, duMiB: mib(last.duKiB), fullCopiesMiB: mib(last.fullCopiesKiB) };
  const what = `${count} releases of a ${size}-product catalogue, one product row added between releases, dedupe on`;
  const file = await writeResults('releases', { date: new Date().toISOString(), what, rows, summary });
  console.log(`bench-releases: ${JSON.stringify(summary)} -> ${file}`);
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
