import { readFile } from 'node:fs/promises';
import type { Loader } from 'astro/loaders';
import { sanitizeCatalogue } from './sanitize.ts';
import { generateSyntheticCatalogue } from './sample.ts';
import { createSupabaseClient, listAll } from './supabase-source.ts';
import { CatalogueReadError } from './source.ts';
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
      // No retries: a build against an unreachable backend should fail in seconds, not after a back-off.
      const categories = await listAll(client, 'categories', { retry: false });
      const [products, stores] = await Promise.all([
        listAll(client, 'products', { retry: false }),
        listAll(client, 'stores', { retry: false }),
      ]);
      return { products, categories, stores };
    }
    case 'synthetic':
      return generateSyntheticCatalogue(origin.size);
    case 'sample':
      return JSON.parse(await readFile(SAMPLE_FILE, 'utf8')) as Catalogue;
  }
}

let pending: Promise<Catalogue> | undefined;

/** How many skipped rows are itemised in the build log before the rest are only counted. */
const ITEMISED_SKIPS = 20;

/** Build-time environment: the process environment, plus what Vite read from .env files when running inside Astro. */
function buildEnv(): Record<string, string | undefined> {
  const vite = (import.meta as { env?: Record<string, unknown> }).env ?? {};
  const fromFiles = Object.fromEntries(
    Object.entries(vite).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return { ...fromFiles, ...process.env };
}

interface CatalogueLog {
  info(line: string): void;
  warn(line: string): void;
}

/** The sanitized catalogue, read once per build and shared by the three collections. Logs one summary line. */
export function loadCatalogue(log: CatalogueLog = console): Promise<Catalogue> {
  pending ??= (async () => {
    const origin = catalogueOrigin(buildEnv());
    const raw = await readRawCatalogue(origin);
    const { catalogue, report } = sanitizeCatalogue(raw);
    for (const row of report.skipped.slice(0, ITEMISED_SKIPS)) {
      log.warn(`skipped ${row.table} row ${JSON.stringify(row.id ?? row.index)}: ${row.reason}`);
    }
    log.info(`${report.summary()} (source: ${origin.kind})`);
    return catalogue;
  })();
  return pending;
}

/** A content-layer loader for one table of the catalogue. */
export function catalogueLoader(table: keyof Catalogue): Loader {
  return {
    name: `thela-catalogue-${table}`,
    load: async ({ store, logger, generateDigest }) => {
      let catalogue: Catalogue;
      try {
        catalogue = await loadCatalogue(logger);
      } catch (error) {
        if (!(error instanceof CatalogueReadError)) throw error;
        // The build must stop with one clear line, not a stack trace of our reader: never a half-empty site.
        const clean = new Error(`Catalogue unavailable, build stopped: ${error.message}`);
        clean.stack = clean.message;
        throw clean;
      }
      store.clear();
      for (const row of catalogue[table]) {
        const data = { ...row } as Record<string, unknown>;
        store.set({ id: row.id, data, digest: generateDigest(data) });
      }
    },
  };
}
