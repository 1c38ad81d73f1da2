/** The build's site checks (scripts/lib/site-checks.ts, `runSiteChecks`) over a built folder, on their own (HELP below). */
import { loadEnv } from 'vite';
import { parseOutDirCommand } from './lib/cli.ts';
import { runSiteChecks } from './lib/site-checks.ts';

const HELP = `Usage: node scripts/check-site.ts [DIR]

Checks the built site in DIR (default $OUT_DIR, else dist), reading each file once, and writes DIR/_headers: the
caching rules of public/_headers and the security headers, with a Content-Security-Policy allowing exactly the
pages' inline scripts and styles by hash. Fails (exit 1) on a secret in any file (naming the file and the kind,
never the secret), a link to a file the build did not write, a style="..." attribute or an inline event handler.
npm run build runs the same checks as its last step.

Options:
  -h, --help   this help`;

const { outDir } = parseOutDirCommand('check-site', HELP, {});
const { problems, summary } = await runSiteChecks(outDir, { ...loadEnv('production', process.cwd(), ''), ...process.env });
for (const problem of problems) console.error(`check-site: ${problem}`);
if (problems.length) process.exit(1);
console.log(`check-site: ${summary}`);
