/**
 * Build step: writes `<outDir>/_headers` (public/_headers' caching rules plus scripts/lib/security-policy.ts), with a
 * CSP allowing exactly the pages' inline scripts and styles by hash; stops on a style attribute, an inline handler or
 * a header longer than hosts accept. Usage: node scripts/build-headers.ts [DIR]   (default $OUT_DIR, else dist)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv } from 'vite';
import { parseOutDirCommand } from './lib/cli.ts';
import { fileResultsPath, openFileResults } from './lib/file-results.ts';
import {
  INLINE_CODE_VERSION,
  MAX_HEADER_LINE,
  collectSiteInlineCode,
  mergeHeadersFile,
  securityHeaders,
  type PageInlineCode,
} from './lib/security-policy.ts';
import { supabaseOrigin } from '../src/lib/pwa/routes.ts';

const HELP = `Usage: node scripts/build-headers.ts [DIR]

Writes DIR/_headers (DIR: the built site; default $OUT_DIR, else dist): the caching rules of public/_headers and
the security headers, with a Content-Security-Policy allowing exactly the pages' inline scripts and styles by hash.
A step of npm run build, after the service worker.

Options:
  -h, --help   this help`;

const { outDir } = parseOutDirCommand('build-headers', HELP, {});
const env = { ...loadEnv('production', process.cwd(), 'PUBLIC_'), ...process.env };
const supabaseUrl = env['PUBLIC_SUPABASE_URL'] || undefined;

function fail(message: string): never {
  console.error(`build-headers: ${message}`);
  process.exit(1);
}

if (!existsSync(path.join(outDir, 'index.html'))) fail(`no built site in ${outDir}`);
// Pages unchanged since the last build (the same file: incremental builds link reused pages) are not read again.
const store = await openFileResults<PageInlineCode>(
  fileResultsPath('inline-code'),
  INLINE_CODE_VERSION,
  process.env['THELA_FULL_BUILD'] !== '1',
);
const { pages, code } = await collectSiteInlineCode(outDir, store);
await store.save();
if (code.styleAttributes > 0)
  fail(`${code.styleAttributes} style="..." attribute(s) in the pages; the policy allows styles by hash only (use a class)`);
if (code.eventHandlers > 0)
  fail(`${code.eventHandlers} inline event handler attribute(s) in the pages; the policy allows scripts by hash only`);

const imageCdn = env['PUBLIC_IMAGE_CDN'] === 'supabase';
const headers = securityHeaders(code, supabaseUrl, imageCdn);
for (const [name, value] of Object.entries(headers)) {
  const length = `  ${name}: ${value}`.length;
  if (length > MAX_HEADER_LINE) fail(`${name} is ${length} characters, over the ${MAX_HEADER_LINE} hosts accept`);
}
const file = path.join(outDir, '_headers');
const base = existsSync(file) ? readFileSync(file, 'utf8') : '';
writeFileSync(file, mergeHeadersFile(base, headers));
console.log(
  `build-headers: ${path.relative(process.cwd(), file) || file}: CSP for ${pages} pages, ` +
    `${code.scriptHashes.size} script and ${code.styleHashes.size} style hashes, ` +
    `connect-src ${supabaseOrigin(supabaseUrl) ?? "'self' only"}${imageCdn && supabaseUrl ? ', img-src too (image CDN)' : ''}; ${store.misses} pages read, ${store.hits} unchanged`,
);
