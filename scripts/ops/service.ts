/** `npm run ops`: the webhook, schedule and static-serving service for one machine (docs/operators.md). */
import { parseCommand } from './lib/cli.ts';
import { ConfigError, loadConfig } from './lib/config.ts';
import { jsonLogger } from './lib/log.ts';
import { MissingSecretError, startService } from './lib/server.ts';

const HELP = `Usage: npm run ops -- [options]

Runs the operators' service (JSON log lines on stdout):
  POST /hooks/rebuild   rebuild, authenticated with REBUILD_WEBHOOK_SECRET, sent either as
                        "Authorization: Bearer <secret>" / "x-webhook-secret: <secret>", or signed:
                        "x-thela-timestamp: <unix seconds>" + "x-thela-signature: sha256=<hex HMAC-SHA256 of
                        '<timestamp>.<raw body>'>" (5 minutes window, each signature accepted once)
  GET  /hooks/status    live release, last build, whether one is queued
  everything else       the live release as a static site (unless serveStatic is false)
plus the cron schedule in the configuration. Triggers are debounced; builds never overlap.

Options:
  --config FILE   configuration file (default: $THELA_OPS_CONFIG, else ops.config.json if present)
  --host HOST     listen address (default 127.0.0.1: put a TLS reverse proxy in front for the internet)
  --port PORT     listen port (default 4322)
  --no-hooks      no webhook endpoint (no secret needed): schedule and static site only
  --no-serve      do not serve the site
  --no-schedule   ignore the configured schedule
  -h, --help      this help

Environment:
  REBUILD_WEBHOOK_SECRET   the shared webhook secret (required unless --no-hooks; 16+ characters)`;

const { values: args } = parseCommand('ops', HELP, {
  host: { type: 'string' },
  port: { type: 'string' },
  'no-hooks': { type: 'boolean', default: false },
  'no-serve': { type: 'boolean', default: false },
  'no-schedule': { type: 'boolean', default: false },
});

const log = jsonLogger();
let service;
try {
  const config = loadConfig(args.config);
  if (args.host) config.service.host = args.host;
  if (args.port !== undefined) {
    const port = Number(args.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`--port: expected 0-65535, got ${args.port}`);
    config.service.port = port;
  }
  if (args['no-serve']) config.service.serveStatic = false;
  if (args['no-schedule']) config.service.schedule = null;
  service = await startService(config, {
    log,
    secret: process.env['REBUILD_WEBHOOK_SECRET'],
    hooks: !args['no-hooks'],
  });
} catch (error) {
  if (error instanceof MissingSecretError || error instanceof ConfigError) {
    log.error('service.refused', { reason: error.message });
    console.error(`ops: ${error.message}`);
    process.exit(2);
  }
  log.error('service.failed', { reason: (error as Error).message });
  process.exit(1);
}

const running = service;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log.info('service.stopping', { signal });
    // A second signal, or a shutdown stuck for 15 s, ends the process at once.
    setTimeout(() => process.exit(1), 15_000).unref();
    process.once(signal, () => process.exit(1));
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
