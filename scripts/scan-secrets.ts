/**
 * Last build step: fails when the built site contains a secret (scripts/lib/secrets.ts), naming the file and the
 * kind, never the secret. Files unchanged since the last build are not read again.
 * Usage: node scripts/scan-secrets.ts [DIR]   (DIR: the built site; default $OUT_DIR, else dist)
 */
import path from 'node:path';
import { loadEnv } from 'vite';
import { parseOutDirCommand } from './lib/cli.ts';
import { fileResultsPath, openFileResults } from './lib/file-results.ts';
import { scanBuiltSite, secretScanScope } from './lib/secrets.ts';

const HELP = `Usage: node scripts/scan-secrets.ts [DIR]

Fails (exit 1) when the built site in DIR (default $OUT_DIR, else dist) contains a secret, naming the file and the
kind, never the secret. The last step of npm run build.

Options:
  -h, --help   this help`;

const { outDir } = parseOutDirCommand('scan-secrets', HELP, {});
const env = { ...loadEnv('production', process.cwd(), ''), ...process.env };
// Files unchanged since the last build (incremental builds link reused pages) are not read again.
const store = await openFileResults<string[]>(
  fileResultsPath('secret-scan'),
  secretScanScope(env),
  process.env['THELA_FULL_BUILD'] !== '1',
);
const findings = await scanBuiltSite(outDir, env, store);
await store.save();
if (findings.length > 0) {
  for (const finding of findings) console.error(`Secret in the built site, build stopped: ${finding}`);
  process.exit(1);
}
console.log(
  `scan-secrets: no secrets in ${path.relative(process.cwd(), outDir) || outDir} (${store.misses} files read, ${store.hits} unchanged)`,
);
