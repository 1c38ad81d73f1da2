import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import type { AstroIntegration } from 'astro';
import {
  afterPaintScripts,
  afterPaintTemplates,
  CHECKED_ASTRO,
  checkAstroVersion,
  ISLAND_RUNTIME_FILE,
  withAfterPaintIslandRuntime,
  withAfterPaintTemplate,
} from '../../scripts/integrations/after-paint-scripts.ts';

// The file the build bundles (not an export of the package, so found beside its package.json).
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
    expect(out).not.toContain('islandScript}</script>');
    // The directive scripts stay inline: small, and each page needs only its own.
    expect(out).toContain('<script>${getDirectiveScriptText(result, directive)}</script>');
    expect(ISLAND_RUNTIME_FILE).toMatch(/^_astro\/astro-island\.[\w-]{8}\.js$/);
  });

  test('stops the build when Astro writes its script tags another way, naming the file and the Astro it was checked against', () => {
    const named = new RegExp(
      `no longer writes .*scripts/integrations/after-paint-scripts\\.ts \\(checked against Astro ${CHECKED_ASTRO}\\)`,
    );
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

describe('checkAstroVersion', () => {
  test('passes the installed Astro: CHECKED_ASTRO is its major and minor', () => {
    const installed = (JSON.parse(readFileSync(join(ASTRO, 'package.json'), 'utf8')) as { version: string }).version;
    expect(() => checkAstroVersion(installed)).not.toThrow();
  });

  test("passes another patch release (the templates' string match still guards it)", () => {
    const [major, minor] = CHECKED_ASTRO.split('.');
    expect(() => checkAstroVersion(`${major}.${minor}.99`)).not.toThrow();
  });

  test('stops the build on another minor or major release, or a pre-release of one, naming the file to revisit', () => {
    const [major, minor] = CHECKED_ASTRO.split('.').map(Number) as [number, number];
    for (const version of [`${major}.${minor + 1}.0`, `${major + 1}.0.0`, `${major}.${minor + 1}.0-beta.1`, `${major - 1}.${minor}.0`])
      expect(() => checkAstroVersion(version), version).toThrow(`Astro ${version} is installed`);
    expect(() => checkAstroVersion(`${major}.${minor + 1}.0`)).toThrow(
      `scripts/integrations/after-paint-scripts.ts (checked against Astro ${CHECKED_ASTRO})`,
    );
  });

  test('the integration checks the version before a build, not under astro dev', () => {
    const setup = (version: string, command: string) => () =>
      (afterPaintScripts(version).hooks as Required<AstroIntegration['hooks']>)['astro:config:setup']({
        command,
        updateConfig: () => {},
      } as never);
    expect(setup('99.0.0', 'build')).toThrow(/Astro 99\.0\.0 is installed/);
    expect(setup('99.0.0', 'dev')).not.toThrow();
    expect(setup(CHECKED_ASTRO, 'build')).not.toThrow();
  });
});
