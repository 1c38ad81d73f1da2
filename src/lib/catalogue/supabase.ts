/** The catalogue through Supabase with the anon key; a failure other than "no such row" throws `CatalogueReadError`. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readId } from '../fields.ts';
import { CatalogueReadError, FEATURED_LIMIT } from './reads.ts';
import { sanitizeProduct } from './sanitize.ts';
import type { Product } from './rows.ts';

export const REQUEST_TIMEOUT_MS = 10_000;
/** Rows per page for `listAll`: PostgREST's default max-rows. */
export const PAGE_SIZE = 1000;

export interface ReadOptions {
  /** Let supabase-js retry a GET after a network error or a 503/520 (3 times, 1 s, 2 s, 4 s apart). Default true. */
  retry?: boolean;
}

/** A client for catalogue reads: no session (the storefront only uses the anon key), every request timed out. */
export function createSupabaseClient(url: string, anonKey: string, options: { timeoutMs?: number } = {}): SupabaseClient {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timedFetch: typeof fetch = async (input, init) => {
    // Named AbortError so supabase-js reports it at once instead of retrying a slow backend.
    const timedOut = new Error(`timed out after ${timeoutMs} ms`);
    timedOut.name = 'AbortError';
    // A plain controller and timer rather than AbortSignal.timeout/any, which older Safari lacks.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
    // The timer also guards reading the body; in Node it must not keep a finished build alive.
    (timer as { unref?: () => void }).unref?.();
    const outer = init?.signal;
    if (outer) {
      if (outer.aborted) controller.abort(outer.reason);
      else outer.addEventListener('abort', () => controller.abort(outer.reason), { once: true });
    }
    try {
      return await fetch(input, { ...init, signal: controller.signal });
    } catch (error) {
      throw controller.signal.reason === timedOut ? timedOut : error;
    }
  };
  // supabase-js types a client without a generated Database type with `any` schema generics; every row read is
  // checked by sanitize.ts, so nothing untyped escapes this module.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- see above
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: timedFetch },
  });
}

interface ErrorLike {
  message?: unknown;
  details?: unknown;
  code?: unknown;
}

const KEY_LIKE = /eyJ[\w-]*\.[\w-]*\.[\w-]*|sb_(?:publishable|secret)_[\w-]+/g;

function oneLine(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "fetch failed (getaddrinfo ENOTFOUND example.invalid)", "HTTP 500 XX000: boom", "timed out after 10000 ms". */
function describeFailure(error: ErrorLike, status: number): string {
  const message = typeof error.message === 'string' ? error.message : '';
  const code = typeof error.code === 'string' ? error.code : '';
  if (status === 0) {
    // supabase-js's own report of a fetch that threw: "TypeError: fetch failed", with the cause in details.
    let text = message.replace(/^\w*(?:Error|Exception): /, '') || 'network error';
    const details = typeof error.details === 'string' ? error.details : '';
    const cause = /^Caused by: [^:\n]*: ?(.*?)(?: \(([\w-]+)\))?$/m.exec(details);
    if (cause) {
      const causeText = cause[1]?.trim() ?? '';
      const causeCode = cause[2] ?? '';
      const because =
        causeText === '' ? causeCode : causeCode === '' || causeText.includes(causeCode) ? causeText : `${causeText} (${causeCode})`;
      if (because !== '') text += ` (${because})`;
    }
    return text;
  }
  // A proxy in front of PostgREST may answer with an HTML page: keep its words, not its tags.
  const text = message.replace(/<[^>]*>/g, ' ');
  return `HTTP ${status}${code ? ` ${code}` : ''}${text.trim() ? `: ${text}` : ''}`;
}

function readError(read: string, cause: string, client: SupabaseClient): CatalogueReadError {
  let text = cause.replace(KEY_LIKE, '[redacted]');
  // The key is protected inside the client; reach for it only to make sure no answer echoes it back.
  const key = (client as unknown as { supabaseKey?: unknown }).supabaseKey;
  if (typeof key === 'string' && key.length >= 8) text = text.replaceAll(key, '[redacted]');
  // Redacted before shortening, so a cut can never leave part of a key behind.
  return new CatalogueReadError(`Supabase read of ${read} failed: ${oneLine(text)}`);
}

interface Answer {
  data: unknown;
  error: ErrorLike | null;
  status: number;
}

function check(read: string, answer: Answer, client: SupabaseClient): void {
  if (answer.error) throw readError(read, describeFailure(answer.error, answer.status), client);
}

function rows(read: string, answer: Answer, client: SupabaseClient): unknown[] {
  check(read, answer, client);
  if (!Array.isArray(answer.data)) throw readError(read, 'unexpected response: expected a list of rows', client);
  return answer.data;
}

/** Product page and cart add: one product by id, or null when no row matches (or the row is one the rules reject). */
export async function readProductById(client: SupabaseClient, id: string, options: ReadOptions = {}): Promise<Product | null> {
  // An id the rules would never keep names no row the site could show; don't ask.
  if (readId(id) !== id) return null;
  const answer: Answer = await client
    .from('products')
    .select('*')
    .eq('id', id)
    .retry(options.retry ?? true)
    .single();
  if (answer.error && answer.error.code === 'PGRST116') return null;
  check('product by id', answer, client);
  if (typeof answer.data !== 'object' || answer.data === null || Array.isArray(answer.data)) {
    throw readError('product by id', 'unexpected response: expected one row', client);
  }
  const result = sanitizeProduct(answer.data);
  return result.ok ? result.row : null;
}

/** Home featured: available products, at most `FEATURED_LIMIT`, by id. */
export async function readFeatured(client: SupabaseClient, options: ReadOptions = {}): Promise<Product[]> {
  const answer: Answer = await client
    .from('products')
    .select('*')
    .eq('is_available', true)
    .order('id')
    .limit(FEATURED_LIMIT)
    .retry(options.retry ?? true);
  return rows('featured products', answer, client).flatMap((row) => {
    const result = sanitizeProduct(row);
    return result.ok ? [result.row] : [];
  });
}

/** Each table's key, which `listAll` orders by. */
const TABLE_KEYS = { products: 'id', categories: 'id', stores: 'id', delivery_areas: 'pincode' } as const;

/** Safety stop for `listAll`: a backend that ignores `offset` would otherwise page forever. */
const MAX_PAGES = 10_000;

/**
 * Every row of one table, raw, in pages ordered by its key. Paging goes on until a page comes back empty rather than
 * short, so a backend whose max-rows is set below 1,000 still yields every row.
 */
export async function listAll(client: SupabaseClient, table: keyof typeof TABLE_KEYS, options: ReadOptions = {}): Promise<unknown[]> {
  const all: unknown[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const from = all.length;
    const answer: Answer = await client
      .from(table)
      .select('*')
      .order(TABLE_KEYS[table])
      .range(from, from + PAGE_SIZE - 1)
      .retry(options.retry ?? true);
    const batch = rows(table, answer, client);
    if (batch.length === 0) return all;
    all.push(...batch);
  }
  throw readError(table, `paging did not end after ${MAX_PAGES} pages`, client);
}

/** The migrations that create the order functions (docs/orders.md), and one function each makes. */
const ORDER_MIGRATIONS = [
  { file: 'supabase/migrations/20261207000000_orders.sql', fn: 'get_orders', args: { p_refs: [] } },
  // The staff's: anon may not call it, so any answer but "no such function" (PGRST202, 404) says it is there.
  { file: 'supabase/migrations/20261207120000_order_staff.sql', fn: 'staff_stores', args: {} },
] as const;

/** Null when the project has the order functions (live orders can go through), else why not, in one line. */
export async function orderFunctionsProblem(client: SupabaseClient): Promise<string | null> {
  for (const { file, fn, args } of ORDER_MIGRATIONS) {
    const answer: Answer = await client.rpc(fn, args);
    if (!answer.error || answer.status === 401 || answer.status === 403) continue;
    if (answer.error.code === 'PGRST202' || answer.status === 404) {
      return `the order functions are missing from Supabase: apply ${file}, or set PUBLIC_ORDERS=simulated (docs/orders.md)`;
    }
    return `the order functions could not be checked: ${readError(fn, describeFailure(answer.error, answer.status), client).message}`;
  }
  return null;
}
