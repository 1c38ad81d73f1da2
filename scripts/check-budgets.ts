/**
 * Fails CI when a page type's bytes exceed bench/budgets.json, read statically (no browser: same answer on any machine).
 * Usage: node scripts/check-budgets.ts [DIR] [--budgets FILE] (DIR: $OUT_DIR, else dist); exit 1 on a breach, 2 if it cannot check.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BUDGET_FILE, checkBudgets, loadBudgetConfig, type BudgetConfig } from './bench/budgets.ts';
import { kb, table } from './bench/util.ts';
import { parseOutDirCommand, usageError } from './lib/cli.ts';

const HELP = 'usage: node scripts/check-budgets.ts [DIR] [--budgets FILE]';

const { values, outDir: dir } = parseOutDirCommand('check-budgets', HELP, { budgets: { type: 'string', default: BUDGET_FILE } });
const budgetFile = values.budgets;
if (!existsSync(path.join(dir, 'index.html'))) usageError('check-budgets', `${dir} is not a built site (no index.html): build first`, HELP);

let config: BudgetConfig;
try {
  config = await loadBudgetConfig(budgetFile);
} catch (error) {
  usageError('check-budgets', `cannot read ${budgetFile}: ${error instanceof Error ? error.message : String(error)}`, HELP);
}

const { rows, breaches, notes } = await checkBudgets(dir, config);
const limit = (value: number | null) => (value === null ? '–' : kb(value));
console.log(`Byte budgets (${path.relative(process.cwd(), budgetFile) || budgetFile}) for ${dir}; gzip, 1 KB = 1,024 bytes`);
console.log(
  table(
    ['page', 'url', 'JS', 'max', 'first render', 'max', `≤ ${kb(config.firstRoundTripBytes, 0)}`, 'React', 'status'],
    rows.map((row) => [
      row.page,
      row.url ?? 'missing',
      limit(row.jsGzip),
      limit(row.maxJsGzip),
      limit(row.firstRenderGzip),
      limit(row.maxFirstRenderGzip),
      row.withinFirstRoundTrip === null ? '–' : row.withinFirstRoundTrip ? 'yes' : 'no',
      row.react ?? (row.noReact ? 'none (required)' : 'none'),
      row.breaches.length ? 'OVER' : 'ok',
    ]),
  ),
);
for (const note of notes) console.log(`note: ${note}`);
if (breaches.length > 0) {
  console.error(`\n${breaches.length} budget breach${breaches.length === 1 ? '' : 'es'}:`);
  for (const breach of breaches) console.error(`BUDGET ${breach}`);
  process.exit(1);
}
console.log('All page types within budget.');
