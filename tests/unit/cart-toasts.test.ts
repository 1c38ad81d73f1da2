import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $toasts, TOAST_DURATION_MS, TOAST_LIMIT, clearToasts, dismissToast, holdToast, showToast } from '../../src/stores/toasts.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe('showToast', () => {
  test('shows a notice with its variant and closes it after a few seconds', () => {
    showToast({ title: 'Error', description: 'Failed to add item to cart', variant: 'destructive' });
    expect($toasts.get()).toMatchObject([{ title: 'Error', description: 'Failed to add item to cart', variant: 'destructive' }]);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  test('defaults to the plain variant and an empty description', () => {
    showToast({ title: 'Added to Cart' });
    expect($toasts.get()[0]).toMatchObject({ title: 'Added to Cart', description: '', variant: 'default' });
  });

  test(`keeps at most ${TOAST_LIMIT}, dropping the oldest`, () => {
    for (let i = 1; i <= TOAST_LIMIT + 2; i++) showToast({ title: `T${i}` });
    expect($toasts.get().map((t) => t.title)).toEqual(['T3', 'T4', 'T5']);
  });

  test('dismiss closes one at once; a held notice stays until released', () => {
    const a = showToast({ title: 'A' });
    const b = showToast({ title: 'B' });
    dismissToast(a);
    expect($toasts.get().map((t) => t.title)).toEqual(['B']);
    holdToast(b, true);
    vi.advanceTimersByTime(TOAST_DURATION_MS * 3);
    expect($toasts.get()).toHaveLength(1);
    holdToast(b, false);
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect($toasts.get()).toEqual([]);
  });
});
