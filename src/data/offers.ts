import { formatPaise, formatPrice } from '../lib/format.ts';
import { DELIVERY_FEE_PAISE, FREE_DELIVERY_ABOVE_PAISE } from '../lib/pricing.ts';
import type { IconName } from './icons.ts';

/** A card of the home offers strip (spec section 3): id, title, subtitle, colour, icon. */
export interface OfferCard {
  id: string;
  title: string;
  subtitle: string;
  /** Tailwind classes for the card, both themes (AA contrast for its text). */
  color: string;
  /** The card's icon (src/data/icons.ts), named by `iconLabel`. */
  icon: IconName;
  iconLabel: string;
}

/** The home strip's three offers (spec section 2); the free-delivery threshold comes from the pricing rules. */
export const offerCards: readonly OfferCard[] = [
  {
    id: 'first-order',
    title: 'Flat 50% off',
    subtitle: 'On your first order',
    color: 'bg-violet-700 text-white',
    icon: 'gift',
    iconLabel: 'Gift',
  },
  {
    id: 'cashback',
    title: `Cashback ${formatPrice(100)}`,
    subtitle: 'Use code SAVE100',
    color: 'bg-rose-700 text-white',
    icon: 'wallet',
    iconLabel: 'Wallet',
  },
  {
    id: 'free-delivery',
    title: 'Free delivery',
    subtitle: `On orders above ${formatPaise(FREE_DELIVERY_ABOVE_PAISE)}`,
    color: 'bg-brand-700 text-white',
    icon: 'scooter',
    iconLabel: 'Scooter',
  },
];

/** The four kinds of sample offer (spec section 3). */
export type OfferType = 'new-user' | 'flash-sale' | 'delivery' | 'bulk';

/** A sample offer of the offers page (spec section 3). Money in rupees. */
export interface SampleOffer {
  id: string;
  title: string;
  description: string;
  discount: string;
  code: string;
  /** ISO date, last day the offer is valid. */
  validUntil: string;
  /** Minimum order in rupees, or null when the offer has none. */
  minOrder: number | null;
  /** Largest discount in rupees, or null when uncapped. */
  maxDiscount: number | null;
  /** The offer's icon (src/data/icons.ts), named by `imageLabel`. */
  image: IconName;
  imageLabel: string;
  type: OfferType;
}

/**
 * The four sample offers of the spec (section 9). The spec's free-delivery offer says "above ₹300", but the cart
 * already delivers free above FREE_DELIVERY_ABOVE_PAISE (issue 4): the offer quotes the cart's own threshold so the
 * site never promises less than the cart gives.
 */
export const sampleOffers: readonly SampleOffer[] = [
  {
    id: 'welcome-50',
    title: '50% off your first order',
    description: 'New to the store? Get half off your first basket of groceries.',
    discount: '50% OFF',
    code: 'WELCOME50',
    validUntil: '2026-12-31',
    minOrder: 500,
    maxDiscount: 250,
    image: 'gift',
    imageLabel: 'Gift',
    type: 'new-user',
  },
  {
    id: 'weekend-produce',
    title: 'Weekend fresh produce sale',
    description: '30% off fruits and vegetables every Saturday and Sunday.',
    discount: '30% OFF',
    code: 'WEEKEND30',
    validUntil: '2026-12-27',
    minOrder: 200,
    maxDiscount: 150,
    image: 'leaf',
    imageLabel: 'Fresh produce',
    type: 'flash-sale',
  },
  {
    id: 'free-delivery',
    title: 'Free delivery',
    description: `No delivery fee on orders above ${formatPaise(FREE_DELIVERY_ABOVE_PAISE)}; smaller orders pay a flat ${formatPaise(DELIVERY_FEE_PAISE)}.`,
    discount: 'FREE DELIVERY',
    code: 'FREEDEL',
    validUntil: '2027-03-31',
    minOrder: FREE_DELIVERY_ABOVE_PAISE / 100,
    maxDiscount: DELIVERY_FEE_PAISE / 100,
    image: 'scooter',
    imageLabel: 'Scooter',
    type: 'delivery',
  },
  {
    id: 'bulk-20',
    title: 'Stock up and save',
    description: '20% off when you buy 5 or more items in one order.',
    discount: '20% OFF',
    code: 'BULK20',
    validUntil: '2027-01-31',
    minOrder: null,
    maxDiscount: 200,
    image: 'box',
    imageLabel: 'Box',
    type: 'bulk',
  },
];

/** The terms listed under the offers. */
export const offerTerms: readonly string[] = [
  'One offer code can be applied per order.',
  'Offers cannot be exchanged for cash and cannot be combined with other offers.',
  'The minimum order is counted on the item total, before the delivery fee.',
  'The discount is capped at the maximum shown for each offer.',
  'Offers are valid until the date shown, while stocks last.',
  'We may change or withdraw an offer at any time; the price at checkout is the one you pay.',
];

/** "31 Dec 2026" for an ISO date. */
export function formatOfferDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}
