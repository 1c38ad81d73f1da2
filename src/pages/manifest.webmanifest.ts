import type { APIRoute } from 'astro';
import { site } from '../lib/site.ts';

/** /manifest.webmanifest: the web app manifest, named after the configured brand. */
export const GET: APIRoute = () => {
  const manifest = {
    name: `${site.product}: groceries in minutes`,
    short_name: site.product,
    description: site.tagline,
    lang: 'en-IN',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#030712',
    theme_color: '#027a48',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), { headers: { 'Content-Type': 'application/manifest+json' } });
};
