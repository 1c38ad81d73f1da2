/**
 * The site's `_redirects` (Netlify / Cloudflare Pages syntax): its rules, the integration that writes them, and the reader
 * the operators' and e2e servers apply. Matching, and why `:id`: docs/architecture.md, "Redirects".
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { ORDER_PAGE } from '../../src/lib/order-paths.ts';
import { pathPattern, rulesFileReader } from '../lib/rules-file.ts';

export const REDIRECTS_FILE = '_redirects';

/** The site's rules: `/orders/{id}` with and without the trailing slash (hosts differ on normalising it). */
export const SITE_REDIRECTS = [
  '# One page for every order detail (src/lib/order-paths.ts): /orders/{orderId} shows it, the URL kept.',
  `/orders/:id ${ORDER_PAGE} 200`,
  `/orders/:id/ ${ORDER_PAGE} 200`,
].join('\n');

/** One rule of a `_redirects` file. */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  /** `200!`: applied even when a file answers the path. */
  force: boolean;
  pattern: RegExp;
}

/** What a rule does for one path: the destination with its placeholders filled in, and the status. */
type RedirectMatch = Pick<RedirectRule, 'to' | 'status' | 'force'>;

/** Parses `_redirects` (`from to [status[!]]` a line, `#` comments), leaving out the lines the hosts would ignore. */
export function parseRedirectsFile(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    const fields = line.trim().split(/\s+/);
    const [from, to, code] = fields;
    if (!from || !to || from.startsWith('#') || !from.startsWith('/')) continue;
    const status = /^(\d{3})(!?)$/.exec(code ?? '301');
    if (!status) continue;
    try {
      rules.push({ from, to, status: Number(status[1]), force: status[2] === '!', pattern: pathPattern(from, true) });
    } catch {
      // A placeholder named twice: not a rule.
    }
  }
  return rules;
}

/** The first rule that matches `urlPath` (decoded, no query), with `:splat` and `:name` filled in; null when none. */
export function matchRedirect(rules: readonly RedirectRule[], urlPath: string): RedirectMatch | null {
  for (const rule of rules) {
    const match = rule.pattern.exec(urlPath);
    if (!match) continue;
    const to = rule.to.replace(/:([A-Za-z]\w*)/g, (whole, name: string) => match.groups?.[name] ?? whole);
    return { to, status: rule.status, force: rule.force };
  }
  return null;
}

/** True for a destination inside the site (a path), not another origin (`https://...`, `//host`). */
export function isLocalDestination(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//') && !to.includes('\\');
}

/** The rules of `<root>/_redirects` (none when the file is missing), read once per file version. */
export const readRedirectRules = rulesFileReader(REDIRECTS_FILE, parseRedirectsFile);

/** `base` (a `public/_redirects` copied into the build, or nothing) followed by the site's rules. */
export function withSiteRedirects(base: string): string {
  const kept = base.replace(/\s+$/, '');
  if (kept.includes(SITE_REDIRECTS)) return `${kept}\n`;
  return `${kept ? `${kept}\n\n` : ''}${SITE_REDIRECTS}\n`;
}

/** Writes the site's rules into the build's `_redirects` and applies them in `astro dev` (a rewrite, URL kept). */
export function siteRedirects(): AstroIntegration {
  const rules = parseRedirectsFile(SITE_REDIRECTS);
  return {
    name: 'thela:site-redirects',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, _res, next) => {
          const url = new URL(req.url ?? '/', 'http://localhost');
          let hit: RedirectMatch | null = null;
          try {
            hit = matchRedirect(rules, decodeURIComponent(url.pathname));
          } catch {
            // A malformed path: left to Astro's 404.
          }
          if (hit?.status === 200 && isLocalDestination(hit.to)) req.url = `${hit.to}${url.search}`;
          next();
        });
      },
      'astro:build:done': async ({ dir }) => {
        const file = path.join(fileURLToPath(dir), REDIRECTS_FILE);
        const base = await readFile(file, 'utf8').catch(() => '');
        await writeFile(file, withSiteRedirects(base));
      },
    },
  };
}
