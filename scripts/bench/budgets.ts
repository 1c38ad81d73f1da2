/**
 * Byte budgets per page type (bench/budgets.json), checked statically: gzipped JS of all the page's islands whatever their client:
 * directive, and gzipped first-render bytes. The issue's hard targets are enforced beside them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_TYPES, resolvePages } from './pages.ts';
import { AssetReader, analysePageFile, type PageWeight } from './static-weight.ts';
import { KB, kb, ROOT } from './util.ts';

/** The budget of one page type (bytes, gzip). */
export interface PageBudget {
  maxJsGzip?: number;
  maxFirstRenderGzip?: number;
  /** The page must not ship React (neither React DOM nor React's core). */
  noReact?: boolean;
}

/** bench/budgets.json. */
export interface BudgetConfig {
  /** Per page type: budgets from measured values plus a margin. */
  budgets: Record<string, PageBudget>;
  /** Per page type: the issue's targets, enforced too (a budget can never be looser than its target). */
  targets: Record<string, PageBudget>;
  /**
   * The first round trip (14,336 bytes): a hard target for every page type's first render, and the ceiling of every
   * first-render budget and target (a file with one above it is refused).
   */
  firstRoundTripBytes: number;
  /** What was measured when the budgets were set, so a breach can name the chunks that are new since. */
  measured: Record<string, MeasuredPage>;
}

/** A page type's figures when its budget was set: gzip bytes and the JS chunks (names without content hashes). */
export interface MeasuredPage {
  jsGzip: number;
  firstRenderGzip: number;
  chunks: string[];
}

/** A chunk's name without its content hash: "/_astro/cart.CSNlwQpp.js" -> "cart". */
export function chunkName(url: string): string {
  return path
    .basename(url)
    .replace(/\.[\w-]{6,12}\.js$/, '')
    .replace(/\.js$/, '');
}

function isMeasured(value: unknown): value is MeasuredPage {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['jsGzip'] === 'number' &&
    typeof record['firstRenderGzip'] === 'number' &&
    Array.isArray(record['chunks']) &&
    record['chunks'].every((item) => typeof item === 'string')
  );
}

/** The first round trip of a new connection (about 14 KB: TCP's initial window of 10 segments): issue 12's hard limit. */
export const FIRST_ROUND_TRIP = 14 * KB;

/** Where the one budget file lives. */
export const BUDGET_FILE = path.join(ROOT, 'bench/budgets.json');

function isBudget(value: unknown): value is PageBudget {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key of ['maxJsGzip', 'maxFirstRenderGzip']) {
    if (key in record && (typeof record[key] !== 'number' || !Number.isFinite(record[key]) || record[key] < 0)) return false;
  }
  return !('noReact' in record) || typeof record['noReact'] === 'boolean';
}

/** Parses and validates a budget file's text; throws with one line saying what is wrong. */
export function parseBudgetConfig(text: string): BudgetConfig {
  const data = JSON.parse(text) as Record<string, unknown>;
  const known = new Set(PAGE_TYPES.map((type) => type.name));
  const section = (name: 'budgets' | 'targets'): Record<string, PageBudget> => {
    const value: unknown = data[name] ?? {};
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`budgets: "${name}" must be an object`);
    for (const [page, budget] of Object.entries(value)) {
      if (page.startsWith('$')) continue;
      if (!known.has(page)) throw new Error(`budgets: unknown page type "${page}" in "${name}" (known: ${[...known].join(', ')})`);
      if (!isBudget(budget))
        throw new Error(`budgets: "${name}.${page}" must hold maxJsGzip / maxFirstRenderGzip (bytes) and noReact (boolean)`);
    }
    return Object.fromEntries(Object.entries(value).filter(([page]) => !page.startsWith('$')));
  };
  const firstRoundTripBytes = typeof data['firstRoundTripBytes'] === 'number' ? data['firstRoundTripBytes'] : FIRST_ROUND_TRIP;
  if (firstRoundTripBytes > FIRST_ROUND_TRIP)
    throw new Error(`budgets: "firstRoundTripBytes" ${firstRoundTripBytes} is above the first round trip of ${FIRST_ROUND_TRIP} bytes`);
  const sections = { budgets: section('budgets'), targets: section('targets') };
  for (const [name, pages] of Object.entries(sections))
    for (const [page, budget] of Object.entries(pages))
      if (budget.maxFirstRenderGzip !== undefined && budget.maxFirstRenderGzip > firstRoundTripBytes)
        throw new Error(
          `budgets: "${name}.${page}.maxFirstRenderGzip" ${budget.maxFirstRenderGzip} is above the first round trip of ${firstRoundTripBytes} bytes (budgets may sit below it, never above)`,
        );
  // Only a hint for breach messages: entries that do not have the expected shape are ignored.
  const rawMeasured = data['measured'];
  const measured: Record<string, MeasuredPage> = {};
  if (rawMeasured && typeof rawMeasured === 'object') {
    for (const [page, value] of Object.entries(rawMeasured)) if (isMeasured(value)) measured[page] = value;
  }
  return { ...sections, firstRoundTripBytes, measured };
}

/** Reads bench/budgets.json (or another file). */
export async function loadBudgetConfig(file = BUDGET_FILE): Promise<BudgetConfig> {
  return parseBudgetConfig(await readFile(file, 'utf8'));
}

/** The result of checking one page type. */
export interface BudgetRow {
  page: string;
  url: string | null;
  jsGzip: number | null;
  maxJsGzip: number | null;
  firstRenderGzip: number | null;
  maxFirstRenderGzip: number | null;
  withinFirstRoundTrip: boolean | null;
  react: string | null;
  noReact: boolean;
  breaches: string[];
  weight: PageWeight | null;
}

function strictest(a: number | undefined, b: number | undefined): number | null {
  if (a === undefined) return b ?? null;
  if (b === undefined) return a;
  return Math.min(a, b);
}

function biggest(weight: PageWeight, count = 2): string {
  return [...weight.js.files]
    .sort((x, y) => y.sizes.gzip - x.sizes.gzip)
    .slice(0, count)
    .map((file) => `${path.basename(file.url)} ${kb(file.sizes.gzip)}`)
    .join(', ');
}

/** "new since the budget: X 0.3 KB, Y 0.2 KB" when the budget file recorded the chunks, else the largest chunks. */
function whatChanged(weight: PageWeight, measured: MeasuredPage | undefined): string {
  if (measured) {
    const before = new Set(measured.chunks);
    const added = weight.js.files.filter((file) => !before.has(chunkName(file.url)));
    const now = new Set(weight.js.files.map((file) => chunkName(file.url)));
    const removed = measured.chunks.filter((chunk) => !now.has(chunk));
    const grew = `${kb(weight.js.total.gzip - measured.jsGzip)} more than when the budget was set`;
    if (added.length || removed.length) {
      const parts = [
        added.length ? `new chunks: ${added.map((file) => `${chunkName(file.url)} ${kb(file.sizes.gzip)}`).join(', ')}` : '',
        removed.length ? `gone: ${removed.join(', ')}` : '',
      ].filter(Boolean);
      return `${grew}; ${parts.join('; ')}`;
    }
    return `${grew}, same chunks (existing code grew); largest: ${biggest(weight)}`;
  }
  return `largest: ${biggest(weight)}`;
}

/** Checks a build directory against the budgets and targets; every breach is one line naming the page and the cause. */
export async function checkBudgets(dir: string, config: BudgetConfig): Promise<{ rows: BudgetRow[]; breaches: string[]; notes: string[] }> {
  const names = new Set([...Object.keys(config.budgets), ...Object.keys(config.targets)]);
  const resolved = await resolvePages(dir);
  const reader = new AssetReader(dir);
  const rows: BudgetRow[] = [];
  const notes: string[] = [];
  for (const page of resolved) {
    const name = page.type.name;
    if (!names.has(name)) {
      if (page.missing === undefined) notes.push(`${name} (${page.url}) has no budget in bench/budgets.json`);
      continue;
    }
    const budget = config.budgets[name] ?? {};
    const target = config.targets[name] ?? {};
    const maxJs = strictest(budget.maxJsGzip, target.maxJsGzip);
    // The first round trip is a target of every page type, whatever the file says.
    const maxFirst = Math.min(strictest(budget.maxFirstRenderGzip, target.maxFirstRenderGzip) ?? Infinity, config.firstRoundTripBytes);
    const noReact = Boolean(budget.noReact || target.noReact);
    const row: BudgetRow = {
      page: name,
      url: page.url ?? null,
      jsGzip: null,
      maxJsGzip: maxJs,
      firstRenderGzip: null,
      maxFirstRenderGzip: maxFirst,
      withinFirstRoundTrip: null,
      react: null,
      noReact,
      breaches: [],
      weight: null,
    };
    rows.push(row);
    if (page.missing !== undefined) {
      row.breaches.push(`${name}: ${page.missing}`);
      continue;
    }
    const weight = await analysePageFile(reader, page.url, page.file);
    row.weight = weight;
    row.jsGzip = weight.js.total.gzip;
    row.firstRenderGzip = weight.firstRender.gzip;
    row.withinFirstRoundTrip = weight.firstRender.gzip <= config.firstRoundTripBytes;
    row.react = weight.reactDom.length ? 'react-dom' : weight.reactCore.length ? 'react' : null;
    const which = (limit: number, fromBudget: number | undefined) => (fromBudget === limit ? 'budget' : 'target');

    if (maxJs !== null && weight.js.total.gzip > maxJs) {
      row.breaches.push(
        `${name} (${page.url}): JS ${kb(weight.js.total.gzip)} gzip > ${which(maxJs, budget.maxJsGzip)} ${kb(maxJs)} by ${kb(weight.js.total.gzip - maxJs)} — ${whatChanged(weight, config.measured[name])}`,
      );
    }
    if (weight.firstRender.gzip > maxFirst) {
      row.breaches.push(
        `${name} (${page.url}): first render ${kb(weight.firstRender.gzip)} gzip (HTML ${kb(weight.html.gzip)} + CSS ${kb(weight.css.blocking.gzip)}) > ${which(maxFirst, budget.maxFirstRenderGzip)} ${kb(maxFirst)} by ${kb(weight.firstRender.gzip - maxFirst)}`,
      );
    }
    if (noReact && row.react) {
      const chunks = weight.reactDom.length ? weight.reactDom : weight.reactCore;
      const islands = weight.islands.map((island) => `${island.component} (client:${island.directive})`).join(', ');
      row.breaches.push(
        `${name} (${page.url}): ships React (${row.react} in ${chunks.map((url) => path.basename(url)).join(', ')})${islands ? ` via ${islands}` : ''}`,
      );
    }
    for (const asset of weight.missing) row.breaches.push(`${name} (${page.url}): references ${asset}, which is not in the build`);
    for (const asset of weight.external) row.breaches.push(`${name} (${page.url}): loads ${asset} from another origin`);
  }
  for (const name of names) {
    if (!resolved.some((page) => page.type.name === name)) notes.push(`budget for unknown page type ${name}`);
  }
  return { rows, breaches: rows.flatMap((row) => row.breaches), notes };
}

/** The budget file's text: one line per page type, so a diff shows exactly which budget moved. */
export function formatBudgetFile(data: Record<string, unknown>): string {
  const lines = ['{'];
  const entries = Object.entries(data);
  entries.forEach(([key, value], index) => {
    const comma = index < entries.length - 1 ? ',' : '';
    if ((key === 'budgets' || key === 'targets' || key === 'measured') && value && typeof value === 'object') {
      const pages = Object.entries(value as Record<string, unknown>);
      lines.push(`  ${JSON.stringify(key)}: {`);
      pages.forEach(([page, budget], pageIndex) => {
        lines.push(
          `    ${JSON.stringify(page)}: ${JSON.stringify(budget).replace(/,"/g, ', "').replace(/":/g, '": ').replace(/^\{/, '{ ').replace(/\}$/, ' }')}${pageIndex < pages.length - 1 ? ',' : ''}`,
        );
      });
      lines.push(`  }${comma}`);
    } else lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(value)}${comma}`);
  });
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/**
 * Budgets from measured values: the value plus `margin` (0.07 = 7%), rounded up to a multiple of 128 bytes, and
 * never above `ceiling` (first-render budgets pass the first round trip: a budget may sit below it, never above).
 */
export function budgetFromMeasured(bytes: number, margin = 0.07, ceiling = Infinity): number {
  return Math.min(Math.ceil((bytes * (1 + margin)) / 128) * 128, ceiling);
}
