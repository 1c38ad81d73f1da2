import { useEffect, useRef } from 'react';
import { SORTS, type SortId } from '../lib/search/query.ts';

export interface SearchFiltersProps {
  id: string;
  sort: SortId;
  onSort: (sort: SortId) => void;
  /** True when products out of stock are left out. */
  inStock: boolean;
  onInStock: (inStock: boolean) => void;
  /** Close the panel (Done, Escape); the page returns focus to the filter button. */
  onClose: () => void;
}

/** The filter button's panel: sort and "In stock only" (why off by default: docs/architecture.md, "Storefront UI"). */
export default function SearchFilters({ id, sort, onSort, inStock, onInStock, onClose }: SearchFiltersProps) {
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- Escape from any control inside the panel closes it: the handler catches keys bubbling from its inputs and buttons
    <div
      id={id}
      ref={panel}
      role="region"
      aria-label="Sort and filter"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      className="mt-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <fieldset>
        <legend className="text-sm font-bold">Sort by</legend>
        <div className="mt-2 grid gap-1 sm:grid-cols-2">
          {SORTS.map((option) => (
            <label
              key={option.id}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-2 text-sm hover:bg-gray-100 has-[:checked]:font-semibold dark:hover:bg-gray-800"
            >
              <input
                type="radio"
                name={`${id}-sort`}
                value={option.id}
                checked={sort === option.id}
                onChange={() => onSort(option.id)}
                className="size-4 accent-brand-700"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-bold">Availability</legend>
        <label className="mt-2 flex cursor-pointer items-start gap-2 rounded-lg px-2 py-2 text-sm hover:bg-gray-100 has-[:checked]:font-semibold dark:hover:bg-gray-800">
          <input
            type="checkbox"
            name={`${id}-stock`}
            checked={inStock}
            onChange={(event) => onInStock(event.target.checked)}
            aria-describedby={`${id}-stock-note`}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          <span>
            In stock only
            <span id={`${id}-stock-note`} className="block font-normal text-gray-600 dark:text-gray-300">
              Hide products that are out of stock.
            </span>
          </span>
        </label>
      </fieldset>
      <div className="mt-4 text-right">
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Done
        </button>
      </div>
    </div>
  );
}
