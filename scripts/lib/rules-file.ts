/**
 * A release's rule files (`_headers`, `_redirects`) as the servers that apply them read them: parsed once per file
 * version (its modification time), since they are asked on every request; a missing file has no rules.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** A rule's path pattern as a RegExp: `*` any text, `:name` one path segment (as named groups, `splat` for `*`, when `named`). */
export function pathPattern(pattern: string, named = false): RegExp {
  const group = (name: string, body: string) => (named ? `(?<${name}>${body})` : body);
  const body = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) =>
      part === '*'
        ? group('splat', '.*')
        : part.startsWith(':')
          ? group(part.slice(1), '[^/]+')
          : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`);
}

/** The reader of `<root>/<name>` rules files: `parse` turns a file's text into rules, kept until the file changes. */
export function rulesFileReader<R>(name: string, parse: (text: string) => R[]): (root: string) => Promise<R[]> {
  const cache = new Map<string, { mtimeMs: number; rules: R[] }>();
  return async (root) => {
    const file = path.join(root, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return [];
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached.rules;
    const rules = parse(await readFile(file, 'utf8'));
    cache.set(file, { mtimeMs: info.mtimeMs, rules });
    return rules;
  };
}
