/**
 * Page weight read from a build on disk, without a browser: the JS a page's HTML names (static imports followed, dynamic ones not), its
 * CSS, and the first render (HTML plus render-blocking CSS), each file compressed alone. Definitions: bench/README.md.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';
import { addSizes, sizesOf, type Sizes } from './util.ts';
import { AFTER_PAINT_TYPE } from '../../src/browser/after-paint.ts';

/** A tag's attributes (names lower-cased; valueless attributes map to ''). */
export type Attributes = Record<string, string>;

/** One tag found in the HTML, with whether it sits inside <head>. */
export interface Tag {
  name: string;
  attrs: Attributes;
  inHead: boolean;
  /** Text between <script> and </script> for inline scripts. */
  body?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'", '#34': '"' };

function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|apos|lt|gt|#39|#34);/g, (_, name: string) => ENTITIES[name] ?? _);
}

/** Parses the attributes part of a start tag. */
export function parseAttributes(source: string): Attributes {
  const attrs: Attributes = {};
  for (const match of source.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (name in attrs) continue;
    attrs[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

/** The script, link and astro-island tags of a page, in document order (HTML comments are skipped). */
export function findTags(html: string): Tag[] {
  const source = html.replace(/<!--[\s\S]*?-->/g, (comment) => ' '.repeat(comment.length));
  const headEnd = (() => {
    const index = source.search(/<\/head\s*>|<body[\s>]/i);
    return index === -1 ? source.length : index;
  })();
  const tags: Tag[] = [];
  const pattern = /<(script|link|astro-island)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(source)) !== null) {
    const name = (match[1] ?? '').toLowerCase();
    const tag: Tag = { name, attrs: parseAttributes(match[2] ?? ''), inHead: match.index < headEnd };
    if (name === 'script') {
      const close = source.indexOf('</script', pattern.lastIndex);
      const end = close === -1 ? source.length : close;
      tag.body = source.slice(pattern.lastIndex, end);
      pattern.lastIndex = end;
    }
    tags.push(tag);
  }
  return tags;
}

/** Whether a stylesheet link blocks the first render. */
export function isRenderBlockingStylesheet(tag: Tag): boolean {
  if (tag.name !== 'link' || !tag.inHead) return false;
  const rel = (tag.attrs['rel'] ?? '').toLowerCase().split(/\s+/);
  if (!rel.includes('stylesheet') || rel.includes('alternate')) return false;
  if ('disabled' in tag.attrs) return false;
  const media = (tag.attrs['media'] ?? '').trim().toLowerCase();
  return media === '' || media === 'all' || media === 'screen';
}

/** A module script, or a page script the after-paint loader runs as one (src/browser/after-paint.ts). */
function isModuleScript(tag: Tag): boolean {
  const type = (tag.attrs['type'] ?? '').toLowerCase();
  return tag.name === 'script' && (type === 'module' || type === AFTER_PAINT_TYPE);
}

function isClassicScript(tag: Tag): boolean {
  const type = (tag.attrs['type'] ?? '').toLowerCase();
  return tag.name === 'script' && (type === '' || type === 'text/javascript' || type === 'application/javascript');
}

/** Static import specifiers of a module's source (import/export ... from, bare import); dynamic import() excluded. */
export async function staticImports(code: string): Promise<string[]> {
  await init;
  let imports: ReturnType<typeof parse>[0];
  try {
    [imports] = parse(code);
  } catch {
    return [];
  }
  return imports.flatMap((item) => (item.d === -1 && item.n !== undefined ? [item.n] : []));
}

/** Which React a chunk contains: React DOM (the renderer, ~60 KB gz), React's core, or none. */
export function reactIn(code: string): 'react-dom' | 'react' | null {
  if (code.includes('__reactFiber$') || code.includes('__reactContainer$')) return 'react-dom';
  if (code.includes('react.transitional.element') || code.includes('react.element')) return 'react';
  return null;
}

/** One JS or CSS file a page loads, with its sizes. */
export interface Asset {
  url: string;
  sizes: Sizes;
  /** JS: what brought it in ("script", "island:Name", "import", ...). CSS: "blocking" or "non-blocking". */
  via: string;
  react?: 'react-dom' | 'react' | null;
}

/** Page weight of one built page. */
export interface PageWeight {
  html: Sizes;
  /** Bytes of inline <script> and <style> inside the HTML (already part of `html`). */
  inlineScriptBytes: number;
  inlineStyleBytes: number;
  css: { files: Asset[]; total: Sizes; blocking: Sizes };
  js: {
    files: Asset[];
    total: Sizes;
    /** JS without the islands that wait to be scrolled into view (client:visible) or for a media query (client:media). */
    eager: Sizes;
  };
  /** HTML + render-blocking CSS (+ blocking classic head scripts), each compressed on its own. */
  firstRender: Sizes;
  islands: { component: string; directive: string }[];
  /** Chunks containing React DOM / React core. */
  reactDom: string[];
  reactCore: string[];
  /** Assets named by the HTML but not found in the build, and any reference to another origin. */
  missing: string[];
  external: string[];
}

interface LoadedAsset {
  sizes: Sizes;
  code: string;
}

/** Reads and sizes assets of one build directory, once each. */
export class AssetReader {
  readonly dir: string;
  private readonly cache = new Map<string, Promise<LoadedAsset | null>>();

  constructor(dir: string) {
    this.dir = dir;
  }

  /** The asset at a site-absolute URL path, or null if the build has no such file. */
  load(url: string): Promise<LoadedAsset | null> {
    const key = url.split(/[?#]/)[0] ?? '';
    let pending = this.cache.get(key);
    if (!pending) {
      const file = path.join(this.dir, decodeURIComponent(key));
      pending = readFile(file).then(
        (buffer) => ({ sizes: sizesOf(buffer), code: buffer.toString('utf8') }),
        () => null,
      );
      this.cache.set(key, pending);
    }
    return pending;
  }
}

/** Resolves a reference from a page or chunk to a site-absolute path, or null for another origin / a bare specifier. */
export function resolveUrl(specifier: string, fromUrl: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier) || specifier.startsWith('//')) return null;
  if (!specifier.startsWith('/') && !specifier.startsWith('.')) return null;
  return new URL(specifier, `http://site${fromUrl}`).pathname;
}

function isExternal(specifier: string): boolean {
  return /^(https?:)?\/\//i.test(specifier);
}

/** Measures one page of a build: its HTML and everything it links, from disk. */
export async function analysePage(reader: AssetReader, pageUrl: string, html: string): Promise<PageWeight> {
  const tags = findTags(html);
  const missing: string[] = [];
  const external: string[] = [];

  // Roots of the JS graph, each with the reason it loads and whether it loads without scrolling.
  const roots: { url: string; via: string; eager: boolean }[] = [];
  const blockingClassic: string[] = [];
  const cssLinks: { url: string; blocking: boolean }[] = [];
  const islands: { component: string; directive: string }[] = [];
  let inlineScriptBytes = 0;

  const addRoot = (specifier: string | undefined, via: string, eager: boolean, from = pageUrl) => {
    if (!specifier) return;
    if (isExternal(specifier)) {
      external.push(specifier);
      return;
    }
    const url = resolveUrl(specifier, from);
    if (url) roots.push({ url, via, eager });
  };

  for (const tag of tags) {
    if (tag.name === 'script') {
      const src = tag.attrs['src'];
      if (src === undefined) {
        inlineScriptBytes += Buffer.byteLength(tag.body ?? '');
        if (isModuleScript(tag)) for (const specifier of await staticImports(tag.body ?? '')) addRoot(specifier, 'inline-import', true);
        continue;
      }
      if (isModuleScript(tag)) addRoot(src, 'script', true);
      else if (isClassicScript(tag)) {
        addRoot(src, 'classic-script', true);
        const blocking = tag.inHead && !('async' in tag.attrs) && !('defer' in tag.attrs);
        const url = isExternal(src) ? null : resolveUrl(src, pageUrl);
        if (blocking && url) blockingClassic.push(url);
      }
    } else if (tag.name === 'link') {
      const rel = (tag.attrs['rel'] ?? '').toLowerCase().split(/\s+/);
      const href = tag.attrs['href'];
      if (!href) continue;
      if (rel.includes('modulepreload')) addRoot(href, 'modulepreload', true);
      else if (rel.includes('stylesheet')) {
        if (isExternal(href)) external.push(href);
        const url = resolveUrl(href, pageUrl);
        if (url) cssLinks.push({ url, blocking: isRenderBlockingStylesheet(tag) });
      }
    } else if (tag.name === 'astro-island') {
      const directive = tag.attrs['client'] ?? 'unknown';
      const name = /"name":"([^"]+)"/.exec(tag.attrs['opts'] ?? '')?.[1] ?? tag.attrs['component-url'] ?? 'island';
      islands.push({ component: name, directive });
      const eager = directive !== 'visible' && directive !== 'media';
      addRoot(tag.attrs['component-url'], `island:${name} (client:${directive})`, eager);
      addRoot(tag.attrs['renderer-url'], `renderer of ${name}`, eager);
      addRoot(tag.attrs['before-hydration-url'], `before-hydration of ${name}`, eager);
    }
  }

  // Walk the static import graph: breadth first, each file once; a file is eager if any eager root reaches it.
  const js = new Map<string, Asset & { eager: boolean }>();
  const queue = [...roots];
  while (queue.length > 0) {
    const item = queue.shift();
    if (!item) break;
    const known = js.get(item.url);
    if (known) {
      if (item.eager && !known.eager) {
        known.eager = true;
        const loaded = await reader.load(item.url);
        if (loaded)
          for (const specifier of await staticImports(loaded.code)) {
            const url = resolveUrl(specifier, item.url);
            if (url) queue.push({ url, via: 'import', eager: true });
          }
      }
      continue;
    }
    const loaded = await reader.load(item.url);
    if (!loaded) {
      missing.push(item.url);
      continue;
    }
    js.set(item.url, { url: item.url, sizes: loaded.sizes, via: item.via, react: reactIn(loaded.code), eager: item.eager });
    for (const specifier of await staticImports(loaded.code)) {
      if (isExternal(specifier)) {
        external.push(specifier);
        continue;
      }
      const url = resolveUrl(specifier, item.url);
      if (url) queue.push({ url, via: 'import', eager: item.eager });
    }
  }

  const css: Asset[] = [];
  for (const link of cssLinks) {
    if (css.some((asset) => asset.url === link.url)) continue;
    const loaded = await reader.load(link.url);
    if (!loaded) {
      missing.push(link.url);
      continue;
    }
    css.push({ url: link.url, sizes: loaded.sizes, via: link.blocking ? 'blocking' : 'non-blocking' });
  }

  const htmlSizes = sizesOf(html);
  const blockingCss = css.filter((asset) => asset.via === 'blocking').map((asset) => asset.sizes);
  const blockingJs = blockingClassic.map((url) => js.get(url)?.sizes).filter((sizes): sizes is Sizes => sizes !== undefined);
  const jsFiles = [...js.values()];
  const inlineStyleBytes = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce(
    (sum, match) => sum + Buffer.byteLength(match[1] ?? ''),
    0,
  );

  return {
    html: htmlSizes,
    inlineScriptBytes,
    inlineStyleBytes,
    css: { files: css, total: addSizes(css.map((asset) => asset.sizes)), blocking: addSizes(blockingCss) },
    js: {
      files: jsFiles.map(({ eager: _eager, ...asset }) => asset),
      total: addSizes(jsFiles.map((asset) => asset.sizes)),
      eager: addSizes(jsFiles.filter((asset) => asset.eager).map((asset) => asset.sizes)),
    },
    firstRender: addSizes([htmlSizes, ...blockingCss, ...blockingJs]),
    islands,
    reactDom: jsFiles.filter((asset) => asset.react === 'react-dom').map((asset) => asset.url),
    reactCore: jsFiles.filter((asset) => asset.react === 'react').map((asset) => asset.url),
    missing: [...new Set(missing)],
    external: [...new Set(external)],
  };
}

/** Measures a built page from its file. */
export async function analysePageFile(reader: AssetReader, pageUrl: string, file: string): Promise<PageWeight> {
  return analysePage(reader, pageUrl, await readFile(file, 'utf8'));
}
