/**
 * The checks over a built site, one read of each file: inline code for the CSP, secrets, internal links. Files are read
 * as byte strings (latin1): faster than UTF-8, and a hash of one is a hash of the exact bytes. docs/architecture.md.
 */
import { gunzipSync } from 'node:zlib';
import { listFiles, openFileResults, resultsFor, type FileResults } from './file-results.ts';
import { checkLinks, filePaths, LINKS_VERSION } from './links.ts';
import { readRedirectRules } from '../integrations/redirects.ts';
import { secretScanScope, secretValues, scanText } from './secrets.ts';
import { addPageInlineCode, emptyInlineCode, INLINE_CODE_VERSION, pageInlineCode, type PageInlineCode } from './security-policy.ts';

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
 * resolve against, and the scope stored results are kept under (a change of rules, secrets or origin reads every file again).
 */
export function siteCheckOptions(env: Record<string, string | undefined>, origin: string) {
  return {
    secrets: secretValues(env).map(({ name, value }) => ({ name, value: Buffer.from(value, 'utf8').toString('latin1') })),
    origin,
    scope: `${INLINE_CODE_VERSION} ${LINKS_VERSION} ${origin} ${secretScanScope(env)}`,
  };
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
  const page = file.endsWith('.html');
  if (page) result.code = pageInlineCode(text);
  // Pagefind's own data files carry no links of ours.
  if (page || (file.endsWith('.json') && !file.startsWith('pagefind/'))) result.links = filePaths(text, file, options.origin);
  return result;
}

/** Checks every file of the built site in `dir`; with `store`, files unchanged since the last build are not read. */
export async function checkSite(dir: string, options: SiteCheckOptions, store?: FileResults<FileChecks>) {
  const files = await listFiles(dir, () => true);
  const results = resultsFor(dir, files, store ?? (await openFileResults<FileChecks>(undefined, options.scope)), (bytes, file) =>
    checkFile(bytes, file, options),
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
