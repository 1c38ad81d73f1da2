/** `node scripts/ops/check.ts DIR`: the release check alone, for CI (no live release there: the page baseline is a file). */
import { writeFileSync } from 'node:fs';
import { isRecord } from '../../src/lib/fields.ts';
import { checkRelease } from './lib/check.ts';
import { commandConfig, EXIT, parseCommand, usageError } from './lib/cli.ts';
import { markComplete, RELEASE_ID } from './lib/releases.ts';
import { readJson } from '../lib/atomic-write.ts';

const HELP = `Usage: node scripts/ops/check.ts [options] DIR

Checks a built site directory like the rebuild does before a switch: required files (index.html, 404.html,
pagefind/ by default), at least one page, and a page count no more than maxPageDrop below the baseline.

Options:
  --baseline-file FILE   JSON {"pages": N} of the last good build; missing or unreadable = no baseline
  --write-baseline FILE  on success, write {"pages": N} for the next run
  --mark RELEASE_ID      on success, write the .release.json completion marker (for a releases/ layout on a
                         server, so \`npm run rollback\` works there too)
  --max-page-drop SHARE  override the configured maxPageDrop (0..1)
  --force                accept a page-count drop
  --config FILE          configuration file
  -h, --help             this help`;

const { values: args, positionals } = parseCommand(
  'check',
  HELP,
  {
    'baseline-file': { type: 'string' },
    'write-baseline': { type: 'string' },
    mark: { type: 'string' },
    'max-page-drop': { type: 'string' },
    force: { type: 'boolean', default: false },
  },
  { allowPositionals: true },
);
if (positionals.length !== 1) {
  console.error(HELP);
  process.exit(EXIT.usage);
}

const config = commandConfig('check', args.config);
const maxPageDrop = args['max-page-drop'] === undefined ? config.maxPageDrop : Number(args['max-page-drop']);
if (!(maxPageDrop >= 0 && maxPageDrop <= 1)) usageError('check', '--max-page-drop expects a share from 0 to 1');

// Missing or unreadable (the first run, an expired cache): nothing to compare with.
const baseline = args['baseline-file'] ? readJson(args['baseline-file']) : undefined;
const pages = isRecord(baseline) ? baseline['pages'] : undefined;
const baselinePages = typeof pages === 'number' && pages > 0 ? pages : undefined;

if (args.mark !== undefined && !RELEASE_ID.test(args.mark))
  usageError('check', '--mark expects a release id like 20261121T235012345Z (date -u +%Y%m%dT%H%M%S%3NZ)');

const dir = positionals[0] ?? '';
const started = Date.now();
const result = await checkRelease(dir, {
  requiredFiles: config.requiredFiles,
  baselinePages,
  maxPageDrop,
  force: args.force,
});
for (const note of result.overridden) console.warn(`check: ${note}`);
if (!result.ok) {
  console.error(`check: ${dir} refused: ${result.problems.join('; ')}`);
  process.exit(1);
}
if (args.mark)
  await markComplete(dir, {
    id: args.mark,
    pages: result.pages,
    builtAt: new Date().toISOString(),
    durationMs: Date.now() - started,
    trigger: 'ci',
  });
if (args['write-baseline']) writeFileSync(args['write-baseline'], `${JSON.stringify({ pages: result.pages })}\n`);
console.log(`check: ${dir} ok, ${result.pages} pages${baselinePages ? ` (baseline ${baselinePages})` : ''}`);
