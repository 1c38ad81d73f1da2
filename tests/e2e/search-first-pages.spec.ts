/**
 * The build's first pages (src/lib/search/README.md, "First pages") answer as the search does: every file of the sample's, the
 * 10,000-product and the operator's build is compared with what the page's own search code, run in Chromium over that served build,
 * shows on its first screen (cards in order, total, out-of-stock count, correction).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { expect, test } from '@playwright/test';
import { FIRST_PAGE_DIR } from '../../src/lib/search/first-page.ts';
import { startSwitchableServer } from './support/static-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILDS = ['dist', process.env['SCALE_OUT_DIR'] ?? 'dist-scale', 'dist-operator'];

test.use({ bypassCSP: true });

for (const dist of BUILDS) {
  test(`every first page of ${dist} is the search's own first screen`, async ({ page }) => {
    test.setTimeout(240_000);
    const folder = path.join(ROOT, dist, FIRST_PAGE_DIR);
    expect(existsSync(folder), `${folder}: build ${dist} first`).toBe(true);
    const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
    expect(names.length).toBeGreaterThan(50);
    const files = await Promise.all(
      names.map(async (name) => JSON.parse(await readFile(path.join(folder, name), 'utf8')) as Record<string, unknown>),
    );
    const bundled = await build({
      entryPoints: [path.join(import.meta.dirname, 'support/first-page-search.ts')],
      bundle: true,
      write: false,
      format: 'esm',
      target: 'es2022',
    });
    const server = await startSwitchableServer(path.join(ROOT, dist), { record: false });
    try {
      await page.goto(`${server.origin}/offline/`);
      await page.addScriptTag({ type: 'module', content: bundled.outputFiles[0]?.text ?? '' });
      await page.waitForFunction(() => 'firstScreen' in globalThis);
      const keys = files.map((file) => String(file['key']));
      const screens = await page.evaluate(async (queries) => {
        const run = (globalThis as unknown as { firstScreen: (q: string) => Promise<unknown> }).firstScreen;
        const out: unknown[] = [];
        for (const q of queries) out.push(await run(q));
        return out;
      }, keys);
      const differing = files.flatMap((file, i) => {
        const expected = {
          total: file['total'],
          outOfStock: file['outOfStock'],
          correction: file['correction'] ?? null,
          cards: file['cards'],
        };
        return JSON.stringify(screens[i]) === JSON.stringify(expected) ? [] : [{ key: keys[i], file: expected, search: screens[i] }];
      });
      expect(differing.slice(0, 3), `${differing.length} of ${files.length} first pages differ from the search`).toEqual([]);
    } finally {
      await server.close();
    }
  });
}
