import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('profile: guest card, edit, account links and an inert Sign Out', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile', exact: true })).toBeVisible();
  await expect(page.getByText('Guest User', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit profile', exact: true })).toHaveAttribute('href', '/profile/settings/personal');
  const account = page.getByRole('navigation', { name: 'Account', exact: true });
  await expect(account.getByRole('link')).toHaveText(['Account Settings', 'My Orders', 'Wishlist', 'Help & Support']);
  await expect(account.getByRole('link', { name: 'Account Settings', exact: true })).toHaveAttribute('href', '/profile/settings');
  await expect(account.getByRole('link', { name: 'My Orders', exact: true })).toHaveAttribute('href', '/orders');
  await expect(account.getByRole('link', { name: 'Wishlist', exact: true })).toHaveAttribute('href', '/wishlist');
  await expect(account.getByRole('link', { name: 'Help & Support', exact: true })).toHaveAttribute('href', '/help');
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/?$/);
  await expect(
    page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Account', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
});

test('settings menu lists the six entries of the spec', async ({ page }) => {
  await page.goto('/profile/settings');
  const menu = page.getByRole('navigation', { name: 'Settings', exact: true }).getByRole('link');
  await expect(menu).toHaveText([
    /Personal Information/,
    /Payment Methods/,
    /Addresses/,
    /Notifications/,
    /Privacy & Security/,
    /Help & Support/,
  ]);
  await menu.filter({ hasText: 'Payment Methods' }).click();
  await expect(page).toHaveURL(/\/profile\/settings\/payment\/?$/);
});

test('personal information: the five fields, and Save only logs them', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => m.type() === 'log' && logs.push(m.text()));
  await page.goto('/profile/settings/personal');
  await expect(page.getByRole('heading', { level: 1, name: 'Personal Information', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue('Guest');
  await expect(page.getByRole('textbox', { name: 'Last Name', exact: true })).toHaveValue('User');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toBeVisible();
  await expect(page.getByLabel('Date of Birth', { exact: true })).toHaveAttribute('type', 'date');
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Asha');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => logs.join('\n')).toContain('Saving personal information');
  await expect(page).toHaveURL(/\/profile\/settings\/personal\/?$/);
});

test('payment methods and addresses list the samples with their inert buttons', async ({ page }) => {
  await page.goto('/profile/settings/payment');
  await expect(page.getByRole('button', { name: 'Add Card', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved cards', exact: true }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText(/^Visa ending in 4242/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Visa ending in 4242', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Visa ending in 4242', exact: true })).toBeVisible();
  await page.goto('/profile/settings/addresses');
  await expect(page.getByRole('button', { name: 'Add Address', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved addresses', exact: true }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Edit Home address', exact: true })).toBeVisible();
  // The sample addresses are in the header's default area (the sample catalogue's: Sector 14, Gurgaon).
  await expect(page.getByText(/House 42, Sector 14/)).toBeVisible();
  await expect(page.getByText(/Gurgaon - 122001/).first()).toBeVisible();
});

for (const theme of ['dark', 'light'] as const) {
  test(`profile pages have no serious accessibility violations (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const path of [
      '/profile',
      '/profile/settings',
      '/profile/settings/personal',
      '/profile/settings/payment',
      '/profile/settings/addresses',
    ]) {
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });
}
