/** Page weight from a build on disk, without a browser (definitions: bench/README.md, "Page weight per page type"). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';
import type { FirstLoad } from './browser.ts';
import { addSizes, sizesOf, type Sizes } from './util.ts';
import { AFTER_PAINT_TYPE } from '../../src/browser/after-paint.ts';

/** One script, link or astro-island tag (attribute names lower-cased; valueless ones map to ''); `body`: a script's text. */
type Tag = { name: string; attrs: Record<string, string>; inHead: boolean; body?: string };

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'", '#34': '"' };

export function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = (match[1] ?? '').toLowerCase();
    attrs[name] ??= (match[2] ?? match[3] ?? match[4] ?? '').replace(
      /&(amp|quot|apos|lt|gt|#39|#34);/g,
      (all, e: string) => ENTITIES[e] ?? all,
    );
  }
  return attrs;
}

/** The script, link and astro-island tags of a page, in document order (HTML comments skipped). */
export function findTags(html: string): Tag[] {
  const source = html.replace(/<!--[\s\S]*?-->/g, (comment) => ' '.repeat(comment.length));
  const headEnd = source.search(/<\/head\s*>|<body[\s>]/i);
  const tags: Tag[] = [];
  const pattern = /<(script|link|astro-island)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  for (let match; (match = pattern.exec(source)) !== null;) {
    const tag: Tag = {
      name: (match[1] ?? '').toLowerCase(),
      attrs: parseAttributes(match[2] ?? ''),
      inHead: headEnd === -1 || match.index < headEnd,
    };
    if (tag.name === 'script') {
      const close = source.indexOf('</script', pattern.lastIndex);
      const end = close === -1 ? source.length : close;
      tag.body = source.slice(pattern.lastIndex, end);
      pattern.lastIndex = end;
    }
    tags.push(tag);
  }
  return tags;
}

const relOf = (tag: Tag) => (tag.attrs['rel'] ?? '').toLowerCase().split(/\s+/);
const typeOf = (tag: Tag) => (tag.attrs['type'] ?? '').toLowerCase();

/** A stylesheet link in <head>, not alternate or disabled, with no media other than all/screen. */
export function isRenderBlockingStylesheet(tag: Tag): boolean {
  const rel = relOf(tag);
  if (tag.name !== 'link' || !tag.inHead || !rel.includes('stylesheet') || rel.includes('alternate') || 'disabled' in tag.attrs)
    return false;
  return ['', 'all', 'screen'].includes((tag.attrs['media'] ?? '').trim().toLowerCase());
}

/** Static import specifiers of a module (import/export ... from, bare import); dynamic import() excluded. */
export async function staticImports(code: string): Promise<string[]> {
  await init;
  try {
    return parse(code)[0].flatMap((item) => (item.d === -1 && item.n !== undefined ? [item.n] : []));
  } catch {
    return [];
  }
}

/** Which React a chunk contains (by strings that survive minification): React DOM, React's core, or none. */
export function reactIn(code: string): 'react-dom' | 'react' | null {
  if (code.includes('__reactFiber$') || code.includes('__reactContainer$')) return 'react-dom';
  return code.includes('react.transitional.element') || code.includes('react.element') ? 'react' : null;
}

/** One JS or CSS file a page loads. `via`: JS, what brought it in ("script", "island:Name", "import"...); CSS, blocking or not. */
type Asset = { url: string; sizes: Sizes; via: string; react?: ReturnType<typeof reactIn> };

/** One built page's weight: `js.eager` without client:visible/media islands; inline script and style bytes are part of `html`. */
export type PageWeight = Awaited<ReturnType<typeof analysePage>>;

/** Page weights by page type: static, and the first load in Chromium (main.ts), or why the page is missing. */
export type Weights = Record<string, { url: string; static: PageWeight; firstLoad: FirstLoad | null } | { missing: string }>;

/** Reads and sizes the assets of one build directory, once each. */
export class AssetReader {
  private readonly cache = new Map<string, Promise<{ sizes: Sizes; code: string } | null>>();
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** Null if the build has no such file. */
  load(url: string): Promise<{ sizes: Sizes; code: string } | null> {
    const key = url.split(/[?#]/)[0] ?? '';
    const read = (buffer: Buffer) => ({ sizes: sizesOf(buffer), code: buffer.toString('utf8') });
    const pending = this.cache.get(key) ?? readFile(path.join(this.dir, decodeURIComponent(key))).then(read, () => null);
    this.cache.set(key, pending);
    return pending;
  }
}

const isExternal = (specifier: string) => /^(https?:)?\/\//i.test(specifier);

/** A reference from a page or chunk as a site-absolute path; null for another origin or a bare specifier. */
export function resolveUrl(specifier: string, fromUrl: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier) || specifier.startsWith('//')) return null;
  if (!specifier.startsWith('/') && !specifier.startsWith('.')) return null;
  return new URL(specifier, `http://site${fromUrl}`).pathname;
}

/** `missing`: assets named but not in the build; `external`: references to another origin. */
export async function analysePage(reader: AssetReader, pageUrl: string, html: string) {
  const [missing, external, blockingClassic]: [string[], string[], string[]] = [[], [], []];
  // Roots of the JS graph: why each loads, and whether without scrolling.
  const roots: { url: string; via: string; eager: boolean }[] = [];
  const cssLinks: { url: string; blocking: boolean }[] = [];
  const islands: { component: string; directive: string }[] = [];
  let inlineScriptBytes = 0;
  /** `specifier` from the page or chunk `from` as a site path (a reference to another origin noted as such). */
  const local = (specifier: string, from = pageUrl) => {
    if (isExternal(specifier)) external.push(specifier);
    return resolveUrl(specifier, from);
  };
  const addRoot = (specifier: string | undefined, via: string, eager: boolean) => {
    const url = specifier && local(specifier);
    if (url) roots.push({ url, via, eager });
  };

  for (const tag of findTags(html)) {
    const type = typeOf(tag);
    // Page scripts the after-paint loader runs as modules (src/browser/after-paint.ts) count as module scripts.
    const module = type === 'module' || type === AFTER_PAINT_TYPE;
    const src = tag.attrs['src'];
    if (tag.name === 'script' && src === undefined) {
      inlineScriptBytes += Buffer.byteLength(tag.body ?? '');
      if (module) for (const specifier of await staticImports(tag.body ?? '')) addRoot(specifier, 'inline-import', true);
    } else if (tag.name === 'script' && module) addRoot(src, 'script', true);
    else if (tag.name === 'script' && ['', 'text/javascript', 'application/javascript'].includes(type) && src) {
      addRoot(src, 'classic-script', true);
      const url = resolveUrl(src, pageUrl);
      if (tag.inHead && !('async' in tag.attrs) && !('defer' in tag.attrs) && url) blockingClassic.push(url);
    } else if (tag.name === 'link' && tag.attrs['href']) {
      const href = tag.attrs['href'];
      if (relOf(tag).includes('modulepreload')) addRoot(href, 'modulepreload', true);
      else if (relOf(tag).includes('stylesheet')) {
        const url = local(href);
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

  // The static import graph, breadth first, each file once; a file is eager if any eager root reaches it.
  const js = new Map<string, Asset & { eager: boolean }>();
  for (let item = roots.shift(); item; item = roots.shift()) {
    const known = js.get(item.url);
    if (known && (known.eager || !item.eager)) continue;
    const loaded = await reader.load(item.url);
    if (!loaded) {
      missing.push(item.url);
      continue;
    }
    if (known) known.eager = true;
    else js.set(item.url, { url: item.url, sizes: loaded.sizes, via: item.via, react: reactIn(loaded.code), eager: item.eager });
    for (const specifier of await staticImports(loaded.code)) {
      const url = local(specifier, item.url);
      if (url) roots.push({ url, via: 'import', eager: item.eager });
    }
  }

  const css: Asset[] = [];
  for (const link of cssLinks) {
    if (css.some((asset) => asset.url === link.url)) continue;
    const loaded = await reader.load(link.url);
    if (loaded) css.push({ url: link.url, sizes: loaded.sizes, via: link.blocking ? 'blocking' : 'non-blocking' });
    else missing.push(link.url);
  }

  const htmlSizes = sizesOf(html);
  const blockingCss = css.filter((asset) => asset.via === 'blocking').map((asset) => asset.sizes);
  const blockingJs = blockingClassic.flatMap((url) => js.get(url)?.sizes ?? []);
  const jsFiles = [...js.values()];
  const inlineStyleBytes = Buffer.byteLength(Array.from(html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi), (m) => m[1] ?? '').join(''));
  const urlsWith = (react: string) => jsFiles.filter((asset) => asset.react === react).map((asset) => asset.url);
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
    reactDom: urlsWith('react-dom'),
    reactCore: urlsWith('react'),
    missing: [...new Set(missing)],
    external: [...new Set(external)],
  };
}

export async function analysePageFile(reader: AssetReader, pageUrl: string, file: string): Promise<PageWeight> {
  return analysePage(reader, pageUrl, await readFile(file, 'utf8'));
}
