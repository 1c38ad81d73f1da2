/** The home carousel's three slides (spec section 3), with the spec's links and call-to-action labels; 16:9 illustrations. */
export const bannerSlides = [
  {
    id: 'quick-delivery',
    image: '/images/banners/quick-delivery.svg',
    alt: 'A delivery rider on a scooter carrying a bag of groceries',
    link: '/offers/quick-delivery',
    title: 'Groceries in 10 minutes',
    subtitle: 'Fresh essentials from shops near you',
    cta: 'Order Now',
  },
  {
    id: 'local-stores',
    image: '/images/banners/local-stores.svg',
    alt: 'A neighbourhood fruit stall with baskets of apples, bananas and oranges',
    link: '/category/fruits',
    title: 'Fresh from local stores',
    subtitle: 'Handpicked fruits from trusted neighbourhood shops',
    cta: 'Explore Stores',
  },
  {
    id: 'specials',
    image: '/images/banners/specials.svg',
    alt: 'A shopping bag with a price tag and a percent sign',
    link: '/offers/specials',
    title: 'Specials, simply priced',
    subtitle: 'Daily deals with no hidden charges',
    cta: 'See How It Works',
  },
];

export type BannerSlide = (typeof bannerSlides)[number];

/** The carousel's advance interval (spec section 9). */
export const CAROUSEL_INTERVAL_MS = 5000;
