/**
 * Page weight of the built site, read from disk: the JavaScript a page references (module scripts, island
 * components and renderers, followed through their static imports) and its HTML + stylesheets, gzipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The built site's directory (OUT_DIR, as astro.config.mjs reads it). */
export const outDir = process.env['OUT_DIR'] || 'dist';

const gz = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;

/** The HTML file of a site path ("/product/x" -> <outDir>/product/x/index.html). */
export function htmlFile(path: string): string {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return clean === '' ? join(outDir, 'index.html') : join(outDir, clean, 'index.html');
}

/** Site-relative .js URLs a JS module imports statically (`import "./x.js"`, `from "./x.js"`). Dynamic import() is not counted: it loads on demand. */
function staticImports(code: string, from: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*${},\s]+from\s*)?["']([^"']+\.js)["']/g)) {
    const spec = m[1] as string;
    out.push(spec.startsWith('/') ? spec : posix.join(posix.dirname(from), spec));
  }
  return out;
}

/** Every JS file (site-relative URL) a page loads up front, with its static import graph. */
export function pageScripts(html: string): string[] {
  const roots = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) roots.add(m[1] as string);
  for (const m of html.matchAll(/\s(?:component-url|renderer-url)="([^"]+)"/g)) roots.add(m[1] as string);
  for (const m of html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) {
    for (const spec of staticImports(m[1] as string, '/')) roots.add(spec);
  }
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const file = join(outDir, url);
    if (!existsSync(file)) continue;
    queue.push(...staticImports(readFileSync(file, 'utf8'), url));
  }
  return [...seen].filter((url) => existsSync(join(outDir, url)));
}

/** Gzipped bytes of what a page ships: external JS (each file gzipped on its own, as a server sends it), inline JS, HTML and stylesheets. */
export function pageWeight(path: string) {
  const html = readFileSync(htmlFile(path), 'utf8');
  const scripts = pageScripts(html);
  const jsGzip = scripts.reduce((sum, url) => sum + gz(readFileSync(join(outDir, url))), 0);
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string);
  const cssGzip = css.reduce((sum, url) => sum + gz(readFileSync(join(outDir, url))), 0);
  return {
    scripts,
    jsGzip,
    htmlGzip: gz(html),
    cssGzip,
    /** Whether the page loads React (an island renderer or react-dom chunk). */
    react: scripts.some((url) => /client\.[\w-]+\.js$|react/i.test(url)) || /renderer-url=/.test(html),
  };
}
