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
import { normalizeWords } from '../../src/lib/search/normalize.ts';
import { catalogue } from './support/search.ts';
import { openBuiltSearch, type BuiltSearch } from '../../scripts/lib/search-node.ts';

interface QualityQuery {
  query: string;
  kind: string;
  top5: string;
  corrected: string | null;
}
const fixture = JSON.parse(readFileSync(new URL('../fixtures/search-queries.json', import.meta.url), 'utf8')) as {
  queries: QualityQuery[];
  nonsense: string[];
  unchanged: string[];
};
const productById = new Map(catalogue.products.map((p) => [p.id, p]));
const outOfStock = catalogue.products.filter((p) => !p.is_available);
const dist = path.resolve(process.env['OUT_DIR'] || 'dist');

test.describe('search quality over the built index', () => {
  test.describe.configure({ mode: 'serial' });
  let search: BuiltSearch;
  test.beforeAll(async () => {
    search = await openBuiltSearch(dist);
  });
  test.afterAll(() => search?.close());

  test('the set is realistic: at least 60 queries of every kind, each naming a product of the catalogue', () => {
    expect(fixture.queries.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(fixture.queries.map((q) => q.kind));
    for (const kind of ['typo', 'hinglish', 'brand', 'alias', 'plural', 'pack', 'out-of-stock', 'shorthand', 'variant', 'run-together'])
      expect(kinds).toContain(kind);
    for (const q of fixture.queries) expect(productById.has(q.top5), `${q.query}: ${q.top5}`).toBe(true);
    expect(fixture.queries.filter((q) => !productById.get(q.top5)?.is_available).length).toBeGreaterThanOrEqual(10);
  });

  test('every query finds its product in the first 5 results, marked when out of stock, corrected only where expected', async () => {
    const failures: string[] = [];
    for (const q of fixture.queries) {
      const found = await search.search(q.query);
      const shown = found.correction ? correctedText(q.query, found.correction.changes) : null;
      if (!found.ids.includes(q.top5))
        failures.push(`"${q.query}" (${q.kind}): ${q.top5} not in the first 5: ${found.ids.join(', ') || 'nothing'}`);
      const marked = found.outOfStock.includes(q.top5);
      if (found.ids.includes(q.top5) && marked !== !productById.get(q.top5)?.is_available)
        failures.push(`"${q.query}": ${q.top5} ${marked ? 'marked' : 'not marked'} out of stock`);
      if (shown !== q.corrected)
        failures.push(`"${q.query}": showed results for ${JSON.stringify(shown)}, expected ${JSON.stringify(q.corrected)}`);
    }
    test.info().annotations.push({
      type: 'quality set',
      description: `${fixture.queries.length - failures.length} of ${fixture.queries.length} pass`,
    });
    expect(failures).toEqual([]);
  });

  test('every product out of stock is found by its name, marked, after those in stock; "In stock only" leaves it out', async () => {
    expect(outOfStock.length).toBeGreaterThanOrEqual(20);
    const failures: string[] = [];
    for (const product of outOfStock) {
      const found = await search.search(product.name, { limit: 50 });
      if (!found.ids.slice(0, 5).includes(product.id))
        failures.push(`${product.name}: not in the first 5: ${found.ids.slice(0, 5).join(', ')}`);
      if (!found.outOfStock.includes(product.id)) failures.push(`${product.name}: not marked out of stock`);
      if (found.correction) failures.push(`${product.name}: corrected to ${JSON.stringify(found.correction.changes)}`);
      // Those in stock first: no card in stock after the first one out of stock.
      const firstOut = found.ids.findIndex((id) => found.outOfStock.includes(id));
      if (found.ids.slice(firstOut).some((id) => !found.outOfStock.includes(id)))
        failures.push(`${product.name}: in stock after out of stock`);
      const inStock = await search.search(product.name, { limit: 50, inStock: true });
      if (inStock.ids.includes(product.id) || inStock.outOfStock.length > 0) failures.push(`${product.name}: listed with "In stock only"`);
    }
    expect(failures).toEqual([]);
  });

  test('false corrections: no word the catalogue names is ever corrected', async () => {
    const vocabulary = parseVocabulary(JSON.parse(readFileSync(path.join(dist, 'pagefind', 'vocabulary.json'), 'utf8')));
    expect(vocabulary).not.toBeNull();
    // Every word of every product's name and brand, in stock or not: each finds something, as typed.
    const words = new Set<string>();
    for (const product of catalogue.products)
      for (const word of normalizeWords(`${product.name} ${product.brand ?? ''}`).split(' '))
        if (/^\p{L}{3,}$/u.test(word)) words.add(word);
    const changed: string[] = [];
    for (const word of words) {
      const found = await search.search(word);
      if (found.correction) changed.push(`${word} -> ${JSON.stringify(found.correction.changes)}`);
      if (found.total === 0) changed.push(`${word} found nothing`);
    }
    // Category words and the cases: searched as typed (a category word may find nothing, never something else).
    const categoryWords = new Set<string>();
    for (const category of catalogue.categories)
      for (const word of normalizeWords(category.name).split(' ')) if (/^\p{L}{3,}$/u.test(word)) categoryWords.add(word);
    for (const word of categoryWords) if (!vocabulary?.has(word)) changed.push(`${word} is not in the vocabulary`);
    const named = new Set([...fixture.unchanged, ...categoryWords]);
    for (const query of named) {
      const found = await search.search(query);
      if (found.correction) changed.push(`${query} -> ${JSON.stringify(found.correction.changes)}`);
    }
    test.info().annotations.push({
      type: 'false corrections',
      description: `${changed.length} of ${words.size} catalogue words and ${named.size} names`,
    });
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
