import { SKELETON_CARDS } from '../lib/search/first-page.ts';

/** The 12-card loading skeleton shown while a search runs (hidden from screen readers; the page announces "Searching"). */
export default function SearchSkeleton() {
  return (
    <ul aria-hidden="true" data-search-skeleton className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <li key={i} className="animate-pulse rounded-xl border border-gray-200 p-2 dark:border-gray-800">
          <div className="aspect-square rounded-lg bg-gray-200 dark:bg-gray-800" />
          <div className="mt-2 h-4 w-4/5 rounded bg-gray-200 dark:bg-gray-800" />
          <div className="mt-1 h-3 w-1/3 rounded bg-gray-200 dark:bg-gray-800" />
          <div className="mt-3 flex items-end justify-between">
            <div className="h-4 w-12 rounded bg-gray-200 dark:bg-gray-800" />
            <div className="h-9 w-20 rounded-lg bg-gray-200 dark:bg-gray-800" />
          </div>
        </li>
      ))}
    </ul>
  );
}
