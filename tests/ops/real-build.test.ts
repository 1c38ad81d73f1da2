import { spawnSync } from 'node:child_process';
import { existsSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { memoryLogger } from '../../scripts/ops/lib/log.ts';
import { rebuild } from '../../scripts/ops/lib/pipeline.ts';
import { workspace } from './helpers.ts';

// Other builds may share this tree (and its .astro cache): queue behind them with flock where it exists.
const hasFlock = spawnSync('flock', ['--version']).status === 0;
const build = [process.execPath, 'node_modules/astro/bin/astro.mjs', 'build'];

test.skipIf(process.env['THELA_SKIP_REAL_BUILD'] === '1')(
  'the real build (astro, then the search index: THELA_SEARCH_INDEX=after) becomes a live release with index.html, 404.html and a search index',
  async () => {
    const ws = workspace({
      buildCommand: hasFlock ? ['flock', '/tmp/thela-build.lock', ...build] : build,
      buildTimeoutSeconds: 280,
      // The project's own cache (node_modules/.astro), shared with the other builds of this tree.
      buildCacheDir: null,
    });
    // The bundled sample catalogue: no network, whatever the machine's environment says.
    const saved = {
      url: process.env['PUBLIC_SUPABASE_URL'],
      key: process.env['PUBLIC_SUPABASE_ANON_KEY'],
      timing: process.env['THELA_SEARCH_INDEX'],
    };
    delete process.env['PUBLIC_SUPABASE_URL'];
    delete process.env['PUBLIC_SUPABASE_ANON_KEY'];
    // npm run build (the e2e tests' build) indexes beside Astro; this build covers the other order.
    process.env['THELA_SEARCH_INDEX'] = 'after';
    try {
      const result = await rebuild(ws.config, { log: memoryLogger(), trigger: 'test' });
      expect(result, result.reason).toMatchObject({ ok: true, live: true });
      const dir = path.join(ws.config.releasesDir, result.releaseId!);
      for (const file of ['index.html', '404.html', 'pagefind/pagefind.js', 'pagefind/vocabulary.json', '_headers', '.release.json'])
        expect(existsSync(path.join(dir, file)), file).toBe(true);
      expect(result.pages).toBeGreaterThan(10);
      expect(readlinkSync(ws.config.currentLink)).toBe(path.join('releases', result.releaseId!));
    } finally {
      if (saved.url !== undefined) process.env['PUBLIC_SUPABASE_URL'] = saved.url;
      if (saved.key !== undefined) process.env['PUBLIC_SUPABASE_ANON_KEY'] = saved.key;
      if (saved.timing === undefined) delete process.env['THELA_SEARCH_INDEX'];
      else process.env['THELA_SEARCH_INDEX'] = saved.timing;
      ws.cleanup();
    }
  },
  300_000,
);
