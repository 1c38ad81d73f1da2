/**
 * The search page's first-page scripts, bundled from the modules the island uses (no second copy) at build time: the starter inlined
 * first in the head (first-page-start.ts), and the script that shows the page (first-page-fill.ts), served beside the page under a
 * name of its content's hash (src/pages/search/[script].ts) with the templates made from SearchFirstPage.tsx inside it.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FirstPageTemplates } from '../../components/SearchFirstPage.tsx';
import { imageCdn } from '../image-cdn.ts';
import { forFirstPaint } from '../first-paint.ts';
import firstPageCss from '../../styles/first-page.css?inline';

const SEARCH_DIR = path.resolve('src/lib/search');

/** A script of `source` (TypeScript importing this folder's modules), minified for the browser. */
function bundle(source: string): string {
  const { outputFiles } = buildSync({
    stdin: { contents: source, resolveDir: SEARCH_DIR, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    legalComments: 'none',
  });
  return (outputFiles[0]?.text ?? '').trim();
}

const templates = renderToStaticMarkup(createElement(FirstPageTemplates));
const rendererCode = bundle(
  `import { showFirstPage } from './first-page-fill.ts'; showFirstPage(${JSON.stringify({ templates, css: forFirstPaint(firstPageCss), cdnPrefix: imageCdn })});`,
);

/** The script that shows the first page: its file name under /search/, and its text. */
export const FIRST_PAGE_RENDERER = {
  file: `first-page.${createHash('sha256').update(rendererCode).digest('hex').slice(0, 12)}.js`,
  code: rendererCode,
};

/** The head's inline starter, given the renderer's address. */
export const FIRST_PAGE_STARTER = bundle(
  `import { startFirstPage } from './first-page-start.ts'; startFirstPage(${JSON.stringify(`/search/${FIRST_PAGE_RENDERER.file}`)});`,
);
