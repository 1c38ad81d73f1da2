import { FIRST_PAGE_ROOT_ID } from '../lib/search/first-page-start.ts';
import { slot, slotCard } from '../lib/search/first-page-fill.ts';
import ProductCard from './ProductCard.tsx';
import SearchCorrection from './SearchCorrection.tsx';
import SearchResults, { EAGER_CARDS } from './SearchResults.tsx';
import SearchSkeleton from './SearchSkeleton.tsx';

/** Where the search page shows its first page (lib/search/first-page-fill.ts): the skeleton until the file is in. Static. */
export default function SearchFirstPage() {
  return (
    <div id={FIRST_PAGE_ROOT_ID} className="mt-4">
      <p className="sr-only">Searching…</p>
      <SearchSkeleton />
    </div>
  );
}

/**
 * The templates the first page is filled from, written into its script at build (lib/search/first-page-script.build.ts): the island's
 * own SearchResults and ProductCard with a slot for every value. The results hold the eager cards and one lazy one, which the
 * script copies for the rest; the out-of-stock card lends its label.
 */
export function FirstPageTemplates() {
  const cards = Array.from({ length: EAGER_CARDS + 1 }, (_, i) => slotCard(i));
  const outOfStock = slotCard(0, false);
  return (
    <>
      <template data-results>
        <SearchResults
          heading={{ lead: slot('lead'), words: slot('words') }}
          scope={null}
          count={slot('count')}
          complete
          products={cards.map((card) => card.product)}
          faces={cards.map((card) => card.face)}
          notes={<SearchCorrection original={slot('original')} href={slot('exactHref')} onExact={() => {}} />}
        />
      </template>
      <template data-out-of-stock>
        <ProductCard product={outOfStock.product} face={outOfStock.face} />
      </template>
    </>
  );
}
