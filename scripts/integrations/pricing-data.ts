/**
 * Live orders at build time (docs/orders.md). Whether a build takes live orders (a Supabase catalogue, and
 * PUBLIC_ORDERS not "simulated"): `liveOrdersProject`, which astro.config.mjs also uses to pick `thela:live-orders`.
 * For such a build this integration first checks that the order functions exist, then reads the `coupons` and
 * `order_settings` tables once, and stops the build in one line when it cannot; any other build uses the bundled
 * copies (src/data/coupons.json and src/data/order-settings.json, the migration's rows). Either way the rows become
 * `virtual:thela/coupons` and `virtual:thela/order-settings`, which the cart prices with: an operator changes a coupon by editing its row and rebuilding,
 * and the cart and place_order price alike.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { loadEnv, type Plugin } from 'vite';
import { createSupabaseClient, orderFunctionsProblem } from '../../src/lib/catalogue/supabase.ts';
import { compactCouponRows, readOrderSettings, type CompactCouponRow, type OrderSettings } from '../../src/lib/pricing-rows.ts';
import { modeFor } from './refuse-secret-keys.ts';

/** The coupons, and the order settings, as modules of their own: every page's cart badge needs the settings only. */
export const COUPONS_MODULE = 'virtual:thela/coupons';
export const ORDER_SETTINGS_MODULE = 'virtual:thela/order-settings';

export interface PricingData {
  coupons: CompactCouponRow[];
  orderSettings: OrderSettings;
}

/** The project a build sends its orders to, or null for the simulated checkout. */
export function liveOrdersProject(env: Record<string, string | undefined>): { url: string; anonKey: string } | null {
  const url = env['PUBLIC_SUPABASE_URL']?.trim();
  const anonKey = env['PUBLIC_SUPABASE_ANON_KEY']?.trim();
  return url && anonKey && env['PUBLIC_ORDERS'] !== 'simulated' ? { url, anonKey } : null;
}

/** The variables as Astro reads them: Vite's `loadEnv` of the .env files, the process environment on top. */
export function buildVariables(mode: string, envDir = process.cwd()): Record<string, string | undefined> {
  return { ...loadEnv(mode, envDir, 'PUBLIC_'), ...process.env };
}

/** The two tables through PostgREST with the anon key (both readable by anon). */
async function readLive(url: string, anonKey: string): Promise<PricingData> {
  const read = async (table: string, query: string): Promise<unknown[]> => {
    let response: Response;
    try {
      response = await fetch(new URL(`/rest/v1/${table}?${query}`, url), {
        headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new Error(
        `Catalogue unavailable, build stopped: Supabase read of ${table} failed: ${(error as Error).message}${cause ? ` (${cause})` : ''}`,
        {
          cause: error,
        },
      );
    }
    if (response.status === 404) {
      throw new Error(
        `Orders unavailable, build stopped: the ${table} table is missing from Supabase: apply supabase/migrations/20261207000000_orders.sql, or set PUBLIC_ORDERS=simulated (docs/orders.md)`,
      );
    }
    if (!response.ok) throw new Error(`Catalogue unavailable, build stopped: Supabase read of ${table} failed: HTTP ${response.status}`);
    return (await response.json()) as unknown[];
  };
  const [coupons, settings] = await Promise.all([read('coupons', 'select=*&order=sort_order'), read('order_settings', 'select=*')]);
  try {
    return { coupons: compactCouponRows(coupons), orderSettings: readOrderSettings(settings[0]) };
  } catch (error) {
    throw new Error(`Orders unavailable, build stopped: ${(error as Error).message}`, { cause: error });
  }
}

/** The bundled copies (the sample, and every simulated build). */
export async function readBundledPricing(): Promise<PricingData> {
  const json = async (file: string): Promise<unknown> =>
    JSON.parse(await readFile(new URL(`../../src/data/${file}`, import.meta.url), 'utf8'));
  return {
    coupons: compactCouponRows((await json('coupons.json')) as unknown[]),
    orderSettings: readOrderSettings(await json('order-settings.json')),
  };
}

/** The Vite plugin that serves the two modules from `data`. */
export function pricingModules(data: PricingData): Plugin {
  const sources = new Map([
    [`\0${COUPONS_MODULE}`, `export const coupons = ${JSON.stringify(data.coupons)};\n`],
    [`\0${ORDER_SETTINGS_MODULE}`, `export const orderSettings = ${JSON.stringify(data.orderSettings)};\n`],
  ]);
  return {
    name: 'thela:pricing-data',
    resolveId: (id) => (sources.has(`\0${id}`) ? `\0${id}` : null),
    load: (id) => sources.get(id) ?? null,
  };
}

/** Checks a live build's project and reads its pricing, before anything else is built. */
export function pricingData(): AstroIntegration {
  return {
    name: 'thela:pricing-data',
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig }) => {
        const project = command === 'build' ? liveOrdersProject(buildVariables(modeFor(command), fileURLToPath(config.root))) : null;
        let data: PricingData;
        try {
          if (project) {
            // Unreachable or missing tables: the read says so first, in the catalogue's words.
            data = await readLive(project.url, project.anonKey);
            const problem = await orderFunctionsProblem(createSupabaseClient(project.url, project.anonKey));
            if (problem !== null) throw new Error(`Orders unavailable, build stopped: ${problem}`);
          } else {
            data = await readBundledPricing();
          }
        } catch (error) {
          // Exits rather than throws: one line, no stack trace, and nothing built.
          console.error((error as Error).message);
          process.exit(1);
        }
        updateConfig({ vite: { plugins: [pricingModules(data)] } });
      },
    },
  };
}
