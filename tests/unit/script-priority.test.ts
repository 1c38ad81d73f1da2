import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { lowPriorityScripts, withLowPriorityTemplate } from '../../scripts/lib/script-priority.ts';

// The file the build bundles (not an export of the package, so found beside its package.json).
const ASTRO = dirname(createRequire(import.meta.url).resolve('astro/package.json'));
const RENDERER = join(ASTRO, 'dist/runtime/server/render/script.js');

describe('lowPriorityScripts', () => {
  test("marks the bundled-script template of the installed Astro's renderer, and only that", () => {
    const source = readFileSync(RENDERER, 'utf8');
    const out = withLowPriorityTemplate(source);
    expect(out).toContain('<script type="module" fetchpriority="low" src="');
    expect(out).not.toContain('<script type="module" src="');
    // The inline-script template carries no src and stays as it is.
    expect(out).toContain('<script type="module">');
  });

  test('stops the build when Astro writes its script tags another way', () => {
    expect(() => withLowPriorityTemplate('content = `<script src="${resolved}"></script>`;')).toThrow(/no longer writes/);
  });

  test('transforms only the renderer module', () => {
    const plugin = lowPriorityScripts();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined;
    expect(transform('<script type="module" src="', '/app/src/pages/index.astro')).toBeUndefined();
    expect(transform('<script type="module" src="', RENDERER)?.code).toBe('<script type="module" fetchpriority="low" src="');
  });
});
