import { expect, test } from '@playwright/test';
import { must } from '../../scripts/lib/must.ts';
import { pwaAudit } from '../../scripts/pwa-audit.ts';

test('the site is installable and its start URL works offline (Chromium installability, as in the benchmark)', async ({ baseURL }) => {
  test.setTimeout(60_000);
  const result = await pwaAudit(must(baseURL, 'baseURL'));
  expect(result.installabilityErrors).toEqual([]);
  expect(result.checks.filter((check) => !check.passed)).toEqual([]);
  expect(result.passed).toBe(true);
  expect(result.serviceWorker.scriptURL).toBe(new URL('/sw.js', baseURL).href);
});
