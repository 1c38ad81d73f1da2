/**
 * Last build step: fails when a page of the built site links to nothing, listing each broken link and the pages
 * holding it (scripts/lib/links.ts). Pages unchanged since the last build are not read again.
 * Usage: node scripts/check-links.ts [DIR]   (DIR: the built site; default $OUT_DIR, else dist)
 */
import path from 'node:path';
import { parseOutDirCommand } from './lib/cli.ts';
import { fileResultsPath, openFileResults } from './lib/file-results.ts';
import { checkSiteLinks, formatBrokenLink, LINKS_VERSION } from './lib/links.ts';

const HELP = `Usage: node scripts/check-links.ts [DIR]

Fails (exit 1) when a page or data file of the built site in DIR (default $OUT_DIR, else dist) links to a file the
build did not write, listing each broken link and the pages holding it. The last step of npm run build.

Options:
  -h, --help   this help`;

/** How many broken links are listed before the rest are only counted. */
const LISTED = 30;

const { outDir } = parseOutDirCommand('check-links', HELP, {});
// Absolute links to the site's own origin (canonical, Open Graph) are internal too (astro.config.mjs reads SITE_URL so).
const origin = new URL(process.env['SITE_URL'] || 'http://localhost:4321').origin;
const started = performance.now();
const store = await openFileResults<string>(
  fileResultsPath('links'),
  `${LINKS_VERSION} ${origin}`,
  process.env['THELA_FULL_BUILD'] !== '1',
);
const report = await checkSiteLinks(outDir, origin, store);
await store.save();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (report.broken.length > 0) {
  console.error(
    `Broken links, build stopped: ${report.broken.length} link(s) in ${path.relative(process.cwd(), outDir) || outDir} lead nowhere:`,
  );
  for (const broken of report.broken.slice(0, LISTED)) console.error(`  ${formatBrokenLink(broken)}`);
  if (report.broken.length > LISTED) console.error(`  and ${report.broken.length - LISTED} more`);
  process.exit(1);
}
console.log(
  `check-links: ${report.links} links (distinct per page) on ${report.pages} pages and data files all resolve (${store.misses} read, ${store.hits} unchanged, ${seconds} s)`,
);
