/** Last step of `npm run build`: reads each file of the built site once, writes `_headers`, fails on what it must not ship (HELP below). */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from 'vite';
import { parseOutDirCommand } from './lib/cli.ts';
import { fileResultsPath, openFileResults } from './lib/file-results.ts';
import { formatBrokenLink } from './lib/links.ts';
import { MAX_HEADER_LINE, mergeHeadersFile, securityHeaders } from './lib/security-policy.ts';
import { checkSite, siteCheckOptions, type FileChecks } from './lib/site-checks.ts';
import { supabaseOrigin } from '../src/lib/pwa/routes.ts';

const HELP = `Usage: node scripts/check-site.ts [DIR]

Checks the built site in DIR (default $OUT_DIR, else dist), reading each file once, and writes DIR/_headers: the
caching rules of public/_headers and the security headers, with a Content-Security-Policy allowing exactly the
pages' inline scripts and styles by hash. Fails (exit 1) on a secret in any file (naming the file and the kind,
never the secret), a link to a file the build did not write, a style="..." attribute or an inline event handler.
The last step of npm run build.

Options:
  -h, --help   this help`;

/** How many broken links are listed before the rest are only counted. */
const LISTED = 30;

const { outDir } = parseOutDirCommand('check-site', HELP, {});
const shown = path.relative(process.cwd(), outDir) || outDir;
const env = { ...loadEnv('production', process.cwd(), ''), ...process.env };
// Absolute links to the site's own origin (canonical, Open Graph) are internal too (astro.config.mjs reads SITE_URL so).
const options = siteCheckOptions(env, new URL(env['SITE_URL'] || 'http://localhost:4321').origin);

function fail(message: string): never {
  console.error(`check-site: ${message}`);
  process.exit(1);
}

if (!existsSync(path.join(outDir, 'index.html'))) fail(`no built site in ${outDir}`);
const started = performance.now();
// Files unchanged since the last build (the same file: incremental builds link reused pages) are not read again.
const store = await openFileResults<FileChecks>(fileResultsPath('site-checks'), options.scope, env['THELA_FULL_BUILD'] !== '1');
const { pages, code, secrets, links } = await checkSite(outDir, options, store);
await store.save();

for (const finding of secrets) console.error(`Secret in the built site, build stopped: ${finding}`);
if (links.broken.length > 0) {
  console.error(`Broken links, build stopped: ${links.broken.length} link(s) in ${shown} lead nowhere:`);
  for (const broken of links.broken.slice(0, LISTED)) console.error(`  ${formatBrokenLink(broken)}`);
  if (links.broken.length > LISTED) console.error(`  and ${links.broken.length - LISTED} more`);
}
if (code.styleAttributes > 0)
  console.error(
    `check-site: ${code.styleAttributes} style="..." attribute(s) in the pages; the policy allows styles by hash only (use a class)`,
  );
if (code.eventHandlers > 0)
  console.error(`check-site: ${code.eventHandlers} inline event handler attribute(s) in the pages; the policy allows scripts by hash only`);
const failed = secrets.length > 0 || links.broken.length > 0 || code.styleAttributes > 0 || code.eventHandlers > 0;

const supabaseUrl = env['PUBLIC_SUPABASE_URL'] || undefined;
const imageCdn = env['PUBLIC_IMAGE_CDN'] === 'supabase';
const headers = securityHeaders(code, supabaseUrl, imageCdn);
for (const [name, value] of Object.entries(headers)) {
  const length = `  ${name}: ${value}`.length;
  if (length > MAX_HEADER_LINE) fail(`${name} is ${length} characters, over the ${MAX_HEADER_LINE} hosts accept`);
}
if (failed) process.exit(1);
const file = path.join(outDir, '_headers');
writeFileSync(file, mergeHeadersFile(existsSync(file) ? readFileSync(file, 'utf8') : '', headers));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `check-site: ${shown}: no secrets in ${store.misses + store.hits} files; ${links.links} links (distinct per page) on ` +
    `${links.pages} pages and data files all resolve; _headers: CSP for ${pages} pages, ${code.scriptHashes.size} script ` +
    `and ${code.styleHashes.size} style hashes, connect-src ${supabaseOrigin(supabaseUrl) ?? "'self' only"}` +
    `${imageCdn && supabaseUrl ? ', img-src too (image CDN)' : ''} (${store.misses} files read, ${store.hits} unchanged, ${seconds} s)`,
);
