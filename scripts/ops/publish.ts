/** `npm run publish`: uploads a release with rclone (docs/operators.md, "Publishing to a CDN or object storage"). */
import { commandConfig, commandLogger, exitStatus, interruptible, parseCommand, usageError } from './lib/cli.ts';
import { publishNow } from './lib/pipeline.ts';

const HELP = `Usage: npm run publish -- [options] [RELEASE_ID]

Uploads the live release (or RELEASE_ID) to the rclone destination in publishRemote (or $THELA_PUBLISH_REMOTE, or
--remote), e.g. "r2:thela-site" or "s3:bucket/site". Only changed files are sent: those whose content differs from
the release published there last (both are on disk; compared byte for byte, not by size or time), in an order that
keeps the live site whole: assets (_astro/, Pagefind fragments, images), then pages, then sw.js and Pagefind's entry
files. Files that neither this release nor the one published before it has are deleted afterwards. rclone's own
settings (keys, endpoints) come from its config file or RCLONE_CONFIG_* variables.

Options:
  --remote REMOTE  rclone destination (remote:path), overrides publishRemote
  --json           JSON log lines on stdout
  --config FILE    configuration file (default: $THELA_OPS_CONFIG, else ops.config.json if present)
  -h, --help       this help

Exit status: 0 published, 1 upload failed or nothing to publish, 2 usage error, 75 a build is running.`;

const { values: args, positionals } = parseCommand(
  'publish',
  HELP,
  { remote: { type: 'string' }, json: { type: 'boolean', default: false } },
  { allowPositionals: true },
);
if (positionals.length > 1) usageError('publish', 'expected at most one release id', HELP);
const config = commandConfig('publish', args.config);
const log = commandLogger(args.json);
const stop = interruptible(log, 'publish.interrupted');

const result = await publishNow(config, {
  log,
  releaseId: positionals[0],
  remote: args.remote,
  signal: stop.signal,
});
if (args.json) log.info('publish.summary', { ...result });
else if (result.ok && result.publish) {
  const { uploaded, deleted, files, remote } = result.publish;
  console.log(
    `publish: release ${result.releaseId} on ${remote}, ${files} files: uploaded ${uploaded.assets} assets, ` +
      `${uploaded.pages} pages, ${uploaded.entries} entry files; deleted ${deleted}`,
  );
} else console.error(`publish: ${result.reason}`);
process.exit(exitStatus(result, stop.signal.aborted));
