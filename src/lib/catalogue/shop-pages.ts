/** What the stores list and the shop pages show: shop headers, ratings and delivery times with the spec's defaults. */
import { SHOP_TYPES } from '../../data/shop-types.ts';
import { byId } from './model.ts';
import type { Catalogue, Store } from './rows.ts';

/** A store's rating for display: the spec's 4.5 when missing. */
export function displayRating(rating: number | null | undefined): string {
  return (rating ?? 4.5).toFixed(1);
}

/** A store's delivery time for display: the spec's "10 min" when missing. */
export function displayDeliveryTime(minutes: number | null | undefined): string {
  return `${minutes ?? 10} min`;
}

/** The spec's fixed store distance. */
export const STORE_DISTANCE = '0.7 km';

export interface ShopHeader {
  title: string;
  rating: string;
  deliveryTime: string;
  distance: string;
  /** The store's address or the shop type's blurb. */
  subtitle: string | null;
}

/** The header of `/store/{id}` and `/shop/{id}`. */
export function storeHeader(store: Pick<Store, 'name' | 'rating' | 'delivery_time_min' | 'address'>): ShopHeader {
  return {
    title: store.name,
    rating: displayRating(store.rating),
    deliveryTime: displayDeliveryTime(store.delivery_time_min),
    distance: STORE_DISTANCE,
    subtitle: store.address,
  };
}

/** Every `/shop/{shopId}` page: the four shop types, then each store whose id is not a shop type. */
export function shopPaths(catalogue: Catalogue): { shopId: string; header: ShopHeader }[] {
  const types = SHOP_TYPES.map(({ type, name, blurb }) => {
    const header = storeHeader({ name, rating: null, delivery_time_min: null, address: blurb });
    return { shopId: type, header };
  });
  const taken = new Set<string>(SHOP_TYPES.map((t) => t.type));
  const stores = [...catalogue.stores]
    .sort(byId)
    .filter((s) => !taken.has(s.id))
    .map((s) => ({ shopId: s.id, header: storeHeader(s) }));
  return [...types, ...stores];
}
