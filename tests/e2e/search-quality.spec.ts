/**
 * The search quality set (tests/fixtures/search-queries.json) over the real Pagefind index of the built sample
 * catalogue, through the site's own query code (expandQuery, searchProducts with typo correction), in Node: no
 * browser needed (search-node.ts). Runs in `npm test` after the build. Also measures false corrections: no word
 * the index knows is ever corrected, and nonsense still finds nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { correctedText, parseVocabulary } from '../../src/lib/search/correction.ts';
import { normalizeWords } from '../../src/lib/search/synonyms.ts';
import { availableById } from './support/search.ts';
import { openBuiltSearch, type BuiltSearch } from './search-node.ts';

interface QualityQuery {
  query: string;
  kind: string;
  top5: string;
  corrected: string | null;
}
const fixture = JSON.parse(readFileSync(new URL('../fixtures/search-queries.json', import.meta.url), 'utf8')) as {
  queries: QualityQuery[];
  nonsense: string[];
};
const dist = path.resolve(process.env['OUT_DIR'] || 'dist');

test.describe('search quality over the built index', () => {
  test.describe.configure({ mode: 'serial' });
  let search: BuiltSearch;
  test.beforeAll(async () => {
    search = await openBuiltSearch(dist);
  });
  test.afterAll(() => search?.close());

  test('the set is realistic: at least 60 queries of every kind, each naming an available product', () => {
    expect(fixture.queries.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(fixture.queries.map((q) => q.kind));
    for (const kind of ['typo', 'hinglish', 'brand', 'alias', 'plural', 'pack']) expect(kinds).toContain(kind);
    for (const q of fixture.queries) expect(availableById.has(q.top5), `${q.query}: ${q.top5}`).toBe(true);
  });

  test('every query finds its product in the first 5 results, corrected only where expected', async () => {
    const failures: string[] = [];
    for (const q of fixture.queries) {
      const found = await search.search(q.query);
      const shown = found.correction ? correctedText(q.query, found.correction.changes) : null;
      if (!found.ids.includes(q.top5))
        failures.push(`"${q.query}" (${q.kind}): ${q.top5} not in the first 5: ${found.ids.join(', ') || 'nothing'}`);
      if (shown !== q.corrected)
        failures.push(`"${q.query}": showed results for ${JSON.stringify(shown)}, expected ${JSON.stringify(q.corrected)}`);
    }
    expect(failures).toEqual([]);
  });

  test('false corrections: no word the index knows is ever corrected', async () => {
    const vocabulary = parseVocabulary(JSON.parse(readFileSync(path.join(dist, 'pagefind', 'vocabulary.json'), 'utf8')));
    expect(vocabulary).not.toBeNull();
    // Every word of every available product's name (and the vocabulary's own words through the page's cache).
    const words = new Set<string>();
    for (const product of availableById.values())
      for (const word of normalizeWords(product.name).split(' ')) if (/^\p{L}{3,}$/u.test(word)) words.add(word);
    const changed: string[] = [];
    for (const word of words) {
      const found = await search.search(word);
      if (found.correction) changed.push(`${word} -> ${JSON.stringify(found.correction.changes)}`);
      if (found.total === 0) changed.push(`${word} found nothing`);
    }
    test.info().annotations.push({ type: 'false corrections', description: `${changed.length} of ${words.size} catalogue words` });
    expect(words.size).toBeGreaterThan(300);
    expect(changed).toEqual([]);
  });

  test('nonsense finds nothing and is not "corrected" into something', async () => {
    for (const query of fixture.nonsense) {
      const found = await search.search(query);
      expect(found.total, query).toBe(0);
      expect(found.correction, query).toBeUndefined();
    }
    // Exact search (the "Search instead for" link) never corrects.
    const exact = await search.search('mlik', { exact: true });
    expect(exact.total).toBe(0);
    expect(exact.correction).toBeUndefined();
  });
});
