/**
 * The page's own search code, bundled by search-first-pages.spec.ts and run in Chromium over a served build: what the search island
 * gets for a query (the whole index, every bundle merged), as the first screen the build's first page must equal.
 */
import { answerWithCards, requestFor } from '../../../src/lib/search/answer.ts';
import { loadedVocabulary, loadVocabulary } from '../../../src/lib/search/correction.ts';
import { SKELETON_CARDS } from '../../../src/lib/search/first-page.ts';
import { loadWholePagefind } from '../../../src/lib/search/pagefind-client.ts';
import { DEFAULT_STATE } from '../../../src/lib/search/query.ts';

/** The first screen of the search for `q`: as FirstPage holds it (ids for its cards), or null where the page has none to show. */
async function firstScreen(q: string) {
  const api = await loadWholePagefind();
  const { answer, first } = await answerWithCards(
    api,
    requestFor({ ...DEFAULT_STATE, q }),
    { vocabulary: loadVocabulary, loadedVocabulary },
    SKELETON_CARDS,
  );
  if (first.length === 0 || answer.suggestions) return null;
  return { total: answer.total, outOfStock: answer.outOfStock ?? 0, correction: answer.correction ?? null, cards: first };
}

Object.assign(globalThis, { firstScreen });
