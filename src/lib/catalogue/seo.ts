/** What a product page tells machines: its breadcrumb trail and its JSON-LD. */
import { rupeeDecimal } from '../format.ts';
import { subcategoryHref } from './category-pages.ts';
import type { CatalogueModel } from './model.ts';
import type { Product } from './rows.ts';

/** The product page's breadcrumb trail. */
export function productTrail(model: CatalogueModel, product: Product): { label: string; href: string }[] {
  const trail = [{ label: 'Home', href: '/' }];
  const leaf = model.categoryById.get(product.category_id);
  const parent = leaf?.parent_id ? model.categoryById.get(leaf.parent_id) : undefined;
  if (leaf && parent) {
    trail.push({ label: parent.name, href: `/category/${parent.id}` });
    trail.push({ label: leaf.name, href: subcategoryHref(model, parent.id, leaf.id) });
  } else if (leaf) {
    trail.push({ label: leaf.name, href: `/category/${leaf.id}` });
  }
  trail.push({ label: product.name, href: `/product/${product.id}` });
  return trail;
}

/** The product page's JSON-LD (schema.org Product with an INR Offer), escaped for a `<script type="application/ld+json">`. */
export function productJsonLd(product: Product, imageUrl: string, pageUrl: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: imageUrl,
    description: product.description ?? product.name,
    sku: product.id,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: rupeeDecimal(product.price_paise),
      priceCurrency: 'INR',
      availability: product.is_available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  return escapeJsonForScript(JSON.stringify(data));
}

/** Escapes JSON text as \u sequences so no catalogue text can close a <script> element; it parses as the same JSON. */
export function escapeJsonForScript(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
