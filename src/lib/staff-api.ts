/**
 * The staff page's calls (docs/orders.md, "Staff"): Supabase Auth's own session (email and password; supabase-js keeps
 * it under its storage key and refreshes it), and the staff functions, each answer read as input. Loaded only by
 * the staff page of a live build.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { isRecord, readText } from './fields.ts';
import { callFunction, readAnswer, type Answer, type Denied } from './function-call.ts';
import { readServerOrder, type ServerOrder } from './live-orders.ts';

/** One of the staff's stores, and whether it takes new orders. */
export interface StaffStore {
  id: string;
  name: string;
  is_active: boolean;
}

export type StaffAnswer<T> = Answer<T> | Denied;

/** Where supabase-js keeps the staff session in this browser. */
export const STAFF_SESSION_KEY = 'thela-staff-auth';

let client: Promise<SupabaseClient> | undefined;

/** The staff's Supabase client: the anon key, and the signed-in user's session on every call. */
function staffClient(): Promise<SupabaseClient> {
  if (!PUBLIC_SUPABASE_URL || !PUBLIC_SUPABASE_ANON_KEY) return Promise.reject(new Error('Supabase is not configured'));
  const [url, key] = [PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY];
  client ??= import('@supabase/supabase-js').then(
    ({ createClient }) =>
      createClient(url, key, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, storageKey: STAFF_SESSION_KEY },
      }),
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}

/** The signed-in staff member's email, or null. */
export async function currentStaff(): Promise<string | null> {
  const { data } = await (await staffClient()).auth.getSession();
  return data.session?.user.email ?? null;
}

/** Signs in with email and password: null when signed in, else what to tell the person. */
export async function signIn(email: string, password: string): Promise<string | null> {
  let auth;
  try {
    auth = (await staffClient()).auth;
  } catch {
    return 'Could not reach the shop’s server. Check the connection and try again.';
  }
  const { error } = await auth.signInWithPassword({ email: email.trim(), password });
  if (!error) return null;
  if (error.status === 400 || error.status === 401 || error.code === 'invalid_credentials') return 'Wrong email or password.';
  return 'Could not reach the shop’s server. Check the connection and try again.';
}

export async function signOut(): Promise<void> {
  // The session goes from this browser even when the server cannot be told.
  await (await staffClient()).auth.signOut({ scope: 'local' });
}

const call = (fn: string, args: Record<string, unknown>) => callFunction(staffClient, fn, args, { denied: true });

const orders = (data: unknown) => (Array.isArray(data) ? data.map(readServerOrder).filter((o): o is ServerOrder => o !== null) : null);

/** shop_orders: the open orders of the staff's stores and those closed today, oldest first. */
export async function shopOrders(): Promise<StaffAnswer<ServerOrder[]>> {
  return readAnswer(await call('shop_orders', {}), orders);
}

/** set_order_status: moves an order on, or cancels it with a reason. */
export async function setOrderStatus(orderId: string, status: string, reason?: string): Promise<StaffAnswer<ServerOrder>> {
  return readAnswer(
    await call('set_order_status', { p_order_id: orderId, p_status: status, ...(reason === undefined ? {} : { p_reason: reason }) }),
    readServerOrder,
  );
}

/** remove_order_line: a line the shop cannot supply leaves the order; the totals are computed again. */
export async function removeOrderLine(orderId: string, productId: string, reason: string): Promise<StaffAnswer<ServerOrder>> {
  return readAnswer(await call('remove_order_line', { p_order_id: orderId, p_product_id: productId, p_reason: reason }), readServerOrder);
}

function readStore(value: unknown): StaffStore | null {
  if (!isRecord(value)) return null;
  const id = readText(value['id'], 200);
  const name = readText(value['name'], 200);
  return id && name && typeof value['is_active'] === 'boolean' ? { id, name, is_active: value['is_active'] } : null;
}

/** staff_stores: the stores this person works for. */
export async function staffStores(): Promise<StaffAnswer<StaffStore[]>> {
  return readAnswer(await call('staff_stores', {}), (data) =>
    Array.isArray(data) ? data.map(readStore).filter((s): s is StaffStore => s !== null) : null,
  );
}

/** set_store_active: pauses or resumes a store's new orders. */
export async function setStoreActive(storeId: string, active: boolean): Promise<StaffAnswer<StaffStore>> {
  return readAnswer(await call('set_store_active', { p_store_id: storeId, p_active: active }), readStore);
}
