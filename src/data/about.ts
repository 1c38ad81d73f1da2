import { fillSite } from '../lib/site.ts';

/** A value of the about page. */
export interface AboutValue {
  title: string;
  text: string;
  emoji: string;
  emojiLabel: string;
}

/** The about page's copy (spec sections 1 and 2). */
export const about = {
  welcome: fillSite('Welcome to {product}'),
  intro: fillSite(
    '{product} brings your daily groceries from trusted local shops to your door in minutes. No dark stores: every order is packed by a real neighbourhood shop and delivered by a rider from your area.',
  ),
  mission: 'Our mission',
  missionText:
    'To make everyday shopping effortless for every household, while helping neighbourhood shops grow. We keep pricing flat and honest, with no hidden charges.',
  values: [
    { title: 'Customer First', text: 'Every decision starts with what makes your day easier.', emoji: '🤝', emojiLabel: 'Handshake' },
    { title: 'Quality Products', text: 'Fresh produce and genuine brands, checked before they leave the shop.', emoji: '✅', emojiLabel: 'Check mark' },
    { title: 'Fast Delivery', text: 'Groceries at your door in minutes, from shops just around the corner.', emoji: '⚡', emojiLabel: 'Lightning' },
    { title: 'Community', text: 'We partner with local shops so your money stays in your neighbourhood.', emoji: '🏘️', emojiLabel: 'Houses' },
  ] satisfies AboutValue[],
  impact: [
    { value: '8 min', label: 'Average delivery time' },
    { value: '50K+', label: 'Happy customers' },
    { value: '100+', label: 'Partner stores' },
    { value: '99%', label: 'Customer satisfaction' },
  ],
} as const;
