/**
 * `node scripts/build-search-vocab.ts [DIR]` (DIR default $OUT_DIR, else dist): writes DIR/pagefind/vocabulary.json, the words typo correction
 * corrects towards (src/lib/search/correction.ts), from what Pagefind indexed: every fragment file of DIR/pagefind
 * (one per indexed product: its text, title and pack size). Run by scripts/build.ts after Pagefind.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { countWords, fragmentText, vocabularyFile } from '../src/lib/search/vocabulary.ts';
import { parseOutDirCommand } from './lib/cli.ts';

const HELP = `Usage: node scripts/build-search-vocab.ts [DIR]

Writes DIR/pagefind/vocabulary.json (DIR: the built site; default $OUT_DIR, else dist), the words typo correction
corrects towards, from the fragment files Pagefind wrote. A step of npm run build, after Pagefind.

Options:
  -h, --help   this help`;

/** Pagefind's compressed files are gzip of this signature followed by the data. */
const SIGNATURE = 'pagefind_dcd';

/** The parsed JSON of one Pagefind fragment file. */
export function readFragment(file: Buffer): unknown {
  const data = gunzipSync(file);
  const body = data.subarray(0, SIGNATURE.length).toString('latin1') === SIGNATURE ? data.subarray(SIGNATURE.length) : data;
  return JSON.parse(body.toString('utf8'));
}

/** The searchable text of every fragment under `pagefindDir`, read a batch at a time. */
export async function* fragmentTexts(pagefindDir: string): AsyncGenerator<string> {
  const dir = path.join(pagefindDir, 'fragment');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.pf_fragment')).sort();
  const BATCH = 256;
  for (let i = 0; i < names.length; i += BATCH) {
    const files = await Promise.all(names.slice(i, i + BATCH).map((n) => readFile(path.join(dir, n))));
    for (const file of files) yield fragmentText(readFragment(file));
  }
}

async function main(outDir: string): Promise<void> {
  const pagefindDir = path.join(outDir, 'pagefind');
  const started = performance.now();
  const texts: string[] = [];
  for await (const text of fragmentTexts(pagefindDir)) texts.push(text);
  const counts = countWords(texts);
  const json = JSON.stringify(vocabularyFile(counts));
  const target = path.join(pagefindDir, 'vocabulary.json');
  await writeFile(target, json);
  const gz = gzipSync(json, { level: 9 }).length;
  console.log(
    `search vocabulary: ${counts.size} words from ${texts.length} products, ${(json.length / 1024).toFixed(1)} KiB (${(gz / 1024).toFixed(1)} KiB gzipped) in ${Math.round(performance.now() - started)} ms -> ${path.relative(process.cwd(), target)}`,
  );
}

if (import.meta.main) {
  main(parseOutDirCommand('build-search-vocab', HELP, {}).outDir).catch((error: unknown) => {
    console.error('search vocabulary failed:', error);
    process.exit(1);
  });
}
