/**
 * One call of a database function through supabase-js, for the shopper's calls (orders-api.ts) and the staff's
 * (staff-api.ts): the answer read as input, in the words the pages act on.
 */
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { readRefusal, type Refusal } from './live-orders.ts';

/**
 * The data; a refusal (P0001 with a hint: nothing was written); `network` (the call did not arrive, or its answer was
 * lost: the same request may be sent again); or `failed` (anything else).
 */
export type Answer<T> =
  { kind: 'ok'; data: T } | { kind: 'refused'; refusal: Refusal } | { kind: 'network' } | { kind: 'failed'; message: string };

/** Not signed in any more, or not allowed (permission denied, 401, 403): the staff's calls tell this apart. */
export type Denied = { kind: 'denied' };

/** Calls `fn` through the client `connect` loads; with `denied`, a refused permission is its own answer. */
export function callFunction(connect: () => Promise<SupabaseClient>, fn: string, args: Record<string, unknown>): Promise<Answer<unknown>>;
export function callFunction(
  connect: () => Promise<SupabaseClient>,
  fn: string,
  args: Record<string, unknown>,
  options: { denied: true },
): Promise<Answer<unknown> | Denied>;
export async function callFunction(
  connect: () => Promise<SupabaseClient>,
  fn: string,
  args: Record<string, unknown>,
  { denied = false } = {},
): Promise<Answer<unknown> | Denied> {
  let client;
  try {
    client = await connect();
  } catch {
    // The client's chunk could not load: offline, like a request that did not arrive.
    return { kind: 'network' };
  }
  const answer: { data: unknown; error: PostgrestError | null; status: number } = await client.rpc(fn, args);
  const { data, error, status } = answer;
  if (!error) return { kind: 'ok', data };
  // supabase-js reports a fetch that threw (offline, reset, timed out) with status 0.
  if (status === 0) return { kind: 'network' };
  if (denied && (error.code === '42501' || status === 401 || status === 403)) return { kind: 'denied' };
  const refusal = readRefusal(error);
  return refusal ? { kind: 'refused', refusal } : { kind: 'failed', message: `${status} ${error.code}: ${error.message}` };
}

/** An answer's data read by `read` (null: not what the function returns, so `failed`); any other answer as it is. */
export function readAnswer<Other extends { kind: string }, T>(
  answer: { kind: 'ok'; data: unknown } | Other,
  read: (data: unknown) => T | null,
): { kind: 'ok'; data: T } | Other | { kind: 'failed'; message: string } {
  if (answer.kind !== 'ok') return answer as Other;
  const value = read((answer as { data: unknown }).data);
  return value === null ? { kind: 'failed', message: 'unexpected answer' } : { kind: 'ok', data: value };
}
