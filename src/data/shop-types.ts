import type { ShopType } from '../lib/catalogue/rows.ts';
import type { IconName } from './icons.ts';

/** The shops screen's four fixed shop types (spec section 2), linking to /shop/{type}; `count` is the spec's static copy. */
export const SHOP_TYPES = [
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
] satisfies readonly { type: ShopType; icon: IconName; [field: string]: unknown }[];
