/**
 * `npm run bench -- --orders` (issue 50): place_order under load through real PostgREST over PostgreSQL 15 on this
 * machine (tests/db/postgrest.ts, the sample catalogue). Each run sends 500 distinct orders, half of them twice (in a
 * shuffled order, so a resend may race its first send), from N concurrent clients, straight to PostgREST (the
 * gateway stand-in is the tests' affair, not ours to measure). Reports distinct orders a second (replays not
 * counted), each send's latency (p50, p95), and checks the database holds each order exactly once. Runs alternate
 * between the client counts; the report gives each figure's median.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { startSupabaseStack } from '../../tests/db/postgrest.ts';
import { SEED_FILE } from '../../tests/db/supabase.ts';
import type { CatalogueTables } from '../../src/lib/catalogue/rows.ts';
import { commaList, parseCommand, wholeNumber } from '../lib/cli.ts';
import { median, ROOT, writeResults } from './util.ts';

const HELP = 'usage: npm run bench -- --orders [--orders-count 500] [--clients 50,10] [--runs 5] [--pool 10]';
const { values } = parseCommand('bench-orders', HELP, {
  'orders-count': { type: 'string', default: '500' },
  clients: { type: 'string', default: '50,10' },
  runs: { type: 'string', default: '5' },
  pool: { type: 'string', default: '10' },
});
const orderCount = wholeNumber('bench-orders', 'orders-count', values['orders-count']);
const runs = wholeNumber('bench-orders', 'runs', values.runs);
const pool = wholeNumber('bench-orders', 'pool', values.pool);
const clientCounts = commaList(values.clients).map((text) => wholeNumber('bench-orders', 'clients', text));

/** A small seeded generator, so every run sends the same orders. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

interface Send {
  body: string;
  clientOrderId: string;
}

/** `count` orders of 1-3 available products (1-3 of each), priced as the cart prices them; half listed twice, shuffled. */
function makeSends(count: number, deliveryFeePaise: number): Send[] {
  const catalogue = JSON.parse(readFileSync(`${ROOT}/src/data/sample-catalogue.json`, 'utf8')) as CatalogueTables;
  const available = catalogue.products.filter((p) => p.is_available);
  const next = random(50);
  const orders: Send[] = [];
  for (let i = 0; i < count; i++) {
    const picked = new Map<string, { paise: number; quantity: number }>();
    const lines = 1 + Math.floor(next() * 3);
    while (picked.size < lines) {
      const product = available[Math.floor(next() * available.length)];
      if (product) picked.set(product.id, { paise: Math.round(product.price * 100), quantity: 1 + Math.floor(next() * 3) });
    }
    const subtotal = [...picked.values()].reduce((sum, line) => sum + line.paise * line.quantity, 0);
    const clientOrderId = randomUUID();
    const order = {
      client_order_id: clientOrderId,
      items: [...picked].map(([product_id, { quantity }]) => ({ product_id, quantity })),
      name: `Bench shopper ${i}`,
      // One phone an order: the per-phone limits are not what this measures.
      phone: String(9_100_000_000 + i),
      address: { address_line_1: `House ${i}, Sector 14`, city: 'Gurgaon', state: 'Haryana', postal_code: '122001' },
      coupon_code: null,
      expected_total_paise: subtotal + deliveryFeePaise,
    };
    orders.push({ body: JSON.stringify({ p_order: order }), clientOrderId });
  }
  const sends = [...orders, ...orders.filter((_, i) => i % 2 === 0)];
  for (let i = sends.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [sends[i], sends[j]] = [sends[j] as Send, sends[i] as Send];
  }
  return sends;
}

function post(url: URL, agent: Agent, apikey: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apikey}`, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

const stack = await startSupabaseStack({ seed: readFileSync(SEED_FILE, 'utf8'), pool });
const rows: { run: number; clients: number; seconds: number; ordersPerSecond: number; p50Ms: number; p95Ms: number; replays: number }[] =
  [];
try {
  const url = new URL('/rpc/place_order', stack.restUrl);
  const { rows: settings } = await stack.db.query<{ fee: number }>('select delivery_fee_paise as fee from order_settings');
  for (let run = 1; run <= runs; run++) {
    for (const clients of clientCounts) {
      await stack.db.query('truncate orders, order_items, order_events');
      const sends = makeSends(orderCount, settings[0]?.fee ?? 0);
      const agent = new Agent({ keepAlive: true, maxSockets: clients });
      const latencies: number[] = [];
      const answers = new Map<string, Set<string>>();
      let replays = 0;
      let cursor = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          for (let send = sends[cursor++]; send; send = sends[cursor++]) {
            const t0 = performance.now();
            const answer = await post(url, agent, stack.anonKey, send.body);
            latencies.push(performance.now() - t0);
            if (answer.status !== 200) throw new Error(`place_order answered ${answer.status}: ${answer.text.slice(0, 300)}`);
            const order = JSON.parse(answer.text) as { order_id: string; replayed: boolean };
            if (order.replayed) replays += 1;
            answers.set(send.clientOrderId, (answers.get(send.clientOrderId) ?? new Set()).add(order.order_id));
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      agent.destroy();
      // Zero lost, zero duplicated: one order in the database for each distinct order, and each send told the same one.
      const { rows: held } = await stack.db.query<{ orders: number; distinct: number }>(
        'select count(*)::int as orders, count(distinct client_order_id)::int as distinct from orders',
      );
      const split = [...answers.values()].filter((ids) => ids.size !== 1).length;
      const [counted] = held;
      if (counted?.orders !== orderCount || counted.distinct !== orderCount || answers.size !== orderCount || split > 0) {
        throw new Error(`run ${run}: ${JSON.stringify(counted)} in the database for ${orderCount} orders, ${split} told two ids`);
      }
      latencies.sort((a, b) => a - b);
      const row = {
        run,
        clients,
        seconds: round(seconds, 2),
        ordersPerSecond: round(orderCount / seconds),
        p50Ms: round(percentile(latencies, 50)),
        p95Ms: round(percentile(latencies, 95)),
        replays,
      };
      rows.push(row);
      console.log(
        `run ${run}, ${clients} clients: ${orderCount} orders (${sends.length} sends, ${replays} replays) in ${row.seconds} s: ${row.ordersPerSecond} orders/s, p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms; the database holds each once`,
      );
    }
  }
  const summary = Object.fromEntries(
    clientCounts.map((clients) => {
      const mine = rows.filter((row) => row.clients === clients);
      const of = (key: 'ordersPerSecond' | 'p95Ms' | 'p50Ms') => median(mine.map((row) => row[key]));
      return [`${clients} clients`, { ordersPerSecond: of('ordersPerSecond'), p50Ms: of('p50Ms'), p95Ms: of('p95Ms') }];
    }),
  );
  const what = `${orderCount} orders, half sent twice, straight to PostgREST 12.0.2 (pool ${pool}) over PostgreSQL 15 (fsync off), load generator on the same machine; medians of ${runs} runs`;
  const file = await writeResults('orders', { date: new Date().toISOString(), what, rows, summary });
  console.log(`bench-orders: ${JSON.stringify(summary)} -> ${file}`);
} finally {
  await stack.stop();
}
