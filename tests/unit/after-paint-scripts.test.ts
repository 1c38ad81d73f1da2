import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import {
  afterPaintTemplates,
  INLINED_SCRIPT_OWNER,
  inlinesScript,
  ISLAND_RUNTIME_FILE,
  withAfterPaintIslandRuntime,
  withAfterPaintTemplate,
} from '../../scripts/integrations/after-paint-scripts.ts';

// The contract of scripts/integrations/after-paint-scripts.ts with the installed Astro: the files the build bundles
// (not exports of the package, so found beside its package.json) still have the shape it rewrites.
const ASTRO = dirname(createRequire(import.meta.url).resolve('astro/package.json'));
const RENDERER = join(ASTRO, 'dist/runtime/server/render/script.js');
const PRESCRIPTS = join(ASTRO, 'dist/runtime/server/scripts.js');

describe('afterPaintTemplates', () => {
  test("holds back the bundled-script template of the installed Astro's renderer, and only that", () => {
    const source = readFileSync(RENDERER, 'utf8');
    const out = withAfterPaintTemplate(source);
    expect(out).toContain('<script type="thela/after-paint" src="');
    expect(out).not.toContain('<script type="module" src="');
    // The inline-script template carries no src and stays as it is.
    expect(out).toContain('<script type="module">');
  });

  test("replaces the installed Astro's inline island runtime with its file, loaded after the first paint", () => {
    const out = withAfterPaintIslandRuntime(readFileSync(PRESCRIPTS, 'utf8'));
    expect(out).toContain(`<script type="thela/after-paint" src="/${ISLAND_RUNTIME_FILE}"></script>`);
    expect(out).not.toContain('islandScript}<\\/script>');
    // The directive scripts stay inline: small, and each page needs only its own.
    expect(out).toContain('<script>${getDirectiveScriptText(result, directive)}<\\/script>');
    expect(ISLAND_RUNTIME_FILE).toMatch(/^_astro\/astro-island\.[\w-]{8}\.js$/);
  });

  test('stops the build when Astro writes its script tags another way, naming the file to revisit', () => {
    const named = new RegExp('no longer writes .*; update scripts/integrations/after-paint-scripts\\.ts$');
    expect(() => withAfterPaintTemplate('content = `<script src="${resolved}"></script>`;')).toThrow(named);
    expect(() => withAfterPaintIslandRuntime('return `<script>${islandScript}</script>`;')).toThrow(named);
  });

  test('transforms only the renderer module', () => {
    const plugin = afterPaintTemplates();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
    expect(transform('<script type="module" src="', '/app/src/pages/index.astro')).toBeUndefined();
    expect(transform('<script type="module" src="', RENDERER)?.code).toBe('<script type="thela/after-paint" src="');
    expect(transform(readFileSync(PRESCRIPTS, 'utf8'), PRESCRIPTS)?.code).toContain(ISLAND_RUNTIME_FILE);
  });
});

describe('the inlined loader', () => {
  test('the layout named in scripts/integrations/after-paint-scripts.ts exists and holds the after-paint loader', () => {
    const layout = readFileSync(INLINED_SCRIPT_OWNER, 'utf8');
    expect(layout, `${INLINED_SCRIPT_OWNER}: update INLINED_SCRIPT_OWNER in scripts/integrations/after-paint-scripts.ts`).toMatch(
      /<script>[\s\S]*from '\.\.\/browser\/after-paint(\.ts)?'[\s\S]*<\/script>/,
    );
    // What Astro 7.3 passed (the module id) and 7.4 passes (the output name); the build stops when neither matches.
    expect(inlinesScript(`/work/${INLINED_SCRIPT_OWNER}?astro&type=script&index=0&lang.ts`)).toBe(true);
    expect(inlinesScript('_astro/BaseLayout.astro_astro_type_script_index_0_lang.v-r_esZF.js')).toBe(true);
    expect(inlinesScript('/work/src/pages/cart.astro?astro&type=script&index=0&lang.ts')).toBe(false);
    expect(inlinesScript('_astro/SubpageLayout.astro_astro_type_script_index_0_lang.x.js')).toBe(false);
  });
});
