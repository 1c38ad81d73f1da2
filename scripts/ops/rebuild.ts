/** `npm run rebuild` (docs/operators.md); safe from cron: a concurrent run exits 75 (EX_TEMPFAIL) without touching anything. */
import { commandConfig, commandLogger, exitStatus, interruptible, parseCommand } from './lib/cli.ts';
import { rebuild } from './lib/pipeline.ts';

const HELP = `Usage: npm run rebuild -- [options]

Builds the site into releases/<id>/, checks it (home page, 404 page, search index, page count against the live
release), switches the "current" symlink to it atomically, keeps the last N releases and runs the publish command.
A failed build or check leaves the live release untouched and exits non-zero with the reason.

Options:
  --force         accept a page-count drop larger than maxPageDrop
  --full          render every page, ignoring the incremental-build cache (after a data fix the keys miss)
  --no-publish    skip the configured publish command
  --json          JSON log lines on stdout (for log collectors) instead of text on stderr
  --config FILE   configuration file (default: $THELA_OPS_CONFIG, else ops.config.json if present)
  -h, --help      this help

Exit status: 0 live, 1 build/check/publish failed, 2 usage or configuration error, 75 another build is running.`;

const { values: args } = parseCommand('rebuild', HELP, {
  force: { type: 'boolean', default: false },
  full: { type: 'boolean', default: false },
  'no-publish': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
});
const config = commandConfig('rebuild', args.config);
const log = commandLogger(args.json);
const stop = interruptible(log, 'rebuild.interrupted');

const result = await rebuild(config, {
  log,
  force: args.force,
  full: args.full,
  publish: !args['no-publish'],
  trigger: process.env['REBUILD_TRIGGER'] || 'cli',
  signal: stop.signal,
  // By hand the build's own output is worth seeing; with --json it stays in releases/.logs/<id>.log.
  onOutput: args.json ? undefined : (chunk) => process.stderr.write(chunk),
});

const seconds = (result.durationMs / 1000).toFixed(1);
if (args.json) {
  log.info('rebuild.summary', { ...result });
} else if (result.ok) {
  const built = result.rendered === undefined ? '' : `, ${result.rendered} pages rendered, ${result.reused ?? 0} reused`;
  console.log(`rebuild: release ${result.releaseId} live, ${result.pages} pages${built}, ${seconds} s`);
} else {
  const kept = result.live
    ? `release ${result.releaseId} is live locally`
    : result.previousId
      ? `release ${result.previousId} stays live`
      : 'nothing is live';
  console.error(`rebuild: failed at ${result.stage} after ${seconds} s: ${result.reason} (${kept})`);
}
process.exit(exitStatus(result, stop.signal.aborted));
