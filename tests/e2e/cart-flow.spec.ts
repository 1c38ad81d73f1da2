import { expect, test, type Page } from '@playwright/test';
import { cartBadge, expectCartCount, islandsHydrated, seedCart, seedStorage, storedCart, storedLine, toasts } from './support/cart.ts';

// Onion, 1 kg, ₹39.00 in the sample catalogue.
const onion = { id: 'onion-1-kg', name: 'Onion', price: 39 };

test('add 3 from a product page: the cart shows 3, the sums, survives a reload; minus to 0 removes', async ({ page }) => {
  await page.goto(`/product/${onion.id}`);
  await expect(page.getByRole('heading', { level: 1, name: onion.name })).toBeVisible();
  await islandsHydrated(page);
  const add = page.getByRole('button', { name: /^Add \d+ to Cart/ });
  await expect(add).toHaveText('Add 1 to Cart · ₹39.00');
  const decrease = page.getByRole('button', { name: 'Decrease quantity', exact: true });
  await expect(decrease).toBeDisabled(); // floor 1
  await page.getByRole('button', { name: 'Increase quantity', exact: true }).click();
  await page.getByRole('button', { name: 'Increase quantity', exact: true }).click();
  await expect(add).toHaveText('Add 3 to Cart · ₹117.00');
  await add.click();
  await expect(toasts(page).getByText('Added to Cart', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText(/Onion/)).toBeVisible();
  await expectCartCount(page, 3);

  await cartBadge(page).click();
  await expect(page).toHaveURL(/\/cart\/?$/);
  await expect(page.getByText('3 items', { exact: true })).toBeVisible();
  const line = page.getByRole('listitem', { name: onion.name });
  await expect(line.getByText('1 kg', { exact: true })).toBeVisible();
  await expect(line.getByText('₹39.00', { exact: true })).toBeVisible();
  await expect(line.getByRole('group', { name: `Quantity of ${onion.name}` })).toContainText('3');
  await expect(page.getByTestId('subtotal')).toHaveText('₹117.00');
  await expect(page.getByTestId('delivery-fee')).toHaveText('₹25.00');
  await expect(page.getByTestId('total')).toHaveText('₹142.00');
  await expect(page.getByTestId('coupon')).toContainText('Have a coupon? Apply it at checkout.');

  await page.reload();
  await expect(page.getByText('3 items', { exact: true })).toBeVisible();
  await expect(page.getByTestId('total')).toHaveText('₹142.00');

  const minus = page.getByRole('button', { name: `Decrease quantity of ${onion.name}` });
  await minus.click();
  await expect(page.getByText('2 items', { exact: true })).toBeVisible();
  await minus.click();
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  await expect(page.getByTestId('total')).toHaveText('₹64.00');
  await minus.click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty', exact: true })).toBeVisible();
  await expect(page.getByText('Add some items to get started', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Shopping', exact: true })).toHaveAttribute('href', '/');
  await expectCartCount(page, 0);
  expect(await storedCart(page)).toEqual([]);
});

test('plus, remove and the fixed delivery fee on the cart page', async ({ page }) => {
  await seedCart(page, [
    storedLine('amul-taaza-toned-milk-500-ml', 'Amul Taaza Toned Milk', 28, 2, '500 ml'),
    storedLine(onion.id, onion.name, 39, 4, '1 kg'),
  ]);
  await page.goto('/cart');
  await expect(page.getByText('6 items', { exact: true })).toBeVisible();
  await expect(page.getByTestId('subtotal')).toHaveText('₹212.00');
  await expect(page.getByTestId('delivery-fee')).toHaveText('₹25.00');
  await expect(page.getByTestId('total')).toHaveText('₹237.00');
  await page.getByRole('button', { name: 'Remove Onion from cart', exact: true }).click();
  await expect(page.getByRole('listitem', { name: 'Onion', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('total')).toHaveText('₹81.00');
  await page.getByRole('button', { name: 'Increase quantity of Amul Taaza Toned Milk', exact: true }).click();
  await expect(page.getByTestId('subtotal')).toHaveText('₹84.00');
  await expect(page.getByRole('link', { name: 'Proceed to Checkout', exact: true })).toHaveAttribute('href', '/checkout');
});

test('corrupt storage never crashes or shows NaN, and valid lines survive', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await seedStorage(page, { 'cart-items': '{"not": "a list"' });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty', exact: true })).toBeVisible();
  await expectCartCount(page, 0);

  await seedStorage(page, {
    'cart-items': JSON.stringify([
      { id: 'x', product_id: 'ghost', quantity: 'many' },
      { ...storedLine(onion.id, onion.name, 39, 2.6, '1 kg') },
      { ...storedLine('neg', 'Negative', 10, -4) },
      {
        ...storedLine('nan', 'Bad Price', 10, 1),
        product: { id: 'nan', name: 'Bad Price', price: 'NaN', image_url: null, quantity_unit: null },
      },
      { ...storedLine('huge', 'Huge Pack', 1, 1e12) },
    ]),
  });
  await page.goto('/cart');
  await expect(page.getByText('101 items', { exact: true })).toBeVisible(); // 2 onions + 99 (clamped)
  await expect(page.getByRole('listitem', { name: 'Negative', exact: true })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: 'Bad Price', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('subtotal')).toHaveText('₹177.00');
  await expect(page.locator('body')).not.toContainText('NaN');
  await expectCartCount(page, 101);
  expect(errors).toEqual([]);
});

/** The vegetables listing page that holds the onion's card (24 cards a page), found from the listing's index. */
async function onionListingPage(page: Page): Promise<string> {
  const index = (await (await page.request.get('/category/vegetables/listing.json')).json()) as { pageSize: number; rows: [string][] };
  const at = index.rows.findIndex((row) => row[0] === onion.name);
  expect(at).toBeGreaterThanOrEqual(0);
  const number = Math.floor(at / index.pageSize) + 1;
  return number === 1 ? '/category/vegetables' : `/category/vegetables/${number}`;
}

test('ADD on a category card becomes a stepper, in step with the cart page', async ({ page }) => {
  await page.goto(await onionListingPage(page));
  const add = page.getByRole('button', { name: `Add ${onion.name} to cart` });
  await add.click();
  const increase = page.getByRole('button', { name: `Increase quantity of ${onion.name}` });
  await expect(increase).toBeVisible();
  await expect(increase).toBeFocused();
  await expect(add).toBeHidden();
  await increase.click();
  await expect(page.getByRole('group', { name: `Quantity of ${onion.name} in cart` })).toContainText('2');
  await expectCartCount(page, 2);
  await page.goto('/cart');
  await page.getByRole('button', { name: `Decrease quantity of ${onion.name}` }).click();
  await page.goBack();
  await expect(page.getByRole('group', { name: `Quantity of ${onion.name} in cart` })).toContainText('1');
  await page.getByRole('button', { name: `Decrease quantity of ${onion.name}` }).click();
  await expect(page.getByRole('button', { name: `Add ${onion.name} to cart` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Add ${onion.name} to cart` })).toBeFocused();
  await expectCartCount(page, 0);
});

test('two tabs stay in step', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await a.goto(await onionListingPage(a));
  await b.goto('/cart');
  await expect(b.getByRole('heading', { name: 'Your cart is empty', exact: true })).toBeVisible();

  await a.getByRole('button', { name: `Add ${onion.name} to cart` }).click();
  await expect(b.getByText('1 item', { exact: true })).toBeVisible();
  await expectCartCount(b, 1);

  await b.getByRole('button', { name: `Increase quantity of ${onion.name}` }).click();
  await b.getByRole('button', { name: `Increase quantity of ${onion.name}` }).click();
  await expect(a.getByRole('group', { name: `Quantity of ${onion.name} in cart` })).toContainText('3');
  await expectCartCount(a, 3);

  await b.getByRole('button', { name: `Remove ${onion.name} from cart` }).click();
  await expect(a.getByRole('button', { name: `Add ${onion.name} to cart` })).toBeVisible();
  await expectCartCount(a, 0);
});

test('an out-of-stock product cannot be added from its page', async ({ page }) => {
  await page.goto('/product/india-gate-feast-rozzana-basmati-rice-5-kg');
  await expect(page.getByRole('button', { name: /to Cart/ })).toHaveCount(0);
  await expectCartCount(page, 0);
});
