import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { cartBadge, islandsHydrated, seedCart, storedCart, storedLine, toasts, type StoredLine } from './support/cart.ts';
import { scriptsReady } from './support/pages.ts';

// India time: Monday 23 Nov 2026 and the Saturday before it, at noon.
const MONDAY = new Date('2026-11-23T12:00:00+05:30');
const SATURDAY = new Date('2026-11-21T12:00:00+05:30');

/** A stored line with the product's top-level category, as the cart control stores it. */
function line(id: string, price: number, quantity: number, category?: string): StoredLine {
  const stored = storedLine(id, `Test ${id}`, price, quantity);
  return category ? { ...stored, product: { ...stored.product, category_id: category } as StoredLine['product'] } : stored;
}

async function openCheckout(page: Page, lines: readonly StoredLine[], now = MONDAY): Promise<void> {
  await page.clock.setFixedTime(now);
  await seedCart(page, lines);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout', exact: true })).toBeVisible();
  await islandsHydrated(page);
}

const codeField = (page: Page) => page.getByRole('textbox', { name: 'Coupon code', exact: true });

async function apply(page: Page, code: string): Promise<void> {
  await codeField(page).fill(code);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
}

/** The refusal shown for the field, tied to it with aria-describedby. */
async function expectRefusal(page: Page, reason: string): Promise<void> {
  await expect(page.getByTestId('coupon-error')).toHaveText(reason);
  await expect(codeField(page)).toHaveAccessibleDescription(reason);
  await expect(page.getByTestId('discount')).toHaveCount(0);
}

async function placeOrder(page: Page): Promise<string> {
  await page.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('House 42, Sector 14');
  await page.getByRole('button', { name: 'Place Order', exact: true }).click();
  await page.waitForURL(/\/orders\/?$/);
  await expect(toasts(page).getByText('Order Placed!', { exact: true })).toBeVisible();
  // Placed orders are "ORD-" + the time in milliseconds (the samples are ORD-001...), listed first once the island reads them.
  const heading = page.getByRole('heading', { level: 2, name: /^ORD-\d{10,}$/ }).first();
  await expect(heading).toBeVisible();
  return (await heading.textContent()) ?? '';
}

test('WELCOME50: refused at exactly ₹500, 50% up to ₹250 above it; saved with the order; refused on the next order', async ({ page }) => {
  await openCheckout(page, [line('test-basket', 500, 1)]);
  await apply(page, 'welcome50');
  await expectRefusal(page, 'Add ₹0.01 more to use WELCOME50');
  await expect(page.getByTestId('total')).toHaveText('₹525.00');

  // Two baskets: ₹1,000, half is ₹500, capped at ₹250.
  await seedCart(page, [line('test-basket', 500, 2)]);
  await page.goto('/checkout');
  await expect(page.getByTestId('coupon-applied')).toHaveText('WELCOME50 applied: you save ₹250');
  await expect(codeField(page)).toHaveAccessibleDescription('WELCOME50 applied: you save ₹250');
  await expect(page.getByTestId('subtotal')).toHaveText('₹1,000.00');
  await expect(page.getByTestId('delivery-fee')).toHaveText('₹25.00');
  await expect(page.getByTestId('discount')).toHaveText('−₹250.00');
  await expect(page.getByTestId('total')).toHaveText('₹775.00');

  // The cart shows the same totals.
  await page.goto('/cart');
  await expect(page.getByTestId('coupon-applied')).toHaveText('WELCOME50 applied: you save ₹250');
  await expect(page.getByTestId('discount')).toHaveText('−₹250.00');
  await expect(page.getByTestId('total')).toHaveText('₹775.00');

  await page.goto('/checkout');
  const id = await placeOrder(page);
  const card = page.getByRole('link').filter({ has: page.getByRole('heading', { name: id }) });
  await expect(card).toContainText('₹775.00');
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('thela-orders') ?? '[]') as { coupon?: unknown }[]);
  expect(saved[0]?.coupon).toEqual({ code: 'WELCOME50', discountPaise: 25000, cashbackPaise: 0 });
  // The coupon is used up with the order.
  expect(await page.evaluate(() => localStorage.getItem('thela-coupon'))).toBe('');

  // Order detail and invoice.
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${id}` })).toBeVisible();
  const items = page.getByRole('region', { name: /^Items/ });
  await expect(items.getByTestId('subtotal')).toHaveText('₹1,000.00');
  await expect(items.getByTestId('discount')).toHaveText('−₹250.00');
  await expect(items.getByTestId('total')).toHaveText('₹775.00');
  await page.emulateMedia({ media: 'print' });
  const invoice = page.getByRole('region', { name: 'Invoice', exact: true });
  await expect(invoice.getByTestId('invoice-discount')).toHaveText(/Coupon \(WELCOME50\)\s*−₹250\.00/);
  await expect(invoice).toContainText('₹775.00');
  await page.emulateMedia({ media: 'screen' });

  // Not the first order any more.
  await seedCart(page, [line('test-basket', 500, 2)]);
  await page.goto('/checkout');
  await islandsHydrated(page);
  await apply(page, 'WELCOME50');
  await expectRefusal(page, 'WELCOME50 is for your first order only');
  await expect(page.getByTestId('total')).toHaveText('₹1,025.00');
});

test('SAVE100: "Add ₹120 more to use SAVE100" at ₹379; at ₹499 a ₹100 cashback beside the total, not off it', async ({ page }) => {
  await openCheckout(page, [line('test-rice', 379, 1)]);
  await apply(page, 'SAVE100');
  await expectRefusal(page, 'Add ₹120 more to use SAVE100');
  await expect(page.getByTestId('cashback')).toHaveCount(0);

  await seedCart(page, [line('test-rice', 379, 1), line('test-dal', 120, 1)]);
  await page.goto('/checkout');
  await expect(page.getByTestId('coupon-applied')).toHaveText('SAVE100 applied: ₹100 cashback after delivery');
  await expect(page.getByTestId('subtotal')).toHaveText('₹499.00');
  await expect(page.getByTestId('discount')).toHaveCount(0);
  await expect(page.getByTestId('total')).toHaveText('₹524.00');
  await expect(page.getByTestId('cashback')).toHaveText('₹100.00');
  await expect(page.getByText('Credited after delivery, not taken off the total', { exact: true })).toBeVisible();

  const id = await placeOrder(page);
  await page
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { name: id }) })
    .click();
  const items = page.getByRole('region', { name: /^Items/ });
  await expect(items.getByTestId('total')).toHaveText('₹524.00');
  await expect(items.getByTestId('cashback')).toHaveText('₹100.00');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('region', { name: 'Invoice', exact: true }).getByTestId('invoice-cashback')).toContainText(
    'credited after delivery',
  );
});

test('FREEDEL: refused at exactly ₹300, takes the ₹25 fee off above it', async ({ page }) => {
  await openCheckout(page, [line('test-oil', 300, 1)]);
  await apply(page, 'FREEDEL');
  await expectRefusal(page, 'Add ₹0.01 more to use FREEDEL');
  await expect(page.getByTestId('total')).toHaveText('₹325.00');

  await page.goto('/product/onion-1-kg');
  await islandsHydrated(page);
  await page.getByRole('button', { name: /^Add 1 to Cart/ }).click();
  await expect(toasts(page).getByText('Added to Cart', { exact: true })).toBeVisible();
  await cartBadge(page).click();
  await expect(page.getByTestId('coupon-applied')).toHaveText('FREEDEL applied: free delivery');
  await expect(page.getByTestId('subtotal')).toHaveText('₹339.00');
  await expect(page.getByTestId('delivery-fee')).toHaveText('₹25.00');
  await expect(page.getByTestId('discount')).toHaveText('−₹25.00');
  await expect(page.getByTestId('total')).toHaveText('₹339.00');
});

test('BULK20: 4 items refused, 5 items take 20%, capped at ₹200', async ({ page }) => {
  await openCheckout(page, [line('test-soap', 40, 4)]);
  await apply(page, 'BULK20');
  await expectRefusal(page, 'Add 1 more item to use BULK20');

  await page.getByRole('button', { name: 'Remove coupon BULK20', exact: true }).click();
  await expect(page.getByTestId('coupon-error')).toHaveCount(0);
  await seedCart(page, [line('test-soap', 40, 4), line('test-brush', 60, 1)]);
  await page.goto('/checkout');
  await islandsHydrated(page);
  await apply(page, 'BULK20');
  await expect(page.getByTestId('discount')).toHaveText('−₹44.00'); // 20% of ₹220
  await expect(page.getByTestId('total')).toHaveText('₹201.00');

  await seedCart(page, [line('test-ghee', 600, 5)]);
  await page.goto('/checkout');
  await expect(page.getByTestId('discount')).toHaveText('−₹200.00'); // 20% of ₹3,000 is ₹600: capped
});

test('WEEKEND30: refused on a weekday; on Saturday 30% of the fruit and vegetables only, added through the cards', async ({ page }) => {
  // Produce added through the real cards carries its category into the cart.
  await page.clock.setFixedTime(SATURDAY);
  await seedCart(page, [line('test-paneer', 400, 1, 'dairy')]);
  await page.goto('/product/apple-shimla-4-pcs-approx-550-650-g');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Increase quantity', exact: true }).click();
  await page.getByRole('button', { name: /^Add 2 to Cart/ }).click();
  await expect(toasts(page).getByText('Added to Cart', { exact: true })).toBeVisible();
  expect((await storedCart(page)).find((l) => l.product_id.startsWith('apple-shimla'))?.product).toMatchObject({ category_id: 'fruits' });

  await page.goto('/checkout');
  await islandsHydrated(page);
  await apply(page, 'WEEKEND30');
  // Apples ₹278 of ₹678: 30% of ₹278 is ₹83.40.
  await expect(page.getByTestId('coupon-applied')).toHaveText('WEEKEND30 applied: you save ₹83.40');
  await expect(page.getByTestId('discount')).toHaveText('−₹83.40');
  await expect(page.getByTestId('total')).toHaveText('₹619.60');

  // Monday: the same cart is refused.
  await page.clock.setFixedTime(MONDAY);
  await page.reload();
  await expectRefusal(page, 'WEEKEND30 works on Saturdays and Sundays only');
  await expect(page.getByTestId('total')).toHaveText('₹703.00');
});

test('WEEKEND30: the produce minimum, the cap, and old saved lines without a category', async ({ page }) => {
  await openCheckout(page, [line('test-banana', 199, 1, 'fruits'), line('test-milk', 500, 1, 'dairy')], SATURDAY);
  await apply(page, 'WEEKEND30');
  await expectRefusal(page, 'Add ₹1 more of fruits or vegetables to use WEEKEND30');

  await seedCart(page, [line('test-mango', 900, 1, 'fruits')]);
  await page.goto('/checkout');
  await expect(page.getByTestId('discount')).toHaveText('−₹150.00'); // 30% of ₹900 is ₹270: capped

  // A cart saved before lines had categories: not produce.
  await seedCart(page, [line('test-old-line', 900, 1)]);
  await page.goto('/checkout');
  await expectRefusal(page, 'Add ₹200 more of fruits or vegetables to use WEEKEND30');
});

test('blank and unknown codes are refused at the field; one coupon per order', async ({ page }) => {
  await openCheckout(page, [line('test-basket', 300, 2)]);
  await apply(page, '   ');
  await expectRefusal(page, 'Enter a coupon code');
  await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');
  await apply(page, 'save200');
  await expectRefusal(page, 'SAVE200 is not a valid coupon code');
  // Enter applies the code and does not place the order.
  await page.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('House 42');
  await codeField(page).fill('BULK20');
  await codeField(page).press('Enter');
  await expectRefusal(page, 'Add 3 more items to use BULK20');
  await expect(page).toHaveURL(/\/checkout\/?$/);

  await apply(page, 'WELCOME50');
  await expect(page.getByTestId('coupon-applied')).toContainText('WELCOME50 applied: you save ₹250');
  await expect(page.getByTestId('coupon-applied')).toContainText('One coupon per order: it replaces BULK20.');
  await expect(page.getByTestId('discount')).toHaveCount(1);
  await apply(page, 'FREEDEL');
  await expect(page.getByTestId('discount')).toHaveText('−₹25.00');
  await expect(page.getByText(/Coupon \(/)).toHaveText(['Coupon (FREEDEL)']);
  await expect(page.getByTestId('total')).toHaveText('₹600.00');

  await page.getByRole('button', { name: 'Remove coupon FREEDEL', exact: true }).click();
  await expect(page.getByTestId('discount')).toHaveCount(0);
  await expect(page.getByTestId('total')).toHaveText('₹625.00');
});

test('Claim Now on the home strip applies the code from the keyboard and says so; the cart shows it', async ({ page }) => {
  await page.clock.setFixedTime(MONDAY);
  await seedCart(page, [line('test-rice', 379, 1)]);
  await page.goto('/');
  // The strip's live regions stay inside their cards: the page never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const claim = page.getByRole('button', { name: 'Claim Now: Cashback ₹100, code SAVE100', exact: true });
  await claim.focus();
  await page.keyboard.press('Enter');
  await expect(toasts(page).getByText('Coupon SAVE100 applied', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'SAVE100 applied.' })).toBeAttached();
  expect(await page.evaluate(() => localStorage.getItem('thela-coupon'))).toBe('SAVE100');

  await page.goto('/cart');
  await expect(page.getByTestId('coupon-error')).toHaveText('Add ₹120 more to use SAVE100');
  await page.getByRole('button', { name: 'Remove coupon SAVE100', exact: true }).click();
  await expect(page.getByTestId('coupon')).toContainText('Have a coupon? Apply it at checkout.');

  // The offers page's "Apply Now" does the same.
  await page.goto('/offers');
  await page.getByRole('button', { name: 'Apply Now', exact: true }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'WELCOME50 applied.' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('thela-coupon'))).toBe('WELCOME50');
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`coupon field, totals and order detail have no serious violations (${theme})`, async ({ page }) => {
      // Several axe scans: over a minute on a loaded 2-core machine (CI at 7618287 timed out once, passed on retry).
      test.setTimeout(120_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const scan = async () => {
        const html = page.locator('html');
        await (theme === 'dark' ? expect(html).toHaveClass(/\bdark\b/) : expect(html).not.toHaveClass(/\bdark\b/));
        // The page as the shopper gets it: full sheet applied, scripts run (both start after the first paint).
        await scriptsReady(page);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      };
      await openCheckout(page, [line('test-rice', 379, 1)]);
      await apply(page, 'SAVE100');
      await expect(page.getByTestId('coupon-error')).toBeVisible();
      await scan();
      await seedCart(page, [line('test-rice', 379, 2)]);
      await page.goto('/checkout');
      await expect(page.getByTestId('cashback')).toBeVisible();
      await scan();
      await page.goto('/cart');
      await expect(page.getByTestId('coupon-applied')).toBeVisible();
      await scan();
      await page.goto('/checkout');
      const id = await placeOrder(page);
      await page.goto(`/orders/${id}`);
      await expect(page.getByRole('region', { name: /^Items/ }).getByTestId('cashback')).toBeVisible();
      await scan();
      await page.goto('/');
      await expect(page.getByRole('button', { name: /^Claim Now/ })).toHaveCount(5);
      await scan();
    });
  }
});
