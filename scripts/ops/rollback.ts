/** `npm run rollback`: `current` back to the previous complete release (or a named one); `--list` shows the releases. */
import { commandConfig, commandLogger, exitStatus, parseCommand, usageError } from './lib/cli.ts';
import { rollback } from './lib/pipeline.ts';
import { currentRelease, listReleases } from './lib/releases.ts';

const HELP = `Usage: npm run rollback -- [options] [RELEASE_ID]

Switches the "current" symlink back to the newest complete release older than the live one, or to RELEASE_ID,
then runs the publish command. Run it again to go further back.

Options:
  --list          list the releases (the live one marked with *) and exit
  --no-publish    skip the configured publish command
  --json          JSON log lines on stdout
  --config FILE   configuration file (default: $THELA_OPS_CONFIG, else ops.config.json if present)
  -h, --help      this help

Exit status: 0 switched (or already there), 1 nothing to roll back to or publish failed, 2 usage error,
75 a build is running.`;

const { values: args, positionals } = parseCommand(
  'rollback',
  HELP,
  {
    list: { type: 'boolean', default: false },
    'no-publish': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
  { allowPositionals: true },
);
if (positionals.length > 1) usageError('rollback', 'expected at most one release id', HELP);
const config = commandConfig('rollback', args.config);

if (args.list) {
  const live = await currentRelease(config);
  const releases = await listReleases(config);
  if (args.json) {
    console.log(
      JSON.stringify({
        current: live?.id ?? null,
        releases: releases.map(({ id, info }) => ({ id, complete: Boolean(info), ...info })),
      }),
    );
  } else if (releases.length === 0) {
    console.log(`no releases in ${config.releasesDir}`);
  } else {
    for (const { id, info } of releases) {
      const details = info ? `${info.pages} pages, built ${info.builtAt}${info.forced ? ', forced' : ''}` : 'incomplete';
      console.log(`${id === live?.id ? '*' : ' '} ${id}  ${details}`);
    }
  }
  process.exit(0);
}

const log = commandLogger(args.json);
const result = await rollback(config, {
  log,
  to: positionals[0],
  publish: !args['no-publish'],
  onOutput: args.json ? undefined : (chunk) => process.stderr.write(chunk),
});
if (args.json) log.info('rollback.summary', { ...result });
else if (result.ok) console.log(`rollback: release ${result.releaseId} live (was ${result.previousId ?? 'none'})`);
else console.error(`rollback: ${result.reason}`);
process.exit(exitStatus(result));
