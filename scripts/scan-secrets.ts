/**
 * Last build step: fails when the built site contains a secret (scripts/lib/secrets.ts says what counts), naming
 * the file and the kind, never the secret. Secret values come from the environment as Vite loads it (.env files
 * and the process environment).
 *
 * Usage: node scripts/scan-secrets.ts [outDir]
 */
import path from 'node:path';
import { loadEnv } from 'vite';
import { scanBuiltSite } from './lib/secrets.ts';

const outDir = path.resolve(process.argv[2] ?? process.env['OUT_DIR'] ?? 'dist');
const env = { ...loadEnv('production', process.cwd(), ''), ...process.env };
const findings = await scanBuiltSite(outDir, env);
if (findings.length > 0) {
  for (const finding of findings) console.error(`Secret in the built site, build stopped: ${finding}`);
  process.exit(1);
}
console.log(`scan-secrets: no secrets in ${path.relative(process.cwd(), outDir) || outDir}`);
