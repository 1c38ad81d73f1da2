/** A help topic link of the help page. */
export interface HelpLink {
  label: string;
  description: string;
  href: string;
}

/** The help page's six help links. */
export const helpLinks: readonly HelpLink[] = [
  { label: 'Frequently Asked Questions', description: 'Orders, delivery and payments', href: '/help/faq' },
  { label: 'Track My Orders', description: 'Status and details of your orders', href: '/orders' },
  { label: 'Offers & Coupons', description: 'Current offers and how to use them', href: '/offers' },
  { label: 'Terms of Service', description: 'The rules for using the store', href: '/help/terms' },
  { label: 'Privacy Policy', description: 'What we store and why', href: '/help/privacy' },
  { label: 'About Us', description: 'Who we are and how we deliver', href: '/about' },
];

/** Support hours (spec section 2). */
export const SUPPORT_HOURS = 'Monday to Sunday 24/7';
