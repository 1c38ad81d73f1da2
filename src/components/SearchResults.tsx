import type { ReactNode } from 'react';
import type { CardFace } from '../lib/card-face.ts';
import type { CardProduct } from '../lib/fields.ts';
import ProductList from './ProductList.tsx';

export interface SearchResultsProps {
  /** "Results for" or "Showing results for" and the words searched; null when a category is listed without words. */
  heading: { lead: string; words: string } | null;
  /** The category chip's label: "in Dairy" after the words, or the whole heading without them. */
  scope: string | null;
  /** "12 products", "Showing 50 of 340 products · Price: low to high" (`resultCount`). */
  count: string;
  /** False while the count is a first bundle's: it then holds its place unseen, so the whole count moves nothing. */
  complete: boolean;
  /** Dimmed while a newer search runs. */
  busy?: boolean;
  products: readonly CardProduct[];
  /** What the cards show, when not the products' own: the search page's first-page template (SearchFirstPage.tsx). */
  faces?: readonly CardFace[] | undefined;
  /** Between the heading and the cards: the correction, the out-of-stock note. */
  notes?: ReactNode;
  /** After the cards: the "more" sentinel, the suggestions. */
  children?: ReactNode;
}

/** Cards whose photos load at once: a phone's first screen (the first one first). */
export const EAGER_CARDS = 4;

/** The search page's results: heading, count, notes and cards; the island's, and the template its first page is filled from. */
export default function SearchResults({ heading, scope, count, complete, busy, products, faces, notes, children }: SearchResultsProps) {
  return (
    <section aria-labelledby="results-heading" className={busy ? 'opacity-60 transition-opacity' : undefined}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="results-heading" className="text-base font-bold">
          {heading ? (
            <>
              {heading.lead} <q className="break-all">{heading.words}</q>
              {scope && <> in {scope}</>}
            </>
          ) : (
            scope
          )}
        </h2>
        <p className={`text-sm text-gray-600 dark:text-gray-300 ${complete ? '' : 'invisible'}`} aria-hidden={!complete || undefined}>
          {count}
        </p>
      </div>
      {notes}
      <div data-search-results>
        <ProductList products={products} faces={faces} eager={EAGER_CARDS} firstHigh />
      </div>
      {children}
    </section>
  );
}
