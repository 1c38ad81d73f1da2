import { expect, test } from '@playwright/test';
import { pwaAudit } from '../../scripts/pwa-audit.ts';

test('the site is installable and its start URL works offline (Chromium installability, as in the benchmark)', async ({ baseURL }) => {
  test.setTimeout(60_000);
  const result = await pwaAudit(baseURL!);
  expect(result.installabilityErrors).toEqual([]);
  expect(result.checks.filter((check) => !check.passed)).toEqual([]);
  expect(result.passed).toBe(true);
  expect(result.serviceWorker.scriptURL).toBe(new URL('/sw.js', baseURL).href);
});
