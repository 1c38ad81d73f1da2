/** Byte budgets per page type (bench/budgets.json), checked statically, with the issue's hard targets beside them (bench/README.md). */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PAGE_TYPES, resolvePages } from './pages.ts';
import { AssetReader, analysePageFile, type PageWeight, type Weights } from './static-weight.ts';
import { TARGETS } from './targets.ts';
import { kb, ROOT } from './util.ts';
import { isRecord } from '../../src/lib/fields.ts';

/** The budget of one page type (bytes, gzip); `noReact`: neither React DOM nor React's core. */
type PageBudget = { maxJsGzip?: number; maxFirstRenderGzip?: number; noReact?: boolean };
/** A page type's figures when its budget was set: gzip bytes and the JS chunks (names without content hashes). */
type MeasuredPage = { jsGzip: number; firstRenderGzip: number; chunks: string[] };

/** bench/budgets.json, checked (its fields: bench/README.md, "Byte budgets (CI)"); `measured` lets a breach name the chunks new since. */
export type BudgetConfig = ReturnType<typeof parseBudgetConfig>;

/** A chunk's name without its content hash: "/_astro/cart.CSNlwQpp.js" -> "cart". */
export function chunkName(url: string): string {
  return path
    .basename(url)
    .replace(/\.[\w-]{6,12}\.js$/, '')
    .replace(/\.js$/, '');
}

function isMeasured(value: unknown): value is MeasuredPage {
  const { jsGzip, firstRenderGzip, chunks } = (value ?? {}) as Record<string, unknown>;
  return (
    typeof jsGzip === 'number' && typeof firstRenderGzip === 'number' && Array.isArray(chunks) && chunks.every((c) => typeof c === 'string')
  );
}

const FIRST_ROUND_TRIP = TARGETS.firstRoundTripBytes;
export const BUDGET_FILE = path.join(ROOT, 'bench/budgets.json');

function isBudget(value: unknown): value is PageBudget {
  if (!isRecord(value)) return false;
  for (const key of ['maxJsGzip', 'maxFirstRenderGzip'])
    if (key in value && (typeof value[key] !== 'number' || !Number.isFinite(value[key]) || value[key] < 0)) return false;
  return !('noReact' in value) || typeof value['noReact'] === 'boolean';
}

/** Parses and validates a budget file's text; throws with one line saying what is wrong. */
export function parseBudgetConfig(text: string) {
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
  // Only a hint for breach messages: entries without the expected shape are ignored.
  const measured: Record<string, MeasuredPage> = Object.fromEntries(
    Object.entries(data['measured'] ?? {}).filter(([, value]) => isMeasured(value)),
  );
  return { ...sections, firstRoundTripBytes, measured };
}

export async function loadBudgetConfig(file = BUDGET_FILE) {
  return parseBudgetConfig(await readFile(file, 'utf8'));
}

const strictest = (a?: number, b?: number) => (a === undefined ? (b ?? null) : b === undefined ? a : Math.min(a, b));

const biggest = (weight: PageWeight) =>
  [...weight.js.files]
    .sort((x, y) => y.sizes.gzip - x.sizes.gzip)
    .slice(0, 2)
    .map((file) => `${path.basename(file.url)} ${kb(file.sizes.gzip)}`)
    .join(', ');

/** "N KB more than when the budget was set; new chunks: X 0.3 KB; gone: Y" when the file recorded the chunks, else the largest chunks. */
function whatChanged(weight: PageWeight, measured: MeasuredPage | undefined): string {
  if (!measured) return `largest: ${biggest(weight)}`;
  const before = new Set(measured.chunks);
  const added = weight.js.files.filter((file) => !before.has(chunkName(file.url)));
  const now = new Set(weight.js.files.map((file) => chunkName(file.url)));
  const removed = measured.chunks.filter((chunk) => !now.has(chunk));
  const grew = `${kb(weight.js.total.gzip - measured.jsGzip)} more than when the budget was set`;
  if (!added.length && !removed.length) return `${grew}, same chunks (existing code grew); largest: ${biggest(weight)}`;
  const parts = [
    added.length ? `new chunks: ${added.map((file) => `${chunkName(file.url)} ${kb(file.sizes.gzip)}`).join(', ')}` : '',
    removed.length ? `gone: ${removed.join(', ')}` : '',
  ];
  return `${grew}; ${parts.filter(Boolean).join('; ')}`;
}

/** Checks a build directory against the budgets and targets; every breach is one line naming the page and the cause. */
export async function checkBudgets(dir: string, config: BudgetConfig) {
  const names = new Set([...Object.keys(config.budgets), ...Object.keys(config.targets)]);
  const [resolved, reader] = [await resolvePages(dir), new AssetReader(dir)];
  const rows = [];
  const notes: string[] = [];
  for (const page of resolved) {
    const name = page.type.name;
    if (!names.has(name)) {
      if (page.missing === undefined) notes.push(`${name} (${page.url}) has no budget in bench/budgets.json`);
      continue;
    }
    const [budget, target] = [config.budgets[name] ?? {}, config.targets[name] ?? {}];
    const maxJs = strictest(budget.maxJsGzip, target.maxJsGzip);
    // The first round trip is a target of every page type, whatever the file says.
    const maxFirst = Math.min(strictest(budget.maxFirstRenderGzip, target.maxFirstRenderGzip) ?? Infinity, config.firstRoundTripBytes);
    const noReact = Boolean(budget.noReact || target.noReact);
    const weight = page.missing === undefined ? await analysePageFile(reader, page.url, page.file) : null;
    const row = {
      page: name,
      url: page.url ?? null,
      jsGzip: weight?.js.total.gzip ?? null,
      maxJsGzip: maxJs,
      firstRenderGzip: weight?.firstRender.gzip ?? null,
      maxFirstRenderGzip: maxFirst,
      withinFirstRoundTrip: weight && weight.firstRender.gzip <= config.firstRoundTripBytes,
      react: weight && (weight.reactDom.length ? 'react-dom' : weight.reactCore.length ? 'react' : null),
      noReact,
      breaches: page.missing === undefined ? [] : [`${name}: ${page.missing}`],
      weight,
    };
    rows.push(row);
    if (!weight) continue;
    const [js, first] = [weight.js.total.gzip, weight.firstRender.gzip];
    const which = (limit: number, fromBudget: number | undefined) => (fromBudget === limit ? 'budget' : 'target');
    const at = `${name} (${page.url})`;
    if (maxJs !== null && js > maxJs)
      row.breaches.push(
        `${at}: JS ${kb(js)} gzip > ${which(maxJs, budget.maxJsGzip)} ${kb(maxJs)} by ${kb(js - maxJs)} — ${whatChanged(weight, config.measured[name])}`,
      );
    if (first > maxFirst)
      row.breaches.push(
        `${at}: first render ${kb(first)} gzip (HTML ${kb(weight.html.gzip)} + CSS ${kb(weight.css.blocking.gzip)}) > ${which(maxFirst, budget.maxFirstRenderGzip)} ${kb(maxFirst)} by ${kb(first - maxFirst)}`,
      );
    if (noReact && row.react) {
      const chunks = (weight.reactDom.length ? weight.reactDom : weight.reactCore).map((url) => path.basename(url)).join(', ');
      const islands = weight.islands.map((island) => `${island.component} (client:${island.directive})`).join(', ');
      row.breaches.push(`${at}: ships React (${row.react} in ${chunks})${islands ? ` via ${islands}` : ''}`);
    }
    for (const asset of weight.missing) row.breaches.push(`${at}: references ${asset}, which is not in the build`);
    for (const asset of weight.external) row.breaches.push(`${at}: loads ${asset} from another origin`);
  }
  for (const name of names) if (!resolved.some((page) => page.type.name === name)) notes.push(`budget for unknown page type ${name}`);
  return { rows, breaches: rows.flatMap((row) => row.breaches), notes };
}

/** The budget file's text: one line per page type, so a diff shows exactly which budget moved. */
export function formatBudgetFile(data: Record<string, unknown>): string {
  const entries = Object.entries(data);
  const lines = entries.map(([key, value], index) => {
    const comma = index < entries.length - 1 ? ',' : '';
    if (!['budgets', 'targets', 'measured'].includes(key) || !value || typeof value !== 'object')
      return `  ${JSON.stringify(key)}: ${JSON.stringify(value)}${comma}`;
    const pages = Object.entries(value as Record<string, unknown>);
    const line = (page: string, budget: unknown, i: number) =>
      `    ${JSON.stringify(page)}: ${JSON.stringify(budget).replace(/,"/g, ', "').replace(/":/g, '": ').replace(/^\{/, '{ ').replace(/\}$/, ' }')}${i < pages.length - 1 ? ',' : ''}`;
    return [`  ${JSON.stringify(key)}: {`, ...pages.map(([page, budget], i) => line(page, budget, i)), `  }${comma}`].join('\n');
  });
  return `${['{', ...lines, '}'].join('\n')}\n`;
}

/** A budget from a measured value: plus `margin` (0.07 = 7%), rounded up to 128 bytes, never above `ceiling`. */
export function budgetFromMeasured(bytes: number, margin = 0.07, ceiling = Infinity): number {
  return Math.min(Math.ceil((bytes * (1 + margin)) / 128) * 128, ceiling);
}

/** `--update-budgets`: rewrites the budgets in bench/budgets.json from measured page weights (+7%), keeping the rest. */
export async function updateBudgets(weights: Weights): Promise<void> {
  const text = await readFile(BUDGET_FILE, 'utf8');
  const [config, raw] = [parseBudgetConfig(text), JSON.parse(text) as Record<string, unknown>];
  const [budgets, measured]: [Record<string, PageBudget>, Record<string, MeasuredPage>] = [{}, {}];
  for (const [name, entry] of Object.entries(weights)) {
    if ('missing' in entry) continue;
    const { js, firstRender } = entry.static;
    budgets[name] = {
      maxJsGzip: budgetFromMeasured(js.total.gzip),
      maxFirstRenderGzip: budgetFromMeasured(firstRender.gzip, undefined, config.firstRoundTripBytes),
    };
    const chunks = js.files.map((file) => chunkName(file.url)).sort();
    measured[name] = { jsGzip: js.total.gzip, firstRenderGzip: firstRender.gzip, chunks };
  }
  await writeFile(BUDGET_FILE, formatBudgetFile({ ...raw, budgets, measured }));
}
