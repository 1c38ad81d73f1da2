/** The guard that keeps build-only modules (`*.build.ts`) out of the browser build (scripts/integrations/build-only.ts). */
import { describe, expect, it } from 'vitest';
import { buildOnlyModules } from '../../scripts/integrations/build-only.ts';

/** The plugin's hooks called as Vite calls them in the named environment. */
function hooks(environment: string) {
  const plugin = buildOnlyModules();
  const context = {
    environment: { name: environment },
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return {
    resolve: (source: string, importer?: string) =>
      (plugin.resolveId as (this: unknown, source: string, importer?: string) => unknown).call(context, source, importer),
    load: (id: string) => (plugin.load as (this: unknown, id: string) => unknown).call(context, id),
  };
}

describe('build-only modules', () => {
  it('stop the browser build on an import of a *.build.ts module, naming it and its importer', () => {
    expect(() => hooks('client').resolve('../lib/catalogue/cache-keys.build.ts', '/site/src/islands/SearchPage.tsx')).toThrow(
      '../lib/catalogue/cache-keys.build.ts is build-only (*.build.ts) but the browser build imports it from /site/src/islands/SearchPage.tsx',
    );
    expect(() => hooks('client').load('/site/src/lib/catalogue/catalogue.build.ts?v=1')).toThrow(/catalogue\.build\.ts is build-only/);
  });

  it('are free to the server build, and the browser build to everything else', () => {
    expect(hooks('ssr').resolve('./cache-keys.build.ts', '/site/src/pages/index.astro')).toBeNull();
    expect(hooks('ssr').load('/site/src/lib/catalogue/cache-keys.build.ts')).toBeNull();
    expect(hooks('client').resolve('../lib/catalogue/browser.ts', '/site/src/islands/FeaturedList.tsx')).toBeNull();
    expect(hooks('client').load('/site/src/lib/building.ts')).toBeNull();
  });
});
