/** The build's one read of the catalogue, sanitized, logged in one line and indexed into the model (model.ts). */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { supabaseObjectPrefix } from '../images.ts';
import { readImageState, remoteImageUrls, resolveCatalogueImages, shownPath, type ImageEntry } from './image-state.build.ts';
import { indexCatalogue, type CatalogueModel } from './model.ts';
import { CatalogueReadError } from './reads.ts';
import { sanitizeCatalogue } from './sanitize.ts';
import { createSupabaseClient, listAll } from './supabase.ts';
import { CATALOGUE_TABLES, type Catalogue } from './rows.ts';

export type CatalogueOrigin =
  | { kind: 'supabase'; url: string; anonKey: string }
  | { kind: 'file'; path: string }
  | { kind: 'synthetic'; size: number }
  | { kind: 'sample' }
  | { kind: 'snapshot'; path: string; source: 'supabase' | 'file' };

/** Set by the build (scripts/integrations/build-steps.ts) for its steps: the one read of a Supabase or file catalogue. */
export const SNAPSHOT_VARIABLE = 'THELA_CATALOGUE_SNAPSHOT';

/**
 * Picks the source: this build's snapshot, else Supabase, else THELA_CATALOGUE_FILE (the tables' rows), else
 * CATALOGUE_SIZE synthetic, else the sample.
 */
export function catalogueOrigin(env: Record<string, string | undefined> = process.env): CatalogueOrigin {
  const snapshot = env[SNAPSHOT_VARIABLE]?.trim();
  if (snapshot) return { kind: 'snapshot', path: snapshot, source: env['PUBLIC_SUPABASE_URL']?.trim() ? 'supabase' : 'file' };
  const url = env['PUBLIC_SUPABASE_URL']?.trim();
  const anonKey = env['PUBLIC_SUPABASE_ANON_KEY']?.trim();
  if (url && anonKey) return { kind: 'supabase', url, anonKey };
  const file = env['THELA_CATALOGUE_FILE']?.trim();
  if (file) return { kind: 'file', path: file };
  const size = Number(env['CATALOGUE_SIZE']);
  if (Number.isInteger(size) && size > 0) return { kind: 'synthetic', size };
  return { kind: 'sample' };
}

/** Reads the raw rows of every table from the chosen origin. */
export async function readRawCatalogue(origin: CatalogueOrigin): Promise<Record<keyof Catalogue, unknown[]>> {
  switch (origin.kind) {
    case 'supabase': {
      const client = createSupabaseClient(origin.url, origin.anonKey);
      // Categories first: a failure there is the cheapest way to learn the backend is unreachable.
      // No retries: a build against an unreachable backend should fail in seconds, not after a back-off.
      const categories = await listAll(client, 'categories', { retry: false });
      const [products, stores, delivery_areas] = await Promise.all([
        listAll(client, 'products', { retry: false }),
        listAll(client, 'stores', { retry: false }),
        listAll(client, 'delivery_areas', { retry: false }),
      ]);
      return { products, categories, stores, delivery_areas };
    }
    case 'file':
    case 'snapshot': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readFile(origin.path, 'utf8'));
      } catch (error) {
        throw new CatalogueReadError(`catalogue file ${origin.path}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const tables = (parsed ?? {}) as Record<string, unknown>;
      const rows = (name: keyof Catalogue): [string, unknown[]] => {
        const list = tables[name];
        if (!Array.isArray(list)) throw new CatalogueReadError(`catalogue file ${origin.path}: "${name}" is not an array of rows`);
        return [name, list];
      };
      return Object.fromEntries(CATALOGUE_TABLES.map(rows)) as Record<keyof Catalogue, unknown[]>;
    }
    case 'synthetic': {
      // A build tool, loaded only for benchmark builds.
      const { generateSyntheticCatalogue } = await import('./sample.build.ts');
      return generateSyntheticCatalogue(origin.size);
    }
    case 'sample':
      // Bundled into the build's server chunk, so the build reads no file by path.
      return (await import('../../data/sample-catalogue.json', { with: { type: 'json' } })).default;
  }
}

/**
 * Reads a catalogue that can change under the build (Supabase's tables, an operator's file) once, into `file` as the
 * tables' rows, for every step of this build to read (`SNAPSHOT_VARIABLE`); null for the sample and a synthetic
 * catalogue, which are code and read the same every time. Pages, photos and index then never disagree.
 */
export async function snapshotCatalogue(origin: CatalogueOrigin, file: string): Promise<string | null> {
  if (origin.kind !== 'supabase' && origin.kind !== 'file') return null;
  await writeFile(file, JSON.stringify(await readRawCatalogue(origin)));
  return file;
}

/** Skipped rows itemised in the build log before the rest are only counted. */
const ITEMISED_SKIPS = 20;

/** The process environment plus each variable Vite read from .env files, named on its own. Why: docs/architecture.md, "The build". */
function buildEnv(): Record<string, string | undefined> {
  const fromFiles: Record<string, unknown> = {
    PUBLIC_SUPABASE_URL: import.meta.env.PUBLIC_SUPABASE_URL,
    PUBLIC_SUPABASE_ANON_KEY: import.meta.env.PUBLIC_SUPABASE_ANON_KEY,
    PUBLIC_IMAGE_CDN: import.meta.env.PUBLIC_IMAGE_CDN,
    PUBLIC_DEFAULT_PINCODE: import.meta.env.PUBLIC_DEFAULT_PINCODE,
    CATALOGUE_SIZE: import.meta.env.CATALOGUE_SIZE,
  };
  const strings = Object.fromEntries(Object.entries(fromFiles).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return { ...strings, ...process.env };
}

export type CatalogueLog = Pick<Console, 'info' | 'warn'>;

/** Reads, sanitizes and logs the catalogue from `origin` (the build's read, without the once-per-build sharing). */
export async function loadCatalogue(origin: CatalogueOrigin, log: CatalogueLog = console): Promise<Catalogue> {
  const { catalogue, report } = sanitizeCatalogue(await readRawCatalogue(origin));
  for (const row of report.skipped.slice(0, ITEMISED_SKIPS)) {
    log.warn(`skipped ${row.table} row ${JSON.stringify(row.id ?? row.index)}: ${row.reason}`);
  }
  log.info(`${report.summary()} (source: ${origin.kind === 'snapshot' ? origin.source : origin.kind})`);
  return catalogue;
}

/**
 * The catalogue with its photos as shoppers see them: each http(s) URL becomes the optimised photo in THELA_IMAGES_FILE
 * (set by the build: scripts/integrations/build-steps.ts), itself when the Storage CDN resizes it, or null (the placeholder).
 */
export async function withShownImages(
  catalogue: Catalogue,
  env: Record<string, string | undefined> = process.env,
  log: CatalogueLog = console,
): Promise<Catalogue> {
  const remote = remoteImageUrls(catalogue).length;
  if (remote === 0) return catalogue;
  const cdn = supabaseObjectPrefix(env['PUBLIC_IMAGE_CDN'], env['PUBLIC_SUPABASE_URL']);
  const file = env['THELA_IMAGES_FILE'];
  const entries = file ? await readImageState(file) : new Map<string, ImageEntry>();
  if (!file) log.warn(`${remote} photo URLs are shown as the placeholder: the image step did not run (npm run build runs it)`);
  return resolveCatalogueImages(catalogue, (url) => (cdn !== null && url.startsWith(cdn) ? url : shownPath(entries.get(url))));
}

let model: Promise<CatalogueModel> | undefined;

/** The build's catalogue model, read once and shared by every page; a failed read stops the build, never half a site. */
export function getCatalogue(): Promise<CatalogueModel> {
  const env = buildEnv();
  const pincode = env['PUBLIC_DEFAULT_PINCODE']?.trim() || undefined;
  const origin = catalogueOrigin(env);
  model ??= loadCatalogue(origin)
    .then((catalogue) => withShownImages(catalogue, env))
    .then(
      (catalogue) => {
        const indexed = indexCatalogue(catalogue, pincode);
        if (pincode && indexed.defaultArea?.pincode !== pincode) {
          console.warn(
            `PUBLIC_DEFAULT_PINCODE ${pincode} is not a pincode the catalogue delivers to; the header shows ${indexed.defaultArea?.pincode ?? 'no area'}`,
          );
        }
        return indexed;
      },
      (error: unknown) => {
        throw buildStopped(error);
      },
    );
  return model;
}

/** A CatalogueReadError as one line without a stack, which the operators' status shows as the cause. */
export function buildStopped(error: unknown): unknown {
  if (!(error instanceof CatalogueReadError)) return error;
  const clean = new Error(`Catalogue unavailable, build stopped: ${error.message}`);
  clean.stack = clean.message;
  return clean;
}

let illustrations: Promise<Set<string>> | undefined;

/** The names of the bundled category illustrations (`category-<name>.svg`), for categories without an image. */
export function bundledIllustrations(): Promise<Set<string>> {
  illustrations ??= readdir(path.resolve('public/images/catalogue')).then(
    (files) => new Set(files.flatMap((file) => /^category-(.+)\.svg$/.exec(file)?.[1] ?? [])),
    () => new Set<string>(),
  );
  return illustrations;
}
