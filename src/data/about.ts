import { fillSite } from '../lib/site.ts';
import type { IconName } from './icons.ts';

/** The about page's copy (spec sections 1 and 2); each value's icon (src/data/icons.ts) is named by its `iconLabel`. */
export const about = {
  welcome: fillSite('Welcome to {product}'),
  intro: fillSite(
    '{product} brings your daily groceries from trusted local shops to your door in minutes. No dark stores: every order is packed by a real neighbourhood shop and delivered by a rider from your area.',
  ),
  mission: 'Our mission',
  missionText:
    'To make everyday shopping effortless for every household, while helping neighbourhood shops grow. We keep pricing flat and honest, with no hidden charges.',
  values: [
    { title: 'Customer First', text: 'Every decision starts with what makes your day easier.', icon: 'heart', iconLabel: 'Heart' },
    {
      title: 'Quality Products',
      text: 'Fresh produce and genuine brands, checked before they leave the shop.',
      icon: 'badge',
      iconLabel: 'Quality badge',
    },
    {
      title: 'Fast Delivery',
      text: 'Groceries at your door in minutes, from shops just around the corner.',
      icon: 'bolt',
      iconLabel: 'Lightning',
    },
    {
      title: 'Community',
      text: 'We partner with local shops so your money stays in your neighbourhood.',
      icon: 'users',
      iconLabel: 'People',
    },
  ] satisfies { icon: IconName; [field: string]: unknown }[],
  impact: [
    { value: '8 min', label: 'Average delivery time' },
    { value: '50K+', label: 'Happy customers' },
    { value: '100+', label: 'Partner stores' },
    { value: '99%', label: 'Customer satisfaction' },
  ],
} as const;
