import { expect, test } from '@playwright/test';
import { must } from '../../scripts/lib/must.ts';

test.describe('content pages', () => {
  test('/about: welcome, mission, four values and the impact figures', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Thela');
    await expect(page.getByRole('heading', { name: 'Our mission', exact: true })).toBeVisible();
    for (const value of ['Customer First', 'Quality Products', 'Fast Delivery', 'Community']) {
      await expect(page.getByRole('heading', { name: value, exact: true })).toBeVisible();
    }
    for (const figure of ['8 min', '50K+', '100+', '99%']) await expect(page.getByText(figure, { exact: true })).toBeVisible();
  });

  test('/help: call and chat, six help links, contact details and hours', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('link', { name: /Call Us/ })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(page.getByRole('link', { name: /Live Chat/ })).toHaveAttribute('href', '/help/chat');
    await expect(page.getByRole('region', { name: 'Help topics', exact: true }).getByRole('link')).toHaveCount(6);
    await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:.+@.+/);
    await expect(page.getByText('Monday to Sunday 24/7', { exact: true })).toBeVisible();
    // Every help link leads to a page that exists.
    for (const href of await page
      .getByRole('region', { name: 'Help topics', exact: true })
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      const target = must(href, 'a help link href');
      const response = await page.request.get(target);
      expect(response.status(), target).toBe(200);
    }
  });

  test('/help/faq: categories, independent toggles, search on question or answer, "No results found"', async ({ page }) => {
    await page.goto('/help/faq');
    for (const category of ['Orders', 'Delivery', 'Payments']) {
      await expect(page.getByRole('heading', { name: category, exact: true })).toBeVisible();
    }
    const summaries = page.locator('summary');
    await expect(summaries).toHaveCount(6);
    const charges = page.locator('details').filter({ hasText: 'What are the delivery charges?' });
    const cancel = page.locator('details').filter({ hasText: 'Can I cancel my order?' });
    await charges.locator('summary').click();
    await cancel.locator('summary').click();
    await expect(charges).toHaveAttribute('open', '');
    await expect(cancel).toHaveAttribute('open', '');
    // The charges answer quotes the cart's own rules.
    await expect(charges).toContainText('above ₹300.00');
    await expect(charges).toContainText('₹25.00');
    await cancel.locator('summary').click();
    await expect(cancel).not.toHaveAttribute('open', /.*/);
    await expect(charges).toHaveAttribute('open', '');

    const search = page.getByRole('searchbox', { name: 'Search questions and answers', exact: true });
    await search.fill('CASH'); // in an answer only
    await expect(summaries.filter({ visible: true })).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Delivery', exact: true })).toBeHidden();
    await search.fill('cancel'); // in a question
    await expect(summaries.filter({ visible: true })).toHaveText(['Can I cancel my order?']);
    await search.fill('xyzzy');
    await expect(page.getByText('No results found', { exact: true })).toBeVisible();
  });

  test('/offers: four offers with code, validity, minimum order, max discount, Apply Now and terms', async ({ page }) => {
    await page.goto('/offers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Offers');
    const offers = page.getByRole('main').locator('[data-offer]');
    await expect(offers).toHaveCount(4);
    for (const label of ['Code', 'Valid until', 'Minimum order', 'Max discount']) {
      await expect(offers.getByText(label, { exact: true })).toHaveCount(4);
    }
    await expect(offers.first()).toContainText('₹500.00');
    await expect(offers.first()).toContainText('₹250.00');
    await expect(page.getByRole('button', { name: 'Apply Now', exact: true })).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Terms & Conditions', exact: true })).toBeVisible();
  });

  for (const [path, heading] of [
    ['/offers/quick-delivery', 'Groceries in 10 minutes'],
    ['/offers/specials', 'Specials, simply priced'],
    ['/wishlist', 'Wishlist'],
    ['/help/chat', 'Live Chat'],
    ['/help/terms', 'Terms of Service'],
    ['/help/privacy', 'Privacy Policy'],
    ['/profile/settings/notifications', 'Notifications'],
    ['/profile/settings/privacy', 'Privacy & Security'],
  ] as const) {
    test(`linked page ${path} exists with its heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }

  test('any other path: "Oops! Page not found", "Return to Home", status 404, the path logged', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect(page.getByRole('link', { name: 'Return to Home', exact: true })).toHaveAttribute('href', '/');
    expect(logged.some((line) => line.includes('/no/such/page'))).toBe(true);
  });
});
