/**
 * The site's browser security policy: the Content-Security-Policy (hashes of the pages' inline scripts and styles), the
 * other security headers, and the `_headers` file every server of a release reads. Why each directive: docs/security.md.
 */
import { createHash } from 'node:crypto';
import type { PageScan } from './html-scan.ts';
import { pathPattern, rulesFileReader } from './rules-file.ts';
import { supabaseOrigin } from '../../src/lib/pwa/routes.ts';

/** Header lines longer than this are refused by Cloudflare Pages (its `_headers` limit is 2,000 characters). */
export const MAX_HEADER_LINE = 2000;

/** Features the storefront never uses, denied to the page and to anything it could embed. */
export const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

/** The security headers other than the CSP, the same on every response. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
};

/** Hashes of executable inline scripts and `<style>` elements; style and on* attributes counted (hash-only sources block them). */
export function emptyInlineCode() {
  return { scriptHashes: new Set<string>(), styleHashes: new Set<string>(), styleAttributes: 0, eventHandlers: 0 };
}

export type InlineCode = ReturnType<typeof emptyInlineCode>;

/** The CSP source expression for some inline text: `'sha256-<base64>'` of its bytes (`text` in `encoding`). */
export function cspHash(text: string, encoding: 'utf8' | 'latin1' = 'utf8'): string {
  return `'sha256-${createHash('sha256').update(text, encoding).digest('base64')}'`;
}

/** Script types the browser executes (a missing type, JavaScript MIME types, `module`); JSON-LD and the like are data. */
function isExecutable(type: string | undefined): boolean {
  if (type === undefined) return true;
  const value = type.trim().toLowerCase();
  return value === '' || value === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(value);
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes);
  if (!match) return new RegExp(`(?:^|\\s)${name}(?:\\s|$)`, 'i').test(attributes) ? '' : undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** Adds one page's inline code to `into`; `page` read as a byte string (latin1), as the site checks read it. */
export function collectInlineCode(page: PageScan, into: InlineCode = emptyInlineCode()): InlineCode {
  for (const { tag, attributes, text } of page.elements) {
    if (tag === 'style') into.styleHashes.add(cspHash(text, 'latin1'));
    else if (attribute(attributes, 'src') === undefined && isExecutable(attribute(attributes, 'type')))
      into.scriptHashes.add(cspHash(text, 'latin1'));
  }
  into.styleAttributes += page.styleAttributes;
  into.eventHandlers += page.eventHandlers;
  return into;
}

/** One page's inline code, as kept between builds (scripts/lib/file-results.ts). */
export function pageInlineCode(page: PageScan) {
  const code = collectInlineCode(page);
  return {
    scripts: [...code.scriptHashes],
    styles: [...code.styleHashes],
    styleAttributes: code.styleAttributes,
    eventHandlers: code.eventHandlers,
  };
}

export type PageInlineCode = ReturnType<typeof pageInlineCode>;

/** Adds one page's kept inline code to the site's. */
export function addPageInlineCode(into: InlineCode, page: PageInlineCode): void {
  for (const hash of page.scripts) into.scriptHashes.add(hash);
  for (const hash of page.styles) into.styleHashes.add(hash);
  into.styleAttributes += page.styleAttributes;
  into.eventHandlers += page.eventHandlers;
}

export interface PolicyInput {
  scriptHashes: Iterable<string>;
  styleHashes: Iterable<string>;
  /** PUBLIC_SUPABASE_URL, when set: its origin is the one other place the browser may connect to. */
  supabaseUrl?: string | undefined;
  /** PUBLIC_IMAGE_CDN=supabase: photos come from that origin's image endpoint, so images may too (nothing else may). */
  imageCdn?: boolean | undefined;
}

/** The Content-Security-Policy header value. Hashes are sorted, so the same pages give the same header. */
export function contentSecurityPolicy(input: PolicyInput): string {
  const scripts = [...new Set(input.scriptHashes)].sort();
  const styles = [...new Set(input.styleHashes)].sort();
  const supabase = supabaseOrigin(input.supabaseUrl);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    // Pagefind compiles its WebAssembly index reader: 'wasm-unsafe-eval' allows exactly that, not eval().
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...scripts]],
    ['style-src', ["'self'", ...styles]],
    ['img-src', ["'self'", ...(supabase && input.imageCdn ? [supabase] : [])]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...(supabase ? [supabase] : [])]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Every security header for a site whose pages carry `code`. */
export function securityHeaders(
  code: Pick<InlineCode, 'scriptHashes' | 'styleHashes'>,
  supabaseUrl?: string,
  imageCdn = false,
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy({ ...code, supabaseUrl, imageCdn }),
    ...STATIC_SECURITY_HEADERS,
  };
}

/** One rule of a `_headers` file: a path pattern and its headers, in order. */
export interface HeadersRule {
  pattern: string;
  headers: [string, string][];
}

/** Parses the `_headers` format: a path line, then indented `Name: value` lines; `#` comments. */
export function parseHeadersFile(text: string): HeadersRule[] {
  const rules: HeadersRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon === -1) continue;
    rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** The headers a `_headers`-reading host sends for one URL path: every matching rule's, a repeated name joined with ", ". */
export function headersForPath(rules: readonly HeadersRule[], urlPath: string): Record<string, string> {
  const result: Record<string, string> = {};
  const names = new Map<string, string>();
  for (const rule of rules) {
    if (!pathPattern(rule.pattern).test(urlPath)) continue;
    for (const [name, value] of rule.headers) {
      const key = names.get(name.toLowerCase()) ?? name;
      names.set(name.toLowerCase(), key);
      result[key] = result[key] === undefined ? value : `${result[key]}, ${value}`;
    }
  }
  return result;
}

/** `base` (public/_headers as built) with `headers` in its `/*` rule (created when missing), replacing any of the same name. */
export function mergeHeadersFile(base: string, headers: Record<string, string>): string {
  const lines = base.replace(/\s+$/, '').split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === '/*' && !/^\s/.test(line));
  const wanted = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const added = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  if (start === -1) return `${[...lines, '', '/*', ...added].join('\n')}\n`;
  let end = start + 1;
  while (end < lines.length && /^\s+\S/.test(lines[end] ?? '')) end++;
  const kept = lines.slice(start + 1, end).filter((line) => !wanted.has(line.slice(0, line.indexOf(':')).trim().toLowerCase()));
  return `${[...lines.slice(0, start + 1), ...kept, ...added, ...lines.slice(end)].join('\n')}\n`;
}

/** The rules of `<root>/_headers`, for the servers that apply them (scripts/lib/static-site.ts). */
export const readHeadersRules = rulesFileReader('_headers', parseHeadersFile);
