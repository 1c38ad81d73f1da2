/**
 * `npm run rollback`: switch `current` back to the previous complete release (or to a named one), atomically.
 * `npm run rollback -- --list` shows the releases on disk.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './lib/config.ts';
import { jsonLogger, textLogger } from './lib/log.ts';
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

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      list: { type: 'boolean', default: false },
      'no-publish': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      config: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (error) {
  console.error(`rollback: ${(error as Error).message}\n\n${HELP}`);
  process.exit(2);
}
const args = parsed.values;
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
if (parsed.positionals.length > 1) {
  console.error(`rollback: expected at most one release id\n\n${HELP}`);
  process.exit(2);
}

let config;
try {
  config = loadConfig(args.config);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`rollback: ${error.message}`);
  process.exit(2);
}

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
      const details = info
        ? `${info.pages} pages, built ${info.builtAt}${info.forced ? ', forced' : ''}`
        : 'incomplete';
      console.log(`${id === live?.id ? '*' : ' '} ${id}  ${details}`);
    }
  }
  process.exit(0);
}

const log = args.json ? jsonLogger() : textLogger();
const result = await rollback(config, {
  log,
  to: parsed.positionals[0],
  publish: !args['no-publish'],
  onOutput: args.json ? undefined : (chunk) => process.stderr.write(chunk),
});
if (args.json) jsonLogger().info('rollback.summary', { ...result });
else if (result.ok) console.log(`rollback: release ${result.releaseId} live (was ${result.previousId ?? 'none'})`);
else console.error(`rollback: ${result.reason}`);
process.exit(result.ok ? 0 : result.stage === 'lock' ? 75 : 1);
