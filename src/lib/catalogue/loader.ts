import { readFile } from 'node:fs/promises';
import type { Loader } from 'astro/loaders';
import { sanitizeCatalogue } from './sanitize.ts';
import { generateSyntheticCatalogue } from './sample.ts';
import { createSupabaseClient, listAll } from './supabase-source.ts';
import type { Catalogue } from './types.ts';

/** Where the build reads the catalogue from, decided by the environment. */
export type CatalogueOrigin =
  | { kind: 'supabase'; url: string; anonKey: string }
  | { kind: 'synthetic'; size: number }
  | { kind: 'sample' };

/** Picks the source: Supabase when both public variables are set, a synthetic catalogue when CATALOGUE_SIZE is set, else the bundled sample. */
export function catalogueOrigin(env: Record<string, string | undefined> = process.env): CatalogueOrigin {
  const url = env['PUBLIC_SUPABASE_URL']?.trim();
  const anonKey = env['PUBLIC_SUPABASE_ANON_KEY']?.trim();
  if (url && anonKey) return { kind: 'supabase', url, anonKey };
  const size = Number(env['CATALOGUE_SIZE']);
  if (Number.isInteger(size) && size > 0) return { kind: 'synthetic', size };
  return { kind: 'sample' };
}

const SAMPLE_FILE = new URL('../../data/sample-catalogue.json', import.meta.url);

/** Reads the raw rows of every table from the chosen origin; throws CatalogueReadError with one clear line when Supabase fails. */
export async function readRawCatalogue(origin: CatalogueOrigin) {
  switch (origin.kind) {
    case 'supabase': {
      const client = createSupabaseClient(origin.url, origin.anonKey);
      // Categories first: a failure there is the cheapest way to learn the backend is unreachable.
      const categories = await listAll(client, 'categories');
      const [products, stores] = await Promise.all([listAll(client, 'products'), listAll(client, 'stores')]);
      return { products, categories, stores };
    }
    case 'synthetic':
      return generateSyntheticCatalogue(origin.size);
    case 'sample':
      return JSON.parse(await readFile(SAMPLE_FILE, 'utf8')) as Catalogue;
  }
}

let pending: Promise<Catalogue> | undefined;

/** The sanitized catalogue, read once per build and shared by the three collections. Logs one summary line. */
export function loadCatalogue(log: (line: string) => void = console.log): Promise<Catalogue> {
  pending ??= (async () => {
    const origin = catalogueOrigin();
    const raw = await readRawCatalogue(origin);
    const { catalogue, report } = sanitizeCatalogue(raw);
    log(`${report.summary()} (source: ${origin.kind})`);
    return catalogue;
  })();
  return pending;
}

/** A content-layer loader for one table of the catalogue. */
export function catalogueLoader(table: keyof Catalogue): Loader {
  return {
    name: `thela-catalogue-${table}`,
    load: async ({ store, logger, generateDigest }) => {
      const catalogue = await loadCatalogue((line) => logger.info(line));
      store.clear();
      for (const row of catalogue[table]) {
        const data = { ...row } as Record<string, unknown>;
        store.set({ id: row.id, data, digest: generateDigest(data) });
      }
    },
  };
}
