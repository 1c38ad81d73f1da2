/** The page types the benchmark and the budget check measure (page-types.json), and the concrete page of each in a build. */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import pageTypes from './page-types.json' with { type: 'json' };

/** A page type: a fixed URL, or (`firstUnder`) the first page under a directory. */
export type PageType = { name: string; url: string; firstUnder?: boolean };

/** Reads page-types.json's list; throws naming the first entry that is not a page type. */
export function readPageTypes(list: readonly unknown[]): PageType[] {
  return list.map((value, i): PageType => {
    const at = `scripts/bench/page-types.json [${i}]`;
    if (typeof value !== 'object' || value === null) throw new Error(`${at} must be an object`);
    const { name, url, firstUnder, ...rest } = value as Record<string, unknown>;
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) throw new Error(`${at} has an unknown field "${extra}"`);
    if (typeof name !== 'string' || name === '') throw new Error(`${at}.name must be a non-empty string`);
    if (typeof url !== 'string' || !url.startsWith('/')) throw new Error(`${at}.url must be a site URL starting with /`);
    if (firstUnder !== undefined && typeof firstUnder !== 'boolean') throw new Error(`${at}: firstUnder must be true or false`);
    return { name, url, ...(firstUnder === true ? { firstUnder } : {}) };
  });
}

/** In report order, checked when read (a misspelt field fails the benchmark and the budget check). */
export const PAGE_TYPES: readonly PageType[] = readPageTypes(pageTypes);

/** A page type resolved against a build: the page's URL and HTML file, or why there is none. */
export type ResolvedPage =
  | { type: PageType; url: string; file: string; missing?: undefined }
  | { type: PageType; missing: string; url?: undefined; file?: undefined };

/** The HTML file of a site URL in a directory-format build ("/x/" -> x/index.html, "/404.html" -> 404.html). */
export function fileForUrl(dir: string, url: string): string {
  const clean = (url.split(/[?#]/)[0] ?? '').replace(/^\/+/, '');
  return clean.endsWith('.html') ? path.join(dir, clean) : path.join(dir, clean, 'index.html');
}

/** Finds the concrete page of each type in a build; a type that does not exist yet comes with a note. */
export async function resolvePages(dir: string): Promise<ResolvedPage[]> {
  const resolved: ResolvedPage[] = [];
  for (const type of PAGE_TYPES) {
    const file = fileForUrl(dir, type.url);
    if (!type.firstUnder) {
      const missing = `${type.url} does not exist in this build (page not written yet?)`;
      resolved.push(existsSync(file) ? { type, url: type.url, file } : { type, missing });
    } else {
      const parent = path.dirname(file);
      const children = await readdir(parent, { withFileTypes: true }).catch(() => []);
      const first = children
        .filter((entry) => entry.isDirectory() && existsSync(path.join(parent, entry.name, 'index.html')))
        .map((entry) => entry.name)
        .sort()[0];
      if (first === undefined) resolved.push({ type, missing: `no page under ${type.url} in this build` });
      else resolved.push({ type, url: `${type.url}${first}/`, file: path.join(parent, first, 'index.html') });
    }
  }
  return resolved;
}
