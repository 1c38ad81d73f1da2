/**
 * `npm run build`: the Astro build, then the Pagefind index over what it wrote, then the search vocabulary for
 * typo correction (read back from Pagefind's files), then the service worker (its precache manifest lists this
 * build's files), then `_headers` with the security policy (hashes of the pages' inline scripts), and last the scan
 * of everything written for secrets.
 * One place for the sequence so `npm start`, the operators' rebuild and the benchmark build the same way.
 */
import { spawnSync } from 'node:child_process';

const outDir = process.env['OUT_DIR'] || 'dist';

function run(label: string, command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`build: ${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

run('astro build', 'astro', ['build']);
run('pagefind', 'pagefind', ['--site', outDir]);
run('search vocabulary', process.execPath, ['scripts/build-search-vocab.ts', outDir]);
run('service worker', process.execPath, ['scripts/build-sw.ts', outDir]);
run('security headers', process.execPath, ['scripts/build-headers.ts', outDir]);
run('secret scan', process.execPath, ['scripts/scan-secrets.ts', outDir]);
