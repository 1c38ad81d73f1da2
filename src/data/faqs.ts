import { FREE_DELIVERY_ABOVE_PAISE } from '../lib/coupons.ts';
import { formatPaise } from '../lib/format.ts';
import { DELIVERY_FEE_PAISE } from '../lib/pricing.ts';

/** The FAQ's three categories, in display order. */
export const FAQ_CATEGORIES = ['Orders', 'Delivery', 'Payments'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

const fee = formatPaise(DELIVERY_FEE_PAISE);
const threshold = formatPaise(FREE_DELIVERY_ABOVE_PAISE);

/** The six sample FAQs (spec section 3), amounts from the pricing and coupon rules (docs/architecture.md, "Storefront UI"). */
export const faqs: readonly { id: string; question: string; answer: string; category: FaqCategory }[] = [
  {
    id: 'place-order',
    category: 'Orders',
    question: 'How do I place an order?',
    answer:
      'Add products to your cart from any product or category page, open the cart and choose Proceed to Checkout. Enter your delivery address and place the order; you pay cash on delivery.',
  },
  {
    id: 'cancel-order',
    category: 'Orders',
    question: 'Can I cancel my order?',
    answer:
      'Yes, as long as the store has not confirmed it yet. Once the store confirms and starts packing, the order can no longer be cancelled; call support and we will help with any problem.',
  },
  {
    id: 'delivery-time',
    category: 'Delivery',
    question: 'How long does delivery take?',
    answer:
      'Most orders arrive in about 10 minutes. Orders from partner shops farther away take 15-30 minutes; the estimate is shown before you order.',
  },
  {
    id: 'delivery-charges',
    category: 'Delivery',
    question: 'What are the delivery charges?',
    answer: `Every order pays a flat delivery fee of ${fee}, shown in your cart before you check out. On orders above ${threshold}, the code FREEDEL makes delivery free. There are no other charges.`,
  },
  {
    id: 'payment-methods',
    category: 'Payments',
    question: 'What payment methods do you accept?',
    answer: 'We accept Cash on Delivery: pay the delivery partner in cash when your order arrives.',
  },
  {
    id: 'refunds',
    category: 'Payments',
    question: 'What if an item is missing or damaged?',
    answer:
      'Tell the delivery partner or contact support within 24 hours. We replace the item or take it off your bill; since you pay on delivery, you never pay for what you did not receive.',
  },
];
