import { couponRule, FREE_DELIVERY_ABOVE_PAISE, isCouponCode, type CouponCode } from '../lib/coupons.ts';
import { formatPaise, formatPaiseShort } from '../lib/format.ts';
import { DELIVERY_FEE_PAISE } from '../lib/pricing.ts';
import type { IconName } from './icons.ts';
import offerWords from './sample-offers.json' with { type: 'json' };

const minimumOf = (code: CouponCode): number => couponRule(code).minimum_paise ?? 0;
const capOf = (code: CouponCode): number | null => {
  const rule = couponRule(code);
  return rule.kind === 'percent' ? rule.max_discount_paise : rule.kind === 'free_delivery' ? DELIVERY_FEE_PAISE : null;
};

/**
 * The home strip (spec section 3): the spec's three offers and the two other coupons, each with the code "Claim Now" applies;
 * amounts from the coupon rules, so the strip never promises other than checkout gives. `color`: AA contrast, both themes.
 */
export const offerCards = [
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
] satisfies readonly { icon: IconName; code: CouponCode; [field: string]: unknown }[];

export type OfferCard = (typeof offerCards)[number];

/** The four kinds of sample offer (spec section 3). */
const OFFER_TYPES = ['new-user', 'flash-sale', 'delivery', 'bulk'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

const isOfferType = (type: string): type is OfferType => (OFFER_TYPES as readonly string[]).includes(type);

/** A sample offer's words (sample-offers.json); the amounts in `{freeDeliveryAbove}` and `{deliveryFee}` are filled in. */
const OFFER_WORDS: Readonly<Record<string, string>> = {
  freeDeliveryAbove: formatPaise(FREE_DELIVERY_ABOVE_PAISE),
  deliveryFee: formatPaise(DELIVERY_FEE_PAISE),
};

/** The spec's four sample offers (section 9), amounts from their coupon rules; an unknown code or type fails the build. */
export const sampleOffers = offerWords.map((words) => {
  const { code, type } = words;
  const card = offerCards.find((candidate) => candidate.code === code);
  if (!isCouponCode(code) || !card) throw new Error(`sample-offers.json: "${words.id}" names an unknown coupon "${code}"`);
  if (!isOfferType(type)) throw new Error(`sample-offers.json: "${words.id}" has an unknown type "${type}"`);
  const minimum = minimumOf(code);
  const cap = capOf(code);
  return {
    ...words,
    type,
    code,
    description: words.description.replace(/\{(\w+)\}/g, (placeholder, name: string) => OFFER_WORDS[name] ?? placeholder),
    minOrderPaise: minimum === 0 ? null : minimum,
    maxDiscountPaise: cap,
    image: card.icon,
    imageLabel: card.iconLabel,
  };
});

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
