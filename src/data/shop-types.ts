import type { ShopType } from '../lib/catalogue/rows.ts';
import type { IconName } from './icons.ts';

/** A shop type of the shops screen. */
export interface ShopTypeEntry {
  type: ShopType;
  name: string;
  /** The spec's shop count for the type (static copy, not counted from the stores table). */
  count: number;
  /** The type's icon (src/data/icons.ts), named by `iconLabel`. */
  icon: IconName;
  iconLabel: string;
  blurb: string;
}

/** The shops screen's four fixed shop types (spec section 2), linking to /shop/{type}. */
export const SHOP_TYPES: readonly ShopTypeEntry[] = [
  {
    type: 'grocery',
    name: 'Grocery',
    count: 15,
    icon: 'cart',
    iconLabel: 'Shopping cart',
    blurb: 'Daily essentials, staples and fresh produce',
  },
  { type: 'pharmacy', name: 'Pharmacy', count: 8, icon: 'pill', iconLabel: 'Pill', blurb: 'Medicines, wellness and personal care' },
  { type: 'bakery', name: 'Bakery', count: 6, icon: 'bread', iconLabel: 'Bread', blurb: 'Fresh bread, cakes and cookies' },
  {
    type: 'electronics',
    name: 'Electronics',
    count: 4,
    icon: 'plug',
    iconLabel: 'Electric plug',
    blurb: 'Chargers, batteries and small gadgets',
  },
];
