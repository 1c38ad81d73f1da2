import { COUPON_RULES, FREE_DELIVERY_ABOVE_PAISE, type CouponCode } from '../lib/coupons.ts';
import { formatPaise, formatPaiseShort } from '../lib/format.ts';
import { DELIVERY_FEE_PAISE } from '../lib/pricing.ts';
import type { IconName } from './icons.ts';

/** A card of the home offers strip (spec section 3: id, title, subtitle, colour, icon), with the code "Claim Now" applies. */
export interface OfferCard {
  id: string;
  title: string;
  subtitle: string;
  /** Tailwind classes for the card, both themes (AA contrast for its text). */
  color: string;
  /** The card's icon (src/data/icons.ts), named by `iconLabel`. */
  icon: IconName;
  iconLabel: string;
  /** The coupon "Claim Now" applies (src/lib/coupons.ts). */
  code: CouponCode;
}

const minimumOf = (code: CouponCode): number => COUPON_RULES[code].minimum?.paise ?? 0;
const capOf = (code: CouponCode): number | null => {
  const benefit = COUPON_RULES[code].benefit;
  return benefit.kind === 'percent' ? benefit.maxPaise : benefit.kind === 'free-delivery' ? DELIVERY_FEE_PAISE : null;
};

/**
 * The home strip: the spec's three offers (first order, SAVE100 cashback, free delivery) and the two other coupons,
 * each with its code. Amounts come from the coupon rules, so the strip never promises other than checkout gives.
 */
export const offerCards: readonly OfferCard[] = [
  {
    id: 'first-order',
    title: 'Flat 50% off',
    subtitle: `On your first order above ${formatPaiseShort(minimumOf('WELCOME50'))}`,
    color: 'bg-violet-700 text-white',
    icon: 'gift',
    iconLabel: 'Gift',
    code: 'WELCOME50',
  },
  {
    id: 'cashback',
    title: `Cashback ${formatPaiseShort(10000)}`,
    subtitle: `On orders of ${formatPaiseShort(minimumOf('SAVE100'))} or more`,
    color: 'bg-rose-700 text-white',
    icon: 'wallet',
    iconLabel: 'Wallet',
    code: 'SAVE100',
  },
  {
    id: 'free-delivery',
    title: 'Free delivery',
    subtitle: `On orders above ${formatPaiseShort(FREE_DELIVERY_ABOVE_PAISE)}`,
    color: 'bg-brand-700 text-white',
    icon: 'scooter',
    iconLabel: 'Scooter',
    code: 'FREEDEL',
  },
  {
    id: 'weekend-produce',
    title: '30% off produce',
    subtitle: 'Fruits and vegetables, Saturdays and Sundays',
    color: 'bg-emerald-800 text-white',
    icon: 'leaf',
    iconLabel: 'Fresh produce',
    code: 'WEEKEND30',
  },
  {
    id: 'bulk',
    title: '20% off 5+ items',
    subtitle: `Up to ${formatPaiseShort(capOf('BULK20') ?? 0)} off`,
    color: 'bg-sky-800 text-white',
    icon: 'box',
    iconLabel: 'Box',
    code: 'BULK20',
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
 * The four sample offers of the spec (section 9), with minimums and caps from the coupon rules they describe
 * (src/lib/coupons.ts), so the offers page and checkout agree.
 */
export const sampleOffers: readonly SampleOffer[] = [
  {
    id: 'welcome-50',
    title: '50% off your first order',
    description: 'New to the store? Get half off your first basket of groceries.',
    discount: '50% OFF',
    code: 'WELCOME50',
    validUntil: '2026-12-31',
    minOrder: minimumOf('WELCOME50') / 100,
    maxDiscount: (capOf('WELCOME50') ?? 0) / 100,
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
    minOrder: minimumOf('WEEKEND30') / 100,
    maxDiscount: (capOf('WEEKEND30') ?? 0) / 100,
    image: 'leaf',
    imageLabel: 'Fresh produce',
    type: 'flash-sale',
  },
  {
    id: 'free-delivery',
    title: 'Free delivery',
    description: `No delivery fee on orders above ${formatPaise(FREE_DELIVERY_ABOVE_PAISE)}; otherwise every order pays a flat ${formatPaise(DELIVERY_FEE_PAISE)}.`,
    discount: 'FREE DELIVERY',
    code: 'FREEDEL',
    validUntil: '2027-03-31',
    minOrder: minimumOf('FREEDEL') / 100,
    maxDiscount: (capOf('FREEDEL') ?? 0) / 100,
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
    maxDiscount: (capOf('BULK20') ?? 0) / 100,
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
