/**
 * `npm run bench -- --live` (issue 13, item 2): webhook received to the new release serving the changed product, through the operators'
 * service with incremental builds (method: bench/README.md). Writes bench/results/<date>-live-<size>.json.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { withBuildLock } from './proc.ts';
import { printLiveBuild } from './report.ts';
import { benchPort, ROOT, today } from './util.ts';
import { generateSyntheticCatalogue } from '../../src/lib/catalogue/sample.build.ts';
import { parseCommand, usageError } from '../lib/cli.ts';
import { must } from '../lib/must.ts';
import { resolveConfig } from '../ops/lib/config.ts';
import { memoryLogger } from '../ops/lib/log.ts';
import { rebuild, type RunPhases } from '../ops/lib/pipeline.ts';

const PORT = benchPort(5);
const ORIGIN = `http://127.0.0.1:${PORT}`;

const { values } = parseCommand('bench-live', 'usage: npm run bench -- --live [--size 10000] [--rounds 2] [--debounce 1] [--keep]', {
  size: { type: 'string', default: '10000' },
  rounds: { type: 'string', default: '2' },
  debounce: { type: 'string', default: '1' },
  keep: { type: 'boolean', default: false },
});
const size = Number(values.size);
const rounds = Number(values.rounds);
const debounceSeconds = Number(values.debounce);
if (!Number.isInteger(size) || size < 1 || !Number.isInteger(rounds) || rounds < 1 || !(debounceSeconds >= 0)) {
  usageError('bench-live', '--size and --rounds need whole numbers >= 1, --debounce a number of seconds >= 0');
}

const dir = mkdtempSync('/tmp/bench-live-');
const catalogueFile = path.join(dir, 'catalogue.json');
const configFile = path.join(dir, 'ops.config.json');
const rawConfig = {
  releasesDir: path.join(dir, 'releases'),
  currentLink: path.join(dir, 'current'),
  buildCacheDir: path.join(dir, 'cache'),
  buildTimeoutSeconds: 1800,
  service: { host: '127.0.0.1', port: PORT, debounceSeconds, maxWaitSeconds: Math.max(debounceSeconds, 120) },
};
writeFileSync(configFile, JSON.stringify(rawConfig));
const config = resolveConfig(rawConfig, ROOT);
const secret = randomBytes(24).toString('hex');

// The file catalogue only: no Supabase, no stray OUT_DIR or CATALOGUE_SIZE, no telemetry.
for (const name of ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'OUT_DIR', 'CATALOGUE_SIZE', 'THELA_FULL_BUILD'])
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- process.env is the environment, not a record we own
  delete process.env[name];
Object.assign(process.env, {
  THELA_CATALOGUE_FILE: catalogueFile,
  SITE_URL: ORIGIN,
  ASTRO_TELEMETRY_DISABLED: '1',
  REBUILD_WEBHOOK_SECRET: secret,
});

const catalogue = generateSyntheticCatalogue(size);
writeFileSync(catalogueFile, JSON.stringify(catalogue));
const seconds = (ms: number) => Math.round(ms / 100) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pageShows(url: string, text: string): Promise<boolean> {
  try {
    const res = await fetch(url);
    return res.ok && (await res.text()).includes(text);
  } catch {
    return false;
  }
}

const report: Record<string, unknown> = { date: new Date().toISOString(), products: size, debounceSeconds };
let service: ReturnType<typeof spawn> | undefined;
try {
  await withBuildLock(async () => {
    // 1. The cold build: empty cache, every page rendered, through the operators' pipeline.
    console.log(`bench-live: cold rebuild of ${size} products ...`);
    const cold = await rebuild(config, { log: memoryLogger(), trigger: 'bench', publish: false });
    if (!cold.ok) throw new Error(`cold rebuild failed at ${cold.stage}: ${cold.reason}`);
    report['cold'] = {
      seconds: seconds(cold.durationMs),
      pages: cold.pages,
      rendered: cold.rendered,
      reused: cold.reused,
      phases: cold.phases,
    };
    printLiveBuild(
      `cold rebuild ${seconds(cold.durationMs)} s, ${cold.pages} pages, ${cold.rendered} rendered, ${cold.reused} reused`,
      cold.phases,
    );

    // 2. The service, serving `current` and taking webhooks.
    service = spawn(process.execPath, ['scripts/ops/service.ts', '--config', configFile, '--no-schedule'], {
      cwd: ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const events: { atMs: number; line: string }[] = [];
    for (const stream of [service.stdout, service.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', (line) => events.push({ atMs: performance.now(), line }));
    }
    const started = performance.now();
    while (
      !(await fetch(`${ORIGIN}/hooks/status`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (performance.now() - started > 30_000)
        throw new Error(`the service did not answer in 30 s:\n${events.map((e) => e.line).join('\n')}`);
      await sleep(100);
    }

    // 3. Rounds: change one row, send the webhook, poll the product page until it shows the change.
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
      while (!(await pageShows(url, name))) {
        if (performance.now() - t0 > 1_800_000) throw new Error(`${url} did not show the change in 30 minutes`);
        await sleep(100);
      }
      const liveMs = performance.now() - t0;
      // The rebuild goes on after the switch (sharing files with the release it replaced): wait until it is done, so
      // its figures are this round's and the next round does not start behind it.
      let status: { building?: boolean; queued?: boolean; current?: { id?: string } | null; lastBuild?: Record<string, unknown> | null };
      for (;;) {
        status = (await (await fetch(`${ORIGIN}/hooks/status`)).json()) as typeof status;
        if (!status.building && !status.queued && status.lastBuild?.['releaseId'] === status.current?.id) break;
        if (performance.now() - t0 > 1_800_000) throw new Error('the rebuild did not finish in 30 minutes');
        await sleep(100);
      }
      const build = status.lastBuild ?? {};
      const row = {
        round,
        productId: product.id,
        webhookToLiveSeconds: seconds(liveMs),
        rebuildSeconds: seconds(Number(build['durationMs'] ?? 0)),
        rendered: build['rendered'],
        reused: build['reused'],
        pages: build['pages'],
        // Where the rebuild's time went: the build's steps (astro, search index, ...), the check, the dedupe, the switch.
        phases: build['phases'],
        serviceLog: events.slice(from).map((e) => `+${seconds(e.atMs - t0)} s ${e.line}`.slice(0, 300)),
      };
      results.push(row);
      printLiveBuild(
        `round ${round}: webhook -> live ${row.webhookToLiveSeconds} s (rebuild ${row.rebuildSeconds} s, ` +
          `${String(row.rendered)} pages rendered, ${String(row.reused)} reused, debounce ${debounceSeconds} s)`,
        row.phases as RunPhases | undefined,
      );
    }
    report['rounds'] = results;
  });
  mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
  const file = path.join(ROOT, 'bench', 'results', `${today()}-live-${size}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`bench-live: -> ${path.relative(ROOT, file)}`);
} finally {
  if (service && service.exitCode === null && service.signalCode === null) {
    const exited = new Promise((resolve) => service?.once('exit', resolve));
    service.kill('SIGTERM');
    await exited;
  }
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
}
