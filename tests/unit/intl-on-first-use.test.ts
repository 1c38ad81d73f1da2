// The first Intl formatter a page makes starts ICU (41-93 ms in Chromium): browser modules make theirs on first use,
// never as they load (bench/results/2026-11-27-listing-intl-lazy.json).
import { afterEach, describe, expect, test, vi } from 'vitest';

const real = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
let made = 0;

/** Counts the formatters of `kind` made from now on, and imports `module` afresh (its top-level code runs again). */
function counting<T>(kind: keyof typeof real, module: () => Promise<T>): Promise<T> {
  made = 0;
  Intl[kind] = new Proxy(real[kind], { construct: (target, args: []) => (made++, Reflect.construct(target, args)) }) as never;
  vi.resetModules();
  return module();
}

afterEach(() => Object.assign(Intl, real));

describe('Intl formatters are made on first use', () => {
  test('prices (src/lib/format.ts)', async () => {
    const { formatPaise } = await counting('NumberFormat', () => import('../../src/lib/format.ts'));
    expect(made).toBe(0);
    expect(formatPaise(12345600)).toBe('₹1,23,456.00');
    formatPaise(100);
    expect(made).toBe(1);
  });

  test("the listing's showing line (src/lib/listing.ts)", async () => {
    const { showingLine } = await counting('NumberFormat', () => import('../../src/lib/listing.ts'));
    expect(made).toBe(0);
    expect(showingLine(25, 48, 100000)).toBe('Showing 25-48 of 1,00,000');
    showingLine(1, 24, 1474);
    expect(made).toBe(1);
  });

  test('order times, in India time (src/lib/orders.ts)', async () => {
    const { formatOrderDate, formatStepTime } = await counting('DateTimeFormat', () => import('../../src/lib/orders.ts'));
    expect(made).toBe(0);
    expect(formatOrderDate('not a time')).toBe('');
    expect(made).toBe(0);
    expect(formatOrderDate('2025-06-14T05:00:00Z').replace(/\s/g, ' ')).toBe('14 Jun 2025, 10:30 am');
    expect(formatStepTime('2025-06-14T05:02:00Z').replace(/\s/g, ' ')).toBe('10:32 am');
    formatOrderDate('2025-06-15T05:00:00Z');
    expect(made).toBe(2);
  });
});
