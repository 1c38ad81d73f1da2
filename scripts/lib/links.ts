/**
 * The built site's internal links (`href`, `src`, `srcset`, and site paths in its JSON), resolved as a static host would:
 * file, folder index, `<path>.html`, `_redirects`. A file's links are kept between builds; each build resolves them all.
 */
import path from 'node:path';
import type { PageScan } from './html-scan.ts';
import { isLocalDestination, matchRedirect, type RedirectRule } from '../integrations/redirects.ts';

/** A site path in a JSON string. */
const JSON_SITE_PATH = /"(\/(?!\/)[^"\s\\]*\.(?:svg|webp|png|jpe?g|avif|gif))"/g;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/** Every URL a page's attributes name (`srcset` split into its candidates; `content` only when a URL), entities decoded. */
export function pageLinks(page: PageScan): string[] {
  const links: string[] = [];
  for (const { name, value: written } of page.urls) {
    const value = written.replace(/&(?:amp|quot|#39|#x27|lt|gt);/g, (e) => ENTITIES[e] ?? e).trim();
    if (!value) continue;
    if (name.endsWith('srcset')) {
      for (const candidate of value.split(',')) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url) links.push(url);
      }
    } else if (name !== 'content' || /^(?:https?:)?\//i.test(value)) {
      links.push(value);
    }
  }
  return links;
}

/** A plain absolute path (most links): no dot segment, query, fragment or escape, so it is its own site path. */
const PLAIN_PATH = /^\/(?:[\w~-][\w.~-]*(?:\/|$))*$/;

/** The URL of page `page` (a file path relative to the site), which its relative links resolve against. */
function pageUrl(page: string, siteOrigin: string): URL {
  return new URL(`/${page.replace(/(^|\/)index\.html$/, '$1')}`, siteOrigin);
}

/** The site path, without query and fragment, that `link` on `page` points to; null off the site (mailto:, #top) or for no URL. */
export function sitePath(link: string, page: string, siteOrigin: string): string | null {
  return resolvePath(link, pageUrl(page, siteOrigin));
}

function resolvePath(link: string, base: URL): string | null {
  if (PLAIN_PATH.test(link)) return link;
  if (/^(?:mailto|tel|javascript|data|blob|sms):/i.test(link) || link.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  try {
    // No file name holds a line break, and a file's paths are kept one a line (`filePaths`).
    const decoded = decodeURIComponent(url.pathname);
    return decoded.includes('\n') ? url.pathname : decoded;
  } catch {
    return url.pathname;
  }
}

/** Answers whether a site path is served by the built site, with its files and `_redirects` rules. */
export function siteResolver(files: ReadonlySet<string>, rules: readonly RedirectRule[]): (urlPath: string) => boolean {
  const fileFor = (urlPath: string): boolean => {
    const rel = urlPath.replace(/^\/+/, '');
    if (urlPath.endsWith('/')) return files.has(`${rel}index.html`);
    return files.has(rel) || files.has(`${rel}/index.html`) || files.has(`${rel}.html`);
  };
  return (urlPath) => {
    if (fileFor(urlPath)) return true;
    const redirect = matchRedirect(rules, urlPath);
    if (!redirect || !isLocalDestination(redirect.to)) return false;
    return fileFor(new URL(redirect.to, 'http://site').pathname);
  };
}

/** The site paths a data file (JSON) names: the build's data files name product images (featured, listings). */
export const jsonLinks = (text: string) => [...text.matchAll(JSON_SITE_PATH)].map((match) => match[1] as string);

/**
 * The distinct site paths `links` on one file of the site point to, one a line (a string each, kept and saved for the next
 * build, ran out of memory at 100,000 products). The links are byte strings (latin1), as the site checks read files.
 */
export function filePaths(links: readonly string[], file: string, siteOrigin: string): string {
  // JSON paths are absolute; a page's links resolve against the page (404.html is served from any folder, as `/`).
  const base = pageUrl(file.endsWith('.html') && path.posix.basename(file) !== '404.html' ? file : 'index.html', siteOrigin);
  const paths = new Set<string>();
  for (const link of links) {
    const utf8 = /[\x80-\xff]/.test(link) ? Buffer.from(link, 'latin1').toString('utf8') : link;
    const target = resolvePath(utf8, base);
    if (target !== null) paths.add(target);
  }
  return [...paths].join('\n');
}

/** Resolves the paths each file links to (`linked`: `filePaths` by file) against the site's files and redirects. */
export function checkLinks(files: ReadonlySet<string>, linked: ReadonlyMap<string, string>, rules: readonly RedirectRule[]) {
  const resolves = siteResolver(files, rules);
  const brokenOn = new Map<string, Set<string>>();
  const known = new Map<string, boolean>();
  /** Links checked: each file's distinct site paths, summed. */
  let count = 0;
  for (const [file, paths] of linked) {
    if (!paths) continue;
    for (const target of paths.split('\n')) {
      count++;
      let ok = known.get(target);
      if (ok === undefined) known.set(target, (ok = resolves(target)));
      if (ok) continue;
      const on = brokenOn.get(target) ?? new Set<string>();
      on.add(`/${file}`);
      brokenOn.set(target, on);
    }
  }
  const broken = [...brokenOn].map(([link, pages]) => ({ link, pages: [...pages].sort() })).sort((a, b) => (a.link < b.link ? -1 : 1));
  return { pages: linked.size, links: count, broken };
}

/** "/category/fruits on /index.html, /offers/index.html and 3 more pages": one line per broken link. */
export function formatBrokenLink({ link, pages }: { link: string; pages: readonly string[] }, shown = 3): string {
  const listed = pages.slice(0, shown).join(', ');
  const more = pages.length - shown;
  return `${link} on ${listed}${more > 0 ? ` and ${more} more ${more === 1 ? 'page' : 'pages'}` : ''}`;
}
