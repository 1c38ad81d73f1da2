/**
 * Build-only modules (`*.build.ts`: the catalogue read, page keys, sheet building) never reach the browser: the
 * client build stops on one, naming it and what imported it. They may use Node and build-time dependencies.
 */
import type { Plugin } from 'vite';

export const BUILD_ONLY_MODULE = /\.build\.ts$/;

export function buildOnlyModules(): Plugin {
  return {
    name: 'thela:build-only-modules',
    enforce: 'pre',
    // Imports name their files with the extension, so the specifier says it; load() catches any other way in.
    resolveId(source, importer) {
      if (this.environment.name === 'client' && BUILD_ONLY_MODULE.test(source.split('?')[0] ?? '')) {
        this.error(`${source} is build-only (*.build.ts) but the browser build imports it from ${importer ?? 'an entry'}`);
      }
      return null;
    },
    load(id) {
      const file = id.split('?')[0] ?? '';
      if (this.environment.name === 'client' && BUILD_ONLY_MODULE.test(file)) {
        this.error(`${file} is build-only (*.build.ts) but the browser build loads it`);
      }
      return null;
    },
  };
}
