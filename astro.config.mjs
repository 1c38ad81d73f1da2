// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { linkedOutput } from './scripts/integrations/linked-output.ts';
import { refuseSecretKeys } from './scripts/integrations/refuse-secret-keys.ts';
import { siteRedirects } from './scripts/integrations/redirects.ts';
import { afterPaintScripts, inlinesScript } from './scripts/integrations/after-paint-scripts.ts';
import { clientDirectives } from './scripts/integrations/client-directives.ts';
import { sitemap } from './scripts/integrations/sitemap.ts';
import { buildOnlyModules } from './scripts/integrations/build-only.ts';
import { fileURLToPath } from 'node:url';
import { buildVariables, liveOrdersProject, pricingData } from './scripts/integrations/pricing-data.ts';
import { buildSteps } from './scripts/integrations/build-steps.ts';

// The canonical origin of the deployed site (canonical links, Open Graph, sitemap). Operators set SITE_URL.
const site = process.env.SITE_URL || 'http://localhost:4321';

// Live orders (docs/orders.md): on when the catalogue is Supabase's, unless PUBLIC_ORDERS=simulated. `thela:live-orders`
// is their code (src/islands/live/) or nothing: a simulated build's bundles hold none of it and keep their chunks (with
// it merely reachable behind a constant, every page's JS grew 0.5 KB gzipped from the chunks splitting around it).
const ordersLive = liveOrdersProject(buildVariables('production')) !== null;
const liveOrders = fileURLToPath(new URL(`./src/islands/live/${ordersLive ? 'index' : 'off'}.ts`, import.meta.url));

// The build's own steps around the pages: the catalogue snapshot, photos and search index first, the service worker
// and site checks last (scripts/integrations/build-steps.ts).
const steps = buildSteps();

export default defineConfig({
  site,
  // Operators' rebuilds write each release to its own directory (scripts/ops); everyone else gets dist/.
  outDir: process.env.OUT_DIR || './dist',
  // Incremental builds: pages whose getStaticPaths entry carries a cacheKey (src/lib/catalogue/cache-keys.build.ts) are
  // copied from this cache when their key and their templates are unchanged. It lives outside dist/ and the
  // operators' release folders so it survives between builds; THELA_BUILD_CACHE moves it (docs/operators.md).
  cacheDir: process.env.THELA_BUILD_CACHE || './node_modules/.astro',
  trailingSlash: 'ignore',
  // THELA_BUILD_CONCURRENCY: pages rendered at once. 4, not Astro's default 1: page writes and cache copies overlap
  // rendering (a full 5,000-product build on 2 cores: 42.7-58.1 s at 1, 31.9-38.0 s at 4, 27.1-36.7 s at 8).
  build: { format: 'directory', inlineStylesheets: 'auto', concurrency: Number(process.env.THELA_BUILD_CONCURRENCY) || 4 },
  prefetch: false,
  // refuseSecretKeys first: a PUBLIC_ variable holding a secret stops the build before anything is read.
  // steps.start: the catalogue read once, the photos, the search index started beside the pages.
  // linkedOutput: reused pages are hard links to the cache's copies instead of copies (scripts/integrations/linked-output.ts).
  // siteRedirects: the build's _redirects (every /orders/{id} served the one order page), applied by `astro dev` too.
  integrations: [
    refuseSecretKeys(),
    steps.start,
    // A live-orders build: the order functions checked, the coupons and order settings read once (scripts/integrations/pricing-data.ts).
    pricingData(),
    linkedOutput(undefined, steps.notePages),
    // renderToString, not a stream per island: our islands never suspend, and the stream was encoded to bytes and
    // decoded back for every island of every page (about 8% of a 10,000-product build's CPU).
    react({ experimentalDisableStreaming: true }),
    // Our own sitemap integration: @astrojs/sitemap's output, sorted in a fraction of the time (scripts/integrations/sitemap.ts).
    sitemap({ filter: (page) => !/\/(404|offline|orders\/view|staff)\/?$/.test(page) }),
    siteRedirects(),
    // client:stored="key": an island hydrated only once this browser stored the key (home's "Buy again").
    clientDirectives(),
    // Page scripts and the island runtime written so that they load after the first paint (scripts/integrations/after-paint-scripts.ts).
    afterPaintScripts(),
    // Last: its service worker and site checks read every file the others wrote.
    steps.finish,
  ],
  vite: {
    resolve: { alias: { 'thela:live-orders': liveOrders } },
    plugins: [
      tailwindcss(),
      buildOnlyModules(),
      // No module preload lists in the browser build: every on-demand import (the header's delivery dialog, a
      // listing's search, the service worker's registration) would carry the list of its dependencies, small and cached
      // after first use. Vite keeps its preload helper all the same (0.9 KB gzipped a page; vitejs/vite#18551).
      // Astro sets the client build's own options after the user's, so this is set on the environment itself.
      {
        name: 'thela:no-module-preload',
        configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
      },
    ],
    // Page scripts load as files, after the first paint: inline they would count in every first round trip (issue
    // 12). Except the layout's after-paint loader (src/browser/after-paint.ts), which must run without a request of
    // its own (as a file it cost 0.1-0.17 s of Lighthouse's LCP: bench/results/2026-11-27-loader-file.json). Other
    // assets keep Vite's default.
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? inlinesScript(file) : undefined) },
  },
  experimental: { incrementalBuild: true },
  env: {
    schema: {
      // Both public: inlined into the browser bundle. Only the anon key ever reaches the browser (RLS guards the tables).
      PUBLIC_SUPABASE_URL: envField.string({ context: 'client', access: 'public', optional: true, url: true }),
      PUBLIC_SUPABASE_ANON_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_BRAND_NAME: envField.string({ context: 'client', access: 'public', default: 'Thela' }),
      PUBLIC_SUPPORT_PHONE: envField.string({ context: 'client', access: 'public', default: '1800-123-4567' }),
      PUBLIC_SUPPORT_EMAIL: envField.string({ context: 'client', access: 'public', default: 'support@thela.example' }),
      // "supabase": photos in the project's Storage are resized by its image endpoint, not by the build (src/lib/images.ts).
      PUBLIC_IMAGE_CDN: envField.enum({ context: 'client', access: 'public', values: ['supabase'], optional: true }),
      // Orders go to Supabase whenever the catalogue does (docs/orders.md); "simulated" keeps the spec's simulated checkout.
      PUBLIC_ORDERS: envField.enum({ context: 'client', access: 'public', values: ['simulated'], optional: true }),
      // How often an open live order is asked for again while its page is visible (the spec's 20-30 s; tests shorten it).
      PUBLIC_ORDERS_POLL_SECONDS: envField.number({ context: 'client', access: 'public', default: 25, gt: 0 }),
      // The pincode the header shows until a shopper picks one (default: the lowest the catalogue delivers to).
      PUBLIC_DEFAULT_PINCODE: envField.string({ context: 'server', access: 'public', optional: true }),
      // Build only: a synthetic catalogue of N products instead of the bundled sample (benchmarks).
      CATALOGUE_SIZE: envField.number({ context: 'server', access: 'public', optional: true, int: true, gt: 0 }),
    },
  },
});
