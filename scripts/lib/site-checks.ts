/**
 * The checks over a built site, one read of each file: inline code for the CSP, secrets, internal links. Files are read
 * as byte strings (latin1): faster than UTF-8, and a hash of one is a hash of the exact bytes. docs/architecture.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { fileResultsPath, listFiles, openFileResults, resultsFor, type FileResults } from './file-results.ts';
import { scanHtml } from './html-scan.ts';
import { checkLinks, filePaths, formatBrokenLink, jsonLinks, pageLinks } from './links.ts';
import { codeVersion, moduleGraph } from './code-version.ts';
import { readRedirectRules } from '../integrations/redirects.ts';
import { secretScanScope, secretValues, scanText } from './secrets.ts';
import {
  addPageInlineCode,
  emptyInlineCode,
  MAX_HEADER_LINE,
  mergeHeadersFile,
  pageInlineCode,
  securityHeaders,
  type PageInlineCode,
} from './security-policy.ts';
import { supabaseOrigin } from '../../src/lib/pwa/routes.ts';

/** Largest decompressed size of one gzip file (a gzip bomb): a larger one is read as its raw bytes only. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** What the checks found in one file, as kept between builds. */
export interface FileChecks {
  /** The kinds of secret in the file (every file). */
  secrets: string[];
  /** Its inline code (pages only). */
  code?: PageInlineCode;
  /** The distinct site paths it links to, one a line (pages, and data files outside pagefind/). */
  links?: string;
}

/**
 * What the checks need besides the files: the secrets looked for (byte strings, as the files are read), the origin links
 * resolve against, and the scope stored results are kept under: a change of the checks' code (`code`, from
 * `siteChecksCode`), secrets or origin reads every file again.
 */
export function siteCheckOptions(env: Record<string, string | undefined>, origin: string, code = '') {
  return {
    secrets: secretValues(env).map(({ name, value }) => ({ name, value: Buffer.from(value, 'utf8').toString('latin1') })),
    origin,
    scope: `${code} ${origin} ${secretScanScope(env)}`,
  };
}

/** The version of the checks' own code: this file and every file it imports (scripts/lib/code-version.ts). */
export async function siteChecksCode(): Promise<string> {
  return codeVersion(await moduleGraph('scripts/lib/site-checks.ts'));
}

type SiteCheckOptions = ReturnType<typeof siteCheckOptions>;

/** A shipped file as a byte string (keys are ASCII: a binary's text runs count), plus its content when gzip (Pagefind's files). */
function shippedText(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return text;
  try {
    return `${text}\n${gunzipSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES }).toString('latin1')}`;
  } catch {
    // Not gzip after all, truncated, or larger than the bound: the raw bytes were read.
    return text;
  }
}

/** Every check of one file of the site (`file`: its path relative to the site). */
export function checkFile(bytes: Buffer, file: string, options: SiteCheckOptions): FileChecks {
  const text = shippedText(bytes);
  const result: FileChecks = { secrets: scanText(text, options.secrets) };
  const page = file.endsWith('.html') ? scanHtml(text) : null;
  if (page) result.code = pageInlineCode(page);
  // Pagefind's own data files carry no links of ours.
  if (page || (file.endsWith('.json') && !file.startsWith('pagefind/')))
    result.links = filePaths(page ? pageLinks(page) : jsonLinks(text), file, options.origin);
  return result;
}

/** Below this many files to read, one thread checks them all (a worker takes 0.2 s to start, 2,000 files 0.7 s to check). */
const FILES_PER_THREAD = 2000;

/** What a worker thread is given: its share of the files to check. */
type Share = { dir: string; files: string[]; options: SiteCheckOptions };

/**
 * Reads and checks `share.files`. Synchronous reads: the files were just written and sit in the page cache (a 10,000-product
 * site's checks took 8.5-9.2 s with reads of 8 at a time through libuv against 6.7-7.0 s so).
 */
const checkShare = ({ dir, files, options }: Share) => files.map((file) => checkFile(readFileSync(path.join(dir, file)), file, options));

// As a worker thread of `checkFiles`: check the share given, and post the results back.
const given = isMainThread ? undefined : (workerData as { siteChecks?: Share } | null)?.siteChecks;
if (given) parentPort?.postMessage(checkShare(given));

/**
 * Checks `files` on `threads` threads (default: a core each, if there are files enough): this one takes every n-th file, a
 * worker thread each other share. The build's last step runs alone, so the cores Astro used are idle (figures:
 * docs/architecture.md, "The build").
 */
export async function checkFiles(dir: string, files: string[], options: SiteCheckOptions, threads?: number) {
  const n = threads ?? Math.max(1, Math.min(os.availableParallelism(), Math.floor(files.length / FILES_PER_THREAD)));
  const shares = Array.from({ length: n }, (_, k) => files.filter((_, i) => i % n === k));
  const workers = shares.slice(1).map((share) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { siteChecks: { dir, files: share, options } } });
    // A check that throws there stops the build as it would here; so does a worker gone without its results.
    return new Promise<FileChecks[]>((resolve, reject) => {
      worker.once('message', resolve).once('error', reject);
      worker.once('exit', (code) => reject(new Error(`site checks: a worker thread exited (code ${code}) without its results`)));
    });
  });
  const results = [checkShare({ dir, files: shares[0] ?? [], options }), ...(await Promise.all(workers))];
  return files.map((_, i) => results[i % n]?.[Math.floor(i / n)] as FileChecks);
}

/** Checks every file of the built site in `dir`; with `store`, files unchanged since the last build are not read. */
export async function checkSite(dir: string, options: SiteCheckOptions, store?: FileResults<FileChecks>, threads?: number) {
  const files = await listFiles(dir, () => true);
  const results = await resultsFor(dir, files, store ?? (await openFileResults<FileChecks>(undefined, options.scope)), (stale) =>
    checkFiles(dir, stale, options, threads),
  );
  const code = emptyInlineCode();
  /** One line per file holding a secret: `file: kind, kind`. */
  const secrets: string[] = [];
  const linked = new Map<string, string>();
  let pages = 0;
  results.forEach((result, i) => {
    const file = files[i] as string;
    if (result.secrets.length) secrets.push(`${file}: ${result.secrets.join(', ')}`);
    if (result.code) {
      pages++;
      addPageInlineCode(code, result.code);
    }
    if (result.links !== undefined) linked.set(file, result.links);
  });
  return { pages, code, secrets, links: checkLinks(new Set(files), linked, await readRedirectRules(dir)) };
}

/** How many broken links are listed before the rest are only counted. */
const LISTED = 30;

/**
 * The build's last step over the site in `outDir` (`env`: the build's variables): every check, then `outDir/_headers`
 * written (the caching rules of public/_headers, and the security headers with a Content-Security-Policy allowing exactly
 * the pages' inline scripts and styles by hash). `problems`: one line each, and nothing written; else the `summary` line.
 */
export async function runSiteChecks(
  outDir: string,
  env: Record<string, string | undefined>,
): Promise<{ problems: string[]; summary: string; links: number }> {
  const shown = path.relative(process.cwd(), outDir) || outDir;
  if (!existsSync(path.join(outDir, 'index.html'))) return { problems: [`no built site in ${outDir}`], summary: '', links: 0 };
  // Absolute links to the site's own origin (canonical, Open Graph) are internal too (astro.config.mjs reads SITE_URL so).
  const options = siteCheckOptions(env, new URL(env['SITE_URL'] || 'http://localhost:4321').origin, await siteChecksCode());
  const started = performance.now();
  // Files unchanged since the last build (the same file: incremental builds link reused pages) are not read again.
  const store = await openFileResults<FileChecks>(fileResultsPath('site-checks'), options.scope, env['THELA_FULL_BUILD'] !== '1');
  const { pages, code, secrets, links } = await checkSite(outDir, options, store);
  await store.save();

  const problems = secrets.map((finding) => `Secret in the built site, build stopped: ${finding}`);
  if (links.broken.length > 0) {
    problems.push(`Broken links, build stopped: ${links.broken.length} link(s) in ${shown} lead nowhere:`);
    for (const broken of links.broken.slice(0, LISTED)) problems.push(`  ${formatBrokenLink(broken)}`);
    if (links.broken.length > LISTED) problems.push(`  and ${links.broken.length - LISTED} more`);
  }
  if (code.styleAttributes > 0)
    problems.push(`${code.styleAttributes} style="..." attribute(s) in the pages; the policy allows styles by hash only (use a class)`);
  if (code.eventHandlers > 0)
    problems.push(`${code.eventHandlers} inline event handler attribute(s) in the pages; the policy allows scripts by hash only`);

  const supabaseUrl = env['PUBLIC_SUPABASE_URL'] || undefined;
  const imageCdn = env['PUBLIC_IMAGE_CDN'] === 'supabase';
  const headers = securityHeaders(code, supabaseUrl, imageCdn);
  for (const [name, value] of Object.entries(headers)) {
    const length = `  ${name}: ${value}`.length;
    if (length > MAX_HEADER_LINE) problems.push(`${name} is ${length} characters, over the ${MAX_HEADER_LINE} hosts accept`);
  }
  if (problems.length) return { problems, summary: '', links: links.links };
  const file = path.join(outDir, '_headers');
  writeFileSync(file, mergeHeadersFile(existsSync(file) ? readFileSync(file, 'utf8') : '', headers));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const summary =
    `${shown}: no secrets in ${store.misses + store.hits} files; ${links.links} links (distinct per page) on ` +
    `${links.pages} pages and data files all resolve; _headers: CSP for ${pages} pages, ${code.scriptHashes.size} script ` +
    `and ${code.styleHashes.size} style hashes, connect-src ${supabaseOrigin(supabaseUrl) ?? "'self' only"}` +
    `${imageCdn && supabaseUrl ? ', img-src too (image CDN)' : ''} (${store.misses} files read, ${store.hits} unchanged, ${seconds} s)`;
  return { problems, summary, links: links.links };
}
