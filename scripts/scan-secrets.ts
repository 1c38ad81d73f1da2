/**
 * Last build step: fails when the built site contains a secret (scripts/lib/secrets.ts says what counts), naming
 * the file and the kind, never the secret. Secret values come from the environment as Vite loads it (.env files
 * and the process environment). Files unchanged since the last build are not read again (scripts/lib/file-results.ts).
 *
 * Usage: node scripts/scan-secrets.ts [outDir]
 */
import path from 'node:path';
import { loadEnv } from 'vite';
import { fileResultsPath, openFileResults } from './lib/file-results.ts';
import { scanBuiltSite, secretScanScope } from './lib/secrets.ts';

const outDir = path.resolve(process.argv[2] ?? process.env['OUT_DIR'] ?? 'dist');
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
