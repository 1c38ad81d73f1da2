/** Catalogue entities as the spec (section 3) names them: the rows of the products, categories and stores tables. */

/** A product row. Money is in rupees with two decimals, as stored in `numeric(10,2)`. */
export interface Product {
  id: string;
  name: string;
  price: number;
  original_price: number | null;
  image_url: string | null;
  /** Pack size as printed on the pack ("500 g", "1 L"); shown as "pcs" when missing. */
  quantity_unit: string | null;
  description: string | null;
  category_id: string;
  is_available: boolean;
  /** Brand, when known; part of the name shown to shoppers but kept apart for search and JSON-LD. */
  brand: string | null;
}

/** A category row; a subcategory is a category with a parent. */
export interface Category {
  id: string;
  name: string;
  parent_id: string | null;
  /** Display order within its parent (lower first). */
  sort_order: number;
  image_url: string | null;
}

/** The four shop types of the shops screen. */
export type ShopType = 'grocery' | 'pharmacy' | 'bakery' | 'electronics';

/** A store row. */
export interface Store {
  id: string;
  name: string;
  shop_type: ShopType;
  is_active: boolean;
  /** 0-5; shown as 4.5 when missing. */
  rating: number | null;
  /** Minutes; shown as "10 min" when missing. */
  delivery_time_min: number | null;
  address: string | null;
  image_url: string | null;
}

/** A delivery_areas row: a pincode the storefront delivers to, and the store that serves it. */
export interface DeliveryArea {
  /** Six digits, the first 1-9 (`PINCODE_PATTERN` in src/lib/fields.ts); the table's key. */
  pincode: string;
  /** Locality shown in the header ("Sector 14"). */
  area: string;
  city: string;
  /** The store that delivers there (its delivery_time_min is the promise shown). */
  store_id: string;
}

/** The whole catalogue as the build reads it. */
export interface Catalogue {
  products: Product[];
  categories: Category[];
  stores: Store[];
  delivery_areas: DeliveryArea[];
}
