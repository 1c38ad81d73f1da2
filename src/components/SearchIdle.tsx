import type { ReactNode } from 'react';
import CatalogueImage from './CatalogueImage.tsx';
import { TRENDING_SEARCHES, type PopularTile } from '../lib/search/query.ts';

export interface SearchIdleProps {
  /** A trending chip was chosen: fill the box with it and search. */
  onPick: (query: string) => void;
  /** The "Popular Categories" tiles (the catalogue's: src/lib/catalogue/storefront.ts). */
  tiles: readonly PopularTile[];
}

/** One titled part of the idle page, named by its heading. */
function IdleSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-base font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const chip =
  'inline-flex items-center gap-1.5 rounded-full border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-800 hover:border-brand-600 hover:text-brand-700 dark:border-gray-700 dark:text-gray-100 dark:hover:border-brand-500 dark:hover:text-brand-100';
const tile =
  'flex h-full items-center gap-3 rounded-xl border border-gray-200 bg-gray-50 p-3 hover:border-brand-600 dark:border-gray-800 dark:bg-gray-900 dark:hover:border-brand-500';

/** What the search page shows before the shopper types: "Trending Searches" chips and "Popular Categories" tiles. */
export default function SearchIdle({ onPick, tiles }: SearchIdleProps) {
  return (
    <div data-search-idle className="space-y-6">
      <IdleSection id="trending-heading" title="Trending Searches">
        <ul className="mt-3 flex flex-wrap gap-2">
          {TRENDING_SEARCHES.map((term) => (
            <li key={term}>
              <button type="button" onClick={() => onPick(term)} className={chip}>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3.5 fill-none stroke-current stroke-2">
                  <path d="m3 17 6-6 4 4 8-8M15 7h6v6" />
                </svg>
                {term}
              </button>
            </li>
          ))}
        </ul>
      </IdleSection>
      <IdleSection id="popular-heading" title="Popular Categories">
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {tiles.map(({ href, image, label, count }) => (
            <li key={href}>
              <a href={href} className={tile}>
                <CatalogueImage url={image} use="tile" className="size-10 rounded-lg" />
                <span className="leading-tight">
                  <span className="block text-sm font-semibold">{label}</span>{' '}
                  <span className="block text-xs text-gray-600 dark:text-gray-300">{count}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </IdleSection>
    </div>
  );
}
