import { atom } from 'nanostores';
import { isRecord } from '../lib/fields.ts';
import { parseStoredArray } from '../lib/storage.ts';

/** How a notice looks: "destructive" for failures (announced as an alert). */
export type ToastVariant = 'default' | 'destructive';

/** What a caller asks to show. */
export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant | undefined;
}

/** A notice on screen. */
export type Toast = { id: number } & ReturnType<typeof clean>;

/** How long a notice stays before it closes by itself. */
export const TOAST_DURATION_MS = 4000;
/** At most this many notices at once; the oldest goes first. */
export const TOAST_LIMIT = 3;
/** sessionStorage key of notices waiting for the next page (a notice raised just before navigating). */
export const NEXT_PAGE_TOASTS_KEY = 'thela-next-page-toasts';

/** The notices on screen, newest last. Shared by every island and the vanilla Toaster. */
export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function clean(input: ToastInput): { title: string; description: string; variant: ToastVariant } {
  return {
    title: input.title.slice(0, 200),
    description: (input.description ?? '').slice(0, 500),
    variant: input.variant === 'destructive' ? 'destructive' : 'default',
  };
}

/** Shows a notice that closes itself after TOAST_DURATION_MS; returns its id. */
export function showToast(input: ToastInput): number {
  const id = nextId++;
  const toast: Toast = { id, ...clean(input) };
  const kept = [...$toasts.get(), toast];
  for (const dropped of kept.slice(0, Math.max(0, kept.length - TOAST_LIMIT))) clearTimer(dropped.id);
  $toasts.set(kept.slice(-TOAST_LIMIT));
  startTimer(id);
  return id;
}

function startTimer(id: number): void {
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
}

function clearTimer(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

export function dismissToast(id: number): void {
  clearTimer(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Keeps a notice back while the shopper reads it (pointer or focus inside), then gives it a fresh timer. */
export function holdToast(id: number, hold: boolean): void {
  clearTimer(id);
  if (!hold && $toasts.get().some((toast) => toast.id === id)) startTimer(id);
}

/** Closes every notice (tests). */
export function clearToasts(): void {
  for (const id of timers.keys()) clearTimer(id);
  $toasts.set([]);
}

/** Queues a notice for the next page this tab opens (e.g. "Order Placed!" before going to /orders). */
export function showToastOnNextPage(input: ToastInput): void {
  try {
    const queued = readQueue();
    queued.push(clean(input));
    sessionStorage.setItem(NEXT_PAGE_TOASTS_KEY, JSON.stringify(queued.slice(-TOAST_LIMIT)));
  } catch {
    // No sessionStorage (private mode, tests): show it here instead; the page may still be visible.
    showToast(input);
  }
}

function readQueue(): Omit<Toast, 'id'>[] {
  try {
    const queued = parseStoredArray(sessionStorage.getItem(NEXT_PAGE_TOASTS_KEY) ?? undefined);
    return queued.filter((t) => isRecord(t) && typeof t['title'] === 'string').map((t) => clean(t as ToastInput));
  } catch {
    return [];
  }
}

/** Shows the notices queued by the previous page, once. */
export function showQueuedToasts(): void {
  const queued = readQueue();
  try {
    sessionStorage.removeItem(NEXT_PAGE_TOASTS_KEY);
  } catch {
    return;
  }
  for (const toast of queued) showToast(toast);
}
