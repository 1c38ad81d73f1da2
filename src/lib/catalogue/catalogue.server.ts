import { getCollection } from 'astro:content';
import type { Catalogue, Category, Product, Store } from './types.ts';

let cached: Promise<Catalogue> | undefined;

/** The whole catalogue as loaded by the content layer for this build (read once, shared by every page). */
export function getCatalogue(): Promise<Catalogue> {
  cached ??= (async () => {
    const [products, categories, stores] = await Promise.all([
      getCollection('products'),
      getCollection('categories'),
      getCollection('stores'),
    ]);
    const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    return {
      products: products.map((e) => e.data as Product).sort(byId),
      categories: categories.map((e) => e.data as Category).sort(byId),
      stores: stores.map((e) => e.data as Store).sort(byId),
    };
  })();
  return cached;
}
