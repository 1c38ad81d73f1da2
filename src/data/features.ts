import { fillSite } from '../lib/site.ts';
import type { IconName } from './icons.ts';

/** The home page's four feature cards (spec section 1); `color`: Tailwind classes for the icon tile, both themes. */
export const featureCards = [
  {
    id: 'fast-delivery',
    title: 'Lightning-Fast Delivery',
    subtitle: '15-30 min doorstep delivery',
    icon: 'bolt',
    color: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-100',
  },
  {
    id: 'credit',
    title: fillSite('{product} Credit'),
    subtitle: 'Instant checkout and rewards',
    icon: 'card',
    color: 'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-100',
  },
  {
    id: 'daily-deals',
    title: 'Daily Deals',
    subtitle: 'Fresh offers every day',
    icon: 'tag',
    color: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-100',
  },
  {
    id: 'flat-pricing',
    title: 'Simple, Flat Pricing',
    subtitle: 'No hidden delivery charges',
    icon: 'money',
    color: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-100',
  },
] satisfies readonly { icon: IconName; [field: string]: unknown }[];
