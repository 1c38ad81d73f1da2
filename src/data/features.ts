import { fillSite } from '../lib/site.ts';

/** A home page feature card (spec section 1): id, title, subtitle, icon and colour classes. */
export interface FeatureCard {
  id: string;
  title: string;
  subtitle: string;
  /** An SVG path (24x24 viewBox, stroked). */
  icon: string;
  /** Tailwind classes for the icon tile, both themes. */
  color: string;
}

/** The four static feature cards of the home page. */
export const featureCards: readonly FeatureCard[] = [
  {
    id: 'fast-delivery',
    title: 'Lightning-Fast Delivery',
    subtitle: '15-30 min doorstep delivery',
    icon: 'M13 2 4 14h7l-1 8 9-12h-7z',
    color: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-100',
  },
  {
    id: 'credit',
    title: fillSite('{product} Credit'),
    subtitle: 'Instant checkout and rewards',
    icon: 'M3 6h18v12H3zM3 10h18M7 15h3',
    color: 'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-100',
  },
  {
    id: 'daily-deals',
    title: 'Daily Deals',
    subtitle: 'Fresh offers every day',
    icon: 'M20 12 12 20 4 12V4h8zM8 8h.01',
    color: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-100',
  },
  {
    id: 'flat-pricing',
    title: 'Simple, Flat Pricing',
    subtitle: 'No hidden delivery charges',
    icon: 'M12 3v18M17 7H9.5a3 3 0 0 0 0 6h5a3 3 0 0 1 0 6H6',
    color: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-100',
  },
];
