import { describe, expect, test } from 'vitest';
import { lcpBreakdown } from '../../scripts/bench/targets.ts';

describe('lcpBreakdown', () => {
  const phases = { ttfbMs: 600, loadDelayMs: 0, loadTimeMs: 0, renderDelayMs: 470 };

  test('says nothing for an LCP within the limit', () => {
    expect(lcpBreakdown({ lcpMs: 990, lcpPhases: phases, lcpElement: '<h1>' })).toEqual([]);
  });

  test("names the largest phase the site can change, never Lighthouse's simulated time to first byte", () => {
    const lines = lcpBreakdown({ lcpMs: 1070, lcpPhases: phases, lcpElement: '<h1 class="text-2xl">Fruits</h1>' });
    expect(lines[0]).toBe('LCP 1.07 s is 0.07 s over 1.00 s (element: <h1 class="text-2xl">Fruits</h1>)');
    expect(lines.at(-1)).toMatch(/^in the way: render delay: after the first byte/);
    const late = lcpBreakdown({ lcpMs: 1200, lcpPhases: { ...phases, loadDelayMs: 500, renderDelayMs: 100 }, lcpElement: '<img>' });
    expect(late.at(-1)).toMatch(/^in the way: load delay:/);
  });

  test("reads a photo's render delay as its round trips in the simulation", () => {
    const lines = lcpBreakdown({ lcpMs: 1070, lcpPhases: phases, lcpElement: '<img src="/_img/x-384.webp" alt="">' });
    expect(lines.at(-1)).toMatch(/^in the way: render delay, for a photo: .*round trip/);
  });

  test('gives no reading when every phase the site can change is zero', () => {
    const lines = lcpBreakdown({ lcpMs: 1070, lcpPhases: { ...phases, renderDelayMs: 0 }, lcpElement: '<img>' });
    expect(lines.some((line) => line.startsWith('in the way'))).toBe(false);
  });
});
