import { useStore } from '@nanostores/react';
import type { FetcherValue } from '@nanostores/query';
import type { CardProduct } from '../lib/fields.ts';
import { $featuredProducts, retryFeaturedProducts } from '../stores/featured.ts';
import ProductList from '../components/ProductList.tsx';
import '../browser/cart-control.ts';

// The pre-rendered HTML (and the hydration render) is the skeleton; the live list follows.
const LOADING: FetcherValue<CardProduct[]> = { loading: true };

/** How many skeleton cards stand in while the list loads (the list's limit). */
const SKELETON_CARDS = 8;

/** The live "Featured Products" grid: skeleton while loading, the error notice on failure, then product cards. */
export default function FeaturedList() {
  // The build renders the skeleton without touching the store: reading it would start the fetch on the server.
  return import.meta.env.SSR ? <Skeleton /> : <LiveFeaturedList />;
}

function LiveFeaturedList() {
  const { data, error } = useStore($featuredProducts, { ssr: () => LOADING }) as FetcherValue<CardProduct[]>;

  if (data === undefined && error !== undefined) {
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-4 text-center dark:border-red-900 dark:bg-red-950">
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          Unable to load products. Please try again.
        </p>
        <button
          type="button"
          onClick={retryFeaturedProducts}
          className="mt-3 rounded-lg border border-red-700 px-4 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-100 dark:border-red-300 dark:text-red-100 dark:hover:bg-red-900"
        >
          Try again
        </button>
      </div>
    );
  }

  if (data === undefined) return <Skeleton />;

  if (data.length === 0) {
    return <p className="py-6 text-center text-sm text-gray-600 dark:text-gray-300">No products found</p>;
  }

  return <ProductList products={data} eager={0} />;
}

/** The loading state: eight grey cards in the grid's shape. */
function Skeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading products…</span>
      <ul aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} className="animate-pulse rounded-xl border border-gray-200 p-2 dark:border-gray-800" data-skeleton>
            <div className="aspect-square rounded-lg bg-gray-200 dark:bg-gray-800" />
            <div className="mt-2 h-4 w-4/5 rounded bg-gray-200 dark:bg-gray-800" />
            <div className="mt-1 h-3 w-1/3 rounded bg-gray-200 dark:bg-gray-800" />
            <div className="mt-3 h-9 rounded-lg bg-gray-200 dark:bg-gray-800" />
          </li>
        ))}
      </ul>
    </div>
  );
}
