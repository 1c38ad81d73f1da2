/**
 * Starts the pages' scripts and Astro's island runtime after the first paint by rewriting two of Astro's renderer templates
 * (the one place that relies on them); stops the build if they changed. tests/unit/after-paint-scripts.test.ts holds the
 * installed Astro's templates to that shape, and the browser tests the load order. Why and how: docs/architecture.md,
 * "After-paint scripts".
 */
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import { AFTER_PAINT_TYPE } from '../../src/browser/after-paint.ts';

const SCRIPT_RENDERER = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]script\.js$/;
const ISLAND_PRESCRIPTS = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]scripts\.js$/;
const BUNDLED_TAG = '<script type="module" src="';
const ISLAND_TAG = '<script>${process.env.NODE_ENV === "development" ? islandScriptDev : islandScript}<\\/script>';

const REVISIT = 'scripts/integrations/after-paint-scripts.ts';

/**
 * The one component whose script is inlined, not a file (astro.config.mjs, `assetsInlineLimit`): the layout's
 * after-paint loader, which must run without a request of its own. tests/unit/after-paint-scripts.test.ts checks
 * that this file exists and holds the loader, and the build stops if the loader was written as a file after all.
 */
export const INLINED_SCRIPT_OWNER = 'src/layouts/BaseLayout.astro';
const OWNER_NAME = INLINED_SCRIPT_OWNER.split('/').at(-1) as string;

/**
 * Whether Astro inlines the script `file`: the layout's loader's only. Astro 7.3 passed the script's module id
 * (`.../BaseLayout.astro?astro&type=script...`), 7.4 its output name (`_astro/BaseLayout.astro_astro_type_script...js`).
 */
export function inlinesScript(file: string): boolean {
  return file.split('/').at(-1)?.startsWith(OWNER_NAME) ?? false;
}

/** The island runtime's file, named by its content like Vite's own assets (served for a year, immutable). */
export const ISLAND_RUNTIME_FILE = `_astro/astro-island.${createHash('sha256').update(islandRuntime).digest('base64url').slice(0, 8)}.js`;

function rewrite(source: string, from: string, to: string, what: string): string {
  if (!source.includes(from)) {
    throw new Error(`thela:after-paint-scripts: Astro's renderer no longer writes ${what} as '${from}'; update ${REVISIT}`);
  }
  return source.replaceAll(from, to);
}

/** Astro's script renderer source with its bundled-script template held back until after the first paint. */
export function withAfterPaintTemplate(source: string): string {
  return rewrite(source, BUNDLED_TAG, `<script type="${AFTER_PAINT_TYPE}" src="`, 'its bundled-script tag');
}

/** Astro's island prescripts source with the inline island runtime replaced by a tag loading its file after the first paint. */
export function withAfterPaintIslandRuntime(source: string): string {
  return rewrite(source, ISLAND_TAG, `<script type="${AFTER_PAINT_TYPE}" src="/${ISLAND_RUNTIME_FILE}"></script>`, 'the island runtime');
}

/** The Vite plugin rewriting the two templates; builds only (`astro dev` serves every script as its own module). */
export function afterPaintTemplates(): Plugin {
  return {
    name: 'thela:after-paint-scripts',
    apply: 'build',
    transform(code, id) {
      if (SCRIPT_RENDERER.test(id)) return { code: withAfterPaintTemplate(code), map: null };
      if (ISLAND_PRESCRIPTS.test(id)) return { code: withAfterPaintIslandRuntime(code), map: null };
      return undefined;
    },
  };
}

/** The integration: the Vite plugin, and the island runtime's file written into the build. */
export function afterPaintScripts(): AstroIntegration {
  return {
    name: 'thela:after-paint-scripts',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [afterPaintTemplates()] } });
      },
      'astro:build:done': async ({ dir }) => {
        const written = (await readdir(fileURLToPath(new URL('_astro/', dir))).catch(() => [])).filter(inlinesScript);
        if (written.length) {
          throw new Error(
            `thela:after-paint-scripts: the layout's loader was written as a file (_astro/${written[0]}), not inlined; Astro passes assetsInlineLimit another name: update inlinesScript in ${REVISIT}`,
          );
        }
        await writeFile(fileURLToPath(new URL(ISLAND_RUNTIME_FILE, dir)), islandRuntime);
      },
    },
  };
}
