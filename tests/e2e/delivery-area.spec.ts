import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { seedCart, seedStorage, storedLine } from './support/cart.ts';
import { cachedPaths, waitForServiceWorker } from './support/pwa.ts';

// "Deliver to a pincode" (issue 17): the header's location line opens the dialog; the build's serviceability table
// answers (sample: 122001 Sector 14 from a 10-minute store, 122002 DLF Phase 1 from a 9-minute one; 122018's store is
// inactive; 110099 is not in the table).

// The header's location line (the dialog, and its buttons, sit in the header too).
const locationButton = (page: Page) => page.locator('[data-deliver-to]');
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Deliver to', exact: true });
const pincode = (page: Page) => dialog(page).getByRole('textbox', { name: 'Pincode', exact: true });

async function openDialog(page: Page): Promise<void> {
  await locationButton(page).click();
  await expect(dialog(page)).toBeVisible();
}

async function check(page: Page, value: string): Promise<void> {
  await pincode(page).fill(value);
  await dialog(page).getByRole('button', { name: 'Check', exact: true }).click();
}

test('the header starts at the spec default and opens a labelled "Deliver to" dialog that Escape closes', async ({ page }) => {
  await page.goto('/');
  await expect(locationButton(page)).toContainText('Sector 14, Gurgaon - 122001');
  await expect(page.getByRole('banner')).toContainText('Delivery in 10 mins');
  await openDialog(page);
  await expect(pincode(page)).toHaveAttribute('inputmode', 'numeric');
  await expect(pincode(page)).toHaveAttribute('autocomplete', 'postal-code');
  await expect(pincode(page)).toHaveAttribute('aria-describedby', /\S/);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(locationButton(page)).toBeFocused();
});

test('a served pincode sets the area and its store delivery time, persisted across reloads and pages', async ({ page }) => {
  await page.goto('/');
  await openDialog(page);
  await check(page, '122002');
  await expect(dialog(page)).toBeHidden();
  await expect(locationButton(page)).toBeFocused();
  await expect(locationButton(page)).toContainText('DLF Phase 1, Gurgaon - 122002');
  await expect(page.getByRole('banner')).toContainText('Delivery in 9 mins');

  await page.reload();
  await expect(locationButton(page)).toContainText('DLF Phase 1, Gurgaon - 122002');
  await page.goto('/about');
  await expect(locationButton(page)).toContainText('DLF Phase 1, Gurgaon - 122002');
  await expect(page.getByRole('banner')).toContainText('Delivery in 9 mins');

  // A saved address is a quick pick: Home is 122001.
  await openDialog(page);
  await dialog(page).getByRole('button', { name: /Home/ }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(locationButton(page)).toContainText('Sector 14, Gurgaon - 122001');
  await expect(page.getByRole('banner')).toContainText('Delivery in 10 mins');
});

test('an unserved pincode says so and offers the nearest served areas', async ({ page }) => {
  await page.goto('/');
  await openDialog(page);
  await check(page, '110099');
  await expect(dialog(page)).toContainText("We don't deliver to 110099 yet");
  await expect(pincode(page)).toHaveAttribute('aria-invalid', 'false');
  const nearest = dialog(page).getByRole('listitem').filter({ hasText: 'mins' });
  await expect(nearest).toHaveCount(3);
  await expect(nearest.first()).toContainText('Sector 14, Gurgaon - 122001');
  // The store of 122018 is inactive: not served either.
  await check(page, '122018');
  await expect(dialog(page)).toContainText("We don't deliver to 122018 yet");
  await expect(locationButton(page)).toContainText('Sector 14, Gurgaon - 122001');
  // Picking a nearest area delivers there.
  await nearest.filter({ hasText: '122017' }).getByRole('button').click();
  await expect(dialog(page)).toBeHidden();
  await expect(locationButton(page)).toContainText('Palam Vihar, Gurgaon - 122017');
});

test('invalid input gets a clear message tied to the field, never a crash', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await openDialog(page);
  for (const [value, message] of [
    ['12345', 'A pincode has exactly 6 digits, like 122001'],
    ['abcdef', 'A pincode has digits only, like 122001'],
    ['', 'Enter a 6-digit pincode'],
    ['012345', 'A pincode cannot start with 0'],
  ] as const) {
    await check(page, value);
    await expect(pincode(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(pincode(page)).toHaveAccessibleDescription(new RegExp(message));
  }
  await expect(locationButton(page)).toContainText('Sector 14, Gurgaon - 122001');
  expect(errors).toEqual([]);
});

test('tampered storage falls back to the default location', async ({ page }) => {
  await seedStorage(page, { 'delivery-area': '{"pincode":"110099","area":"Fake","city":"Delhi","minutes":1}' });
  await page.goto('/');
  await expect(locationButton(page)).toContainText('Sector 14, Gurgaon - 122001');
  await expect(page.getByRole('banner')).toContainText('Delivery in 10 mins');
  await seedStorage(page, { 'delivery-area': 'not json' });
  await page.goto('/');
  await expect(locationButton(page)).toContainText('Sector 14, Gurgaon - 122001');
});

test('checkout refuses a postal code that is not served, and accepts a served one', async ({ page }) => {
  await seedCart(page, [storedLine('onion-1-kg', 'Onion', 39, 1, '1 kg')]);
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('12 Connaught Place');
  const postal = page.getByRole('textbox', { name: 'Postal Code', exact: true });
  await postal.fill('110099');
  await page.getByRole('button', { name: 'Place Order', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: "We don't deliver to 110099 yet" })).toBeVisible();
  await expect(postal).toHaveAttribute('aria-invalid', 'true');
  await expect(postal).toBeFocused();
  await expect(page).toHaveURL(/\/checkout\/?$/);

  await postal.fill('12345');
  await page.getByRole('button', { name: 'Place Order', exact: true }).click();
  await expect(postal).toHaveAccessibleDescription(/6 digits/);

  await postal.fill('122002');
  await page.getByRole('button', { name: 'Place Order', exact: true }).click();
  await page.waitForURL(/\/orders\/?$/);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });
  test('the table is precached, so the dialog answers without a network', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    expect(await cachedPaths(page, 'workbox-precache')).toContain('/data/delivery-areas.json');
    await context.setOffline(true);
    await openDialog(page);
    await check(page, '122011');
    await expect(locationButton(page)).toContainText('Sector 56, Gurgaon - 122011');
    await expect(page.getByRole('banner')).toContainText('Delivery in 18 mins');
  });
});

test('axe finds nothing serious with the dialog open, in both themes', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const theme of ['dark', 'light'] as const) {
    await page.goto('/about');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    const html = page.locator('html');
    await (theme === 'dark' ? expect(html).toHaveClass(/\bdark\b/) : expect(html).not.toHaveClass(/\bdark\b/));
    await openDialog(page);
    await check(page, '110099');
    await expect(dialog(page)).toContainText("We don't deliver to 110099 yet");
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  }
});
