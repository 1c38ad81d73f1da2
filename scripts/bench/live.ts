/** `npm run bench -- --live` (issue 13, item 2): webhook to the changed product served, via the operators' service (bench/README.md). */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ended, withBuildLock } from './proc.ts';
import { benchEnv, benchPort, ROOT, seconds, writeResults } from './util.ts';
import { generateSyntheticCatalogue } from '../../src/lib/catalogue/sample.build.ts';
import { parseCommand, usageError, wholeNumber } from '../lib/cli.ts';
import { must } from '../lib/must.ts';
import { resolveConfig } from '../ops/lib/config.ts';
import { memoryLogger } from '../ops/lib/log.ts';
import { rebuild, type RunPhases } from '../ops/lib/pipeline.ts';
import type { OpsService } from '../ops/lib/server.ts';

const ORIGIN = `http://127.0.0.1:${benchPort(5)}`;

const { values } = parseCommand('bench-live', 'usage: npm run bench -- --live [--size 10000] [--rounds 2] [--debounce 1] [--keep]', {
  size: { type: 'string', default: '10000' },
  rounds: { type: 'string', default: '2' },
  debounce: { type: 'string', default: '1' },
  keep: { type: 'boolean', default: false },
});
const [size, rounds] = [wholeNumber('bench-live', 'size', values.size), wholeNumber('bench-live', 'rounds', values.rounds)];
const debounceSeconds = Number(values.debounce);
if (!(debounceSeconds >= 0)) usageError('bench-live', '--debounce needs a number of seconds >= 0');

const dir = mkdtempSync('/tmp/bench-live-');
const [catalogueFile, configFile] = [path.join(dir, 'catalogue.json'), path.join(dir, 'ops.config.json')];
const rawConfig = {
  releasesDir: path.join(dir, 'releases'),
  currentLink: path.join(dir, 'current'),
  buildCacheDir: path.join(dir, 'cache'),
  buildTimeoutSeconds: 1800,
  service: { host: '127.0.0.1', port: benchPort(5), debounceSeconds, maxWaitSeconds: Math.max(debounceSeconds, 120) },
};
writeFileSync(configFile, JSON.stringify(rawConfig));
const config = resolveConfig(rawConfig, ROOT);
const secret = randomBytes(24).toString('hex');
// The file catalogue only (the operators' pipeline builds with this process's environment).
benchEnv(process.env, { THELA_CATALOGUE_FILE: catalogueFile, SITE_URL: ORIGIN, REBUILD_WEBHOOK_SECRET: secret });

const catalogue = generateSyntheticCatalogue(size);
writeFileSync(catalogueFile, JSON.stringify(catalogue));
const secs = (ms: number) => Math.round(ms / 100) / 10;
/** Polls `ready` every 100 ms until it holds; throws `timeout()` once `limitMs` have passed since `t0`. */
async function until(t0: number, limitMs: number, timeout: () => string, ready: () => Promise<boolean>): Promise<void> {
  while (!(await ready().catch(() => false))) {
    if (performance.now() - t0 > limitMs) throw new Error(timeout());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const HALF_HOUR = 1_800_000;

/** What a rebuild did, then where its time went (the operators' pipeline's phases). */
function printLiveBuild(what: string, phases: RunPhases | undefined): void {
  const s1 = (ms: number | undefined) => seconds(ms, 1);
  const steps = Object.entries(phases?.buildSteps ?? {}).map(([name, ms]) => `${name} ${s1(ms)}`);
  const after = (['check', 'dedupe', 'switch'] as const).flatMap((name) =>
    phases?.[name] === undefined ? [] : `${name} ${s1(phases[name])}`,
  );
  const where = phases ? [`build ${s1(phases.build)} (${steps.join(', ') || 'no steps reported'})`, ...after].join(', ') : 'not reported';
  console.log(`bench-live: ${what}`);
  console.log(`bench-live:   where the time went: ${where}`);
}

const report: Record<string, unknown> = { date: new Date().toISOString(), products: size, debounceSeconds };
let service: ChildProcess | undefined;
try {
  await withBuildLock(async () => {
    console.log(`bench-live: cold rebuild of ${size} products ...`);
    const cold = await rebuild(config, { log: memoryLogger(), trigger: 'bench', publish: false });
    if (!cold.ok) throw new Error(`cold rebuild failed at ${cold.stage}: ${cold.reason}`);
    const { pages, rendered, reused, phases } = cold;
    report['cold'] = { seconds: secs(cold.durationMs), pages, rendered, reused, phases };
    printLiveBuild(`cold rebuild ${secs(cold.durationMs)} s, ${pages} pages, ${rendered} rendered, ${reused} reused`, phases);

    const args = ['scripts/ops/service.ts', '--config', configFile, '--no-schedule'];
    service = spawn(process.execPath, args, { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const events: { atMs: number; line: string }[] = [];
    for (const stream of [service.stdout, service.stderr])
      if (stream) createInterface({ input: stream }).on('line', (line) => events.push({ atMs: performance.now(), line }));
    const silent = () => `the service did not answer in 30 s:\n${events.map((e) => e.line).join('\n')}`;
    await until(performance.now(), 30_000, silent, async () => (await fetch(`${ORIGIN}/hooks/status`)).ok);

    const results: Record<string, unknown>[] = [];
    for (let round = 1; round <= rounds; round++) {
      const product = must(catalogue.products[Math.floor((catalogue.products.length * round) / (rounds + 1))], 'a product');
      const name = `${product.name} (round ${round} ${randomBytes(3).toString('hex')})`;
      Object.assign(product, { name, price: Math.round(product.price * 1.1 * 100) / 100 + 1 });
      writeFileSync(catalogueFile, JSON.stringify(catalogue));
      const url = `${ORIGIN}/product/${encodeURIComponent(product.id)}/`;
      const from = events.length;
      const t0 = performance.now();
      const res = await fetch(`${ORIGIN}/hooks/rebuild`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'UPDATE', table: 'products', schema: 'public', record: product }),
      });
      if (res.status !== 202) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
      const shows = async () => fetch(url).then(async (r) => r.ok && (await r.text()).includes(name));
      await until(t0, HALF_HOUR, () => `${url} did not show the change in 30 minutes`, shows);
      const liveMs = performance.now() - t0;
      // The rebuild goes on after the switch (dedupe): its figures are this round's once done; the next round waits for it.
      let status: Awaited<ReturnType<OpsService['status']>> | undefined;
      const done = async () => {
        status = (await (await fetch(`${ORIGIN}/hooks/status`)).json()) as NonNullable<typeof status>;
        return !status.building && !status.queued && status.lastBuild?.releaseId === status.current?.id;
      };
      await until(t0, HALF_HOUR, () => 'the rebuild did not finish in 30 minutes', done);
      const build = status?.lastBuild;
      const row = {
        round,
        productId: product.id,
        webhookToLiveSeconds: secs(liveMs),
        rebuildSeconds: secs(build?.durationMs ?? 0),
        rendered: build?.rendered,
        reused: build?.reused,
        pages: build?.pages,
        phases: build?.phases,
        serviceLog: events.slice(from).map((e) => `+${secs(e.atMs - t0)} s ${e.line}`.slice(0, 300)),
      };
      results.push(row);
      const what = `round ${round}: webhook -> live ${row.webhookToLiveSeconds} s (rebuild ${row.rebuildSeconds} s, ${String(row.rendered)} pages rendered, ${String(row.reused)} reused, debounce ${debounceSeconds} s)`;
      printLiveBuild(what, row.phases);
    }
    report['rounds'] = results;
  });
  console.log(`bench-live: -> ${await writeResults(`live-${size}`, report)}`);
} finally {
  if (service) await ended(service, () => service?.kill('SIGTERM'));
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
