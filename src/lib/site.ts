import { PUBLIC_BRAND_NAME, PUBLIC_SUPPORT_EMAIL, PUBLIC_SUPPORT_PHONE } from 'astro:env/client';

/** The one site config: the spec's {product}, {phone} and {email}, overridable by PUBLIC_* environment variables. */
export const site = {
  product: PUBLIC_BRAND_NAME,
  phone: PUBLIC_SUPPORT_PHONE,
  email: PUBLIC_SUPPORT_EMAIL,
  /** Short description used for meta tags. */
  tagline: 'Groceries delivered in minutes from trusted local shops.',
} as const;

/** Replaces the spec's {product}, {phone} and {email} placeholders in copy. */
export function fillSite(text: string): string {
  return text.replaceAll('{product}', site.product).replaceAll('{phone}', site.phone).replaceAll('{email}', site.email);
}

/** A phone number as a tel: URL (digits and a leading + only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
