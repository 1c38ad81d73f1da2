/**
 * Live orders (issue 50, docs/orders.md) in a real browser: a site built against real PostgREST over PostgreSQL 15
 * (tests/db/postgrest.ts, the sample catalogue seeded, every migration applied), served with its `_headers`. A shopper
 * places an order and follows it while the shop moves it (staff calls made here with a JWT signed by the stack's
 * secret, as Supabase Auth would sign one); an order placed without a network is sent once; a price changed after the
 * build is shown and confirmed at the database's total; a placed order is cancelled. The shop's staff page (issue 51),
 * signed in through the stack's stand-in for Supabase Auth's token endpoint (it mints the session JWT with the stack's
 * secret: Supabase Auth cannot run here), sees a new order by itself, removes a line, moves the order on, explains a
 * refused change and pauses a store; staff of another store never see the order. axe in both themes (the staff page at
 * 320 and 412 px), and the security policy is never violated.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@supabase/supabase-js';
import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { startSupabaseStack, type SupabaseStack } from '../db/postgrest.ts';
import { SEED_FILE } from '../db/supabase.ts';
import { islandsHydrated, storedLine, toasts } from './support/cart.ts';
import { watchPolicy, type PolicyWatch } from './support/policy.ts';
import { startSwitchableServer, type SwitchableServer } from './support/static-server.ts';
import { buildSite } from './support/build.ts';

const MILK = { id: 'amul-taaza-toned-milk-500-ml', name: 'Amul Taaza Toned Milk', price: 28, unit: '500 ml' };
const BANANA = { id: 'banana-robusta-6-pcs', name: 'Banana Robusta', price: 48, unit: '6 pcs' };

let stack: SupabaseStack;
let server: SwitchableServer;
let outDir: string;
let cacheDir: string;
let staff: string;
const STAFF = { email: 'packer@sharma.example', password: 'sharma-packer-1' };
const OTHER_STAFF = { email: 'packer@gupta.example', password: 'gupta-packer-1' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  stack = await startSupabaseStack({ seed: readFileSync(SEED_FILE, 'utf8') });
  staff = await stack.addUser(STAFF.email, STAFF.password);
  const other = await stack.addUser(OTHER_STAFF.email, OTHER_STAFF.password);
  await stack.db.query(`insert into shop_staff (user_id, store_id) values ($1, 'sharma-general-store'), ($2, 'gupta-fresh-mart')`, [
    staff,
    other,
  ]);
  // An operator's own coupon terms, read by the build from the table: BULK20 at 25% instead of 20%.
  await stack.db.query(`update coupons set percent = 25 where code = 'BULK20'`);
  outDir = mkdtempSync(path.join(tmpdir(), 'thela-live-orders-'));
  cacheDir = mkdtempSync(path.join(tmpdir(), 'thela-live-orders-cache-'));
  const build = await buildSite({
    OUT_DIR: outDir,
    THELA_BUILD_CACHE: cacheDir,
    PUBLIC_SUPABASE_URL: stack.url,
    PUBLIC_SUPABASE_ANON_KEY: stack.anonKey,
    // Shortened for the test: the shopper's page asks every 25 s by default.
    PUBLIC_ORDERS_POLL_SECONDS: '1',
  });
  expect(build.code, build.output.slice(-3000)).toBe(0);
  server = await startSwitchableServer(outDir);
});

test.afterAll(async () => {
  await server?.close();
  await stack?.stop();
  for (const dir of [outDir, cacheDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

let phones = 0;
/** A fresh number for each order, so no test meets another's per-phone limits. */
function newPhone(): string {
  phones += 1;
  return `97${String(phones).padStart(8, '0')}`;
}

/** Opens the checkout with `lines` in the cart, and fills the form for `phone`. */
async function checkout(page: Page, phone: string, lines = [storedLine(MILK.id, MILK.name, MILK.price, 2, MILK.unit)]): Promise<void> {
  await page.goto(`${server.origin}/robots.txt`);
  await page.evaluate((cart) => localStorage.setItem('cart-items', cart), JSON.stringify(lines));
  await page.goto(`${server.origin}/checkout/`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha Verma');
  await page.getByRole('textbox', { name: 'Mobile Number', exact: true }).fill(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
  await page.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('House 42, Sector 14');
  // Typed as people type it: the checkout sends the six digits the database keeps.
  await page.getByRole('textbox', { name: 'Postal Code', exact: true }).fill('122 001');
}

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order', exact: true }).click();

async function ordersOf(phone: string) {
  const { rows } = await stack.db.query<{ id: string; number: string; status: string; total_paise: number }>(
    'select id, number, status, total_paise from orders where phone = $1 order by created_at',
    [phone],
  );
  return rows;
}

function staffClient() {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${stack.sign({ role: 'authenticated', sub: staff })}` } },
  });
}

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await islandsHydrated(page);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${label} ${theme}: ${v.id}`);
    expect(serious).toEqual([]);
  }
}

let watch: PolicyWatch;
test.beforeEach(async ({ context }) => {
  watch = await watchPolicy(context);
});
test.afterEach(async ({ page }) => {
  await watch.settle(page).catch(() => {});
  expect(watch.reports).toEqual([]);
});

test('a shopper places an order; the shop moves it on; the order page follows without a reload', async ({ page }) => {
  const phone = newPhone();
  await checkout(page, phone);
  // Every fee is in the summary before "Place Order".
  await expect(page.getByTestId('delivery-fee')).toHaveText('₹25.00');
  await expect(page.getByTestId('total')).toHaveText('₹81.00');
  await placeOrder(page);
  await page.waitForURL(/\/orders\/?$/);
  await expect(toasts(page).getByText('Order Placed!', { exact: true })).toBeVisible();
  const [placed] = await ordersOf(phone);
  expect(placed).toMatchObject({ status: 'placed', total_paise: 8100 });
  await expect(page.getByText('These are the orders placed on this device.', { exact: true })).toBeVisible();
  const card = page.getByRole('link', { name: new RegExp(`^${placed!.number}`) });
  await expect(card).toContainText('Processing');
  await expectNoSeriousViolations(page, '/orders');

  await card.click();
  await page.waitForURL(new RegExp(`/orders/${placed!.number}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${placed!.number}`);
  await expectNoSeriousViolations(page, '/orders/{number}');
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  const shop = staffClient();
  expect((await shop.rpc('set_order_status', { p_order_id: placed!.id, p_status: 'confirmed' })).error).toBeNull();
  expect((await shop.rpc('set_order_status', { p_order_id: placed!.id, p_status: 'out_for_delivery' })).error).toBeNull();
  await expect(page.locator('main').getByText('On the way', { exact: true })).toBeVisible({ timeout: 10_000 });
  const step = page.getByRole('listitem').filter({ hasText: 'Out for Delivery' });
  await expect(step).toContainText(/\d{1,2}:\d{2}\s?[ap]m/i);
  await expect(step).not.toContainText('Pending');
  expect(navigations).toBe(0);
  // Out for delivery: no longer the shopper's to cancel.
  await expect(page.getByRole('button', { name: 'Cancel order', exact: true })).toHaveCount(0);
});

test('an order placed without a network is sent once when it returns', async ({ page }) => {
  const phone = newPhone();
  await checkout(page, phone);
  await page.route('**/rest/v1/rpc/place_order', (route) => route.abort('internetdisconnected'));
  await placeOrder(page);
  await page.waitForURL(/\/orders\/?$/);
  await expect(toasts(page).getByText("You're offline", { exact: true })).toBeVisible();
  const unsent = page.getByRole('article', { name: 'Order not sent yet' });
  await expect(unsent.getByText('Waiting to send', { exact: true })).toBeVisible();
  expect(await ordersOf(phone)).toEqual([]);
  await expectNoSeriousViolations(page, '/orders waiting');

  await page.unroute('**/rest/v1/rpc/place_order');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(unsent).toHaveCount(0);
  const orders = await ordersOf(phone);
  expect(orders).toHaveLength(1);
  await expect(page.getByRole('link', { name: new RegExp(`^${orders[0]!.number}`) })).toBeVisible();
});

test('an order whose answer was lost is sent again and placed once', async ({ page }) => {
  const phone = newPhone();
  await checkout(page, phone);
  let dropped = 0;
  stack.fail((request) => (request.path === '/rpc/place_order' && dropped++ === 0 ? 'drop-response' : null));
  try {
    await placeOrder(page);
    await page.waitForURL(/\/orders\/?$/);
    // The first send arrived (the order exists), its answer did not: the outbox sends the same request again.
    await expect(page.getByRole('link', { name: /^ORD-/ }).first()).toBeVisible();
  } finally {
    stack.fail(null);
  }
  await expect(page.getByRole('article', { name: 'Order not sent yet' })).toHaveCount(0);
  expect(await ordersOf(phone)).toHaveLength(1);
  expect(stack.requests.filter((r) => r.path === '/rpc/place_order' && r.body.includes(phone)).length).toBeGreaterThanOrEqual(2);
});

test("a price changed after the build: the shopper sees old and new, and confirms the database's total", async ({ page }) => {
  const phone = newPhone();
  await stack.db.query('update products set price = 30 where id = $1', [MILK.id]);
  try {
    await checkout(page, phone);
    await expect(page.getByTestId('total')).toHaveText('₹81.00');
    await placeOrder(page);
    const refusal = page.getByRole('alert').filter({ hasText: 'Your order was not placed' });
    await expect(refusal).toContainText('Prices have changed since these items were added. The new total is ₹85.00');
    const change = refusal.getByRole('list', { name: 'Price changes', exact: true }).getByRole('listitem');
    await expect(change).toHaveText(/Amul Taaza Toned Milk\s*₹28\.00\s*₹30\.00/);
    await expect(page.getByTestId('total')).toHaveText('₹85.00');
    expect(await ordersOf(phone)).toEqual([]);
    await expectNoSeriousViolations(page, '/checkout refused');
    // The reload above kept the cart at its new prices; the form is filled again.
    await checkout(page, phone, await page.evaluate(() => JSON.parse(localStorage.getItem('cart-items') ?? '[]')));
    await expect(page.getByTestId('total')).toHaveText('₹85.00');
    await placeOrder(page);
    await page.waitForURL(/\/orders\/?$/);
    expect(await ordersOf(phone)).toMatchObject([{ total_paise: 8500 }]);
  } finally {
    await stack.db.query('update products set price = 28 where id = $1', [MILK.id]);
  }
});

test('a shopper cancels an order the shop has not confirmed', async ({ page }) => {
  const phone = newPhone();
  await checkout(page, phone, [storedLine(BANANA.id, BANANA.name, BANANA.price, 1, BANANA.unit)]);
  await expectNoSeriousViolations(page, '/checkout');
  await checkout(page, phone, [storedLine(BANANA.id, BANANA.name, BANANA.price, 1, BANANA.unit)]);
  await placeOrder(page);
  await page.waitForURL(/\/orders\/?$/);
  const [placed] = await ordersOf(phone);
  await page.getByRole('link', { name: new RegExp(`^${placed!.number}`) }).click();
  await page.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await page
    .getByRole('group', { name: 'Cancel this order?', exact: true })
    .getByRole('button', { name: 'Yes, cancel it', exact: true })
    .click();
  await expect(page.locator('main').getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('Cancelled by you', { exact: true })).toBeVisible();
  expect(await ordersOf(phone)).toMatchObject([{ status: 'cancelled' }]);
});

/** A phone of its own for the staff page (its session apart from the shopper's), signed in as `who`. */
async function staffPage(browser: Browser, who: { email: string; password: string }, width = 412): Promise<Page> {
  const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${server.origin}/staff/`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${who.email}`, { exact: true })).toBeVisible();
  return page;
}

const staffCard = (page: Page, number: string) => page.getByRole('article', { name: new RegExp(`^${number}`) });

test('staff see a new order by themselves, remove a line, and move it on; the shopper sees each change', async ({ page, browser }) => {
  const shop = await staffPage(browser, STAFF);
  const elsewhere = await staffPage(browser, OTHER_STAFF);
  // The other store has no orders: its staff see the empty state.
  await expect(elsewhere.getByText('No open orders right now. New ones appear here by themselves.', { exact: true })).toBeVisible();
  const phone = newPhone();
  await checkout(page, phone, [
    storedLine(MILK.id, MILK.name, MILK.price, 2, MILK.unit),
    storedLine(BANANA.id, BANANA.name, BANANA.price, 1, BANANA.unit),
  ]);
  await placeOrder(page);
  await page.waitForURL(/\/orders\/?$/);
  const [placed] = await ordersOf(phone);
  const number = placed!.number;

  // No reload: the page asks again by itself, highlights the new order and counts it in the title.
  const card = staffCard(shop, number);
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText('New', { exact: true }).first()).toBeVisible();
  await expect(shop).toHaveTitle(/^\(1\) Shop orders/);
  await expect(card.getByRole('link', { name: `${phone.slice(0, 5)} ${phone.slice(5)}`, exact: true })).toHaveAttribute(
    'href',
    `tel:+91${phone}`,
  );
  await expect(card.getByText('Cash on delivery: collect ₹129.00', { exact: true })).toBeVisible();
  // Staff of another store never see it.
  await elsewhere.waitForTimeout(2500);
  await expect(staffCard(elsewhere, number)).toHaveCount(0);

  await card.getByRole('button', { name: `Remove ${BANANA.name}`, exact: true }).click();
  await card.getByRole('textbox', { name: 'Why is it removed? (the shopper sees this)', exact: true }).fill('Out of stock');
  await card.getByRole('button', { name: 'Remove line', exact: true }).click();
  await expect(card.getByText(`Removed ${BANANA.name}.`, { exact: true })).toBeVisible();
  await expect(card.getByText('Cash on delivery: collect ₹81.00', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: new RegExp(`^${number}`) }).click();
  await expect(page.getByTestId('total').first()).toHaveText('₹81.00');
  await expect(page.getByText(`${BANANA.name} (${BANANA.unit}) × 1: Out of stock`, { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Packed', exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Packed', exact: true }).click();
  await card.getByRole('button', { name: 'Out for delivery', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Delivered', exact: true })).toBeVisible();
  await expect(page.locator('main').getByText('On the way', { exact: true })).toBeVisible({ timeout: 10_000 });
  expect(await ordersOf(phone)).toMatchObject([{ status: 'out_for_delivery', total_paise: 8100 }]);
  await shop.context().close();
  await elsewhere.context().close();
});

test('a cancel without a reason is not sent; a refused change is explained; a paused store takes no orders', async ({ page, browser }) => {
  const shop = await staffPage(browser, STAFF);
  const phone = newPhone();
  await checkout(page, phone);
  await placeOrder(page);
  await page.waitForURL(/\/orders\/?$/);
  const [placed] = await ordersOf(phone);
  const card = staffCard(shop, placed!.number);
  await expect(card).toBeVisible({ timeout: 10_000 });

  await card.getByRole('button', { name: 'Cancel order', exact: true }).click();
  const send = card.getByRole('button', { name: 'Cancel order', exact: true });
  await expect(send).toBeDisabled();
  await card.getByRole('textbox', { name: 'Why is it cancelled? (the shopper sees this)', exact: true }).press('Enter');
  expect(await ordersOf(phone)).toMatchObject([{ status: 'placed' }]);
  await card.getByRole('button', { name: 'Keep it', exact: true }).click();

  // The shopper cancels meanwhile (the staff page's own reads held back, so the card is still the old one); the staff's
  // Confirm is refused and says why.
  await shop.route('**/rest/v1/rpc/shop_orders', (route) => route.abort('internetdisconnected'));
  await page.getByRole('link', { name: new RegExp(`^${placed!.number}`) }).click();
  await page.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, cancel it', exact: true }).click();
  await expect(page.getByText('Cancelled by you', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(shop.getByRole('alert').filter({ hasText: placed!.number })).toHaveText(
    `${placed!.number}: The shopper cancelled this order meanwhile.`,
  );
  await shop.unroute('**/rest/v1/rpc/shop_orders');
  await shop.getByRole('tab', { name: /^Done today/ }).click();
  await expect(card.getByText('Cancelled by the shopper', { exact: true })).toBeVisible();

  // Paused: the shopper's checkout says the shop is not taking orders.
  const pause = shop.getByRole('switch', { name: 'Sharma General Store takes new orders', exact: true });
  await pause.click();
  await expect(pause).toHaveAttribute('aria-checked', 'false');
  try {
    const another = newPhone();
    await checkout(page, another);
    await placeOrder(page);
    await expect(page.getByRole('alert').filter({ hasText: 'Your order was not placed' })).toContainText(
      'The shop that delivers to this pincode is not taking orders right now. Please try again later.',
    );
    expect(await ordersOf(another)).toEqual([]);
  } finally {
    await pause.click();
    await expect(pause).toHaveAttribute('aria-checked', 'true');
  }
  await shop.context().close();
});

test('the staff page: axe clean in both themes at 320 and 412 px, signed out and signed in; never saved offline', async ({ browser }) => {
  for (const width of [320, 412]) {
    const context = await browser.newContext({ ...devices['Pixel 7'], viewport: { width, height: 860 } });
    const signedOut = await context.newPage();
    await signedOut.goto(`${server.origin}/staff/`);
    await expect(signedOut.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expectNoSeriousViolations(signedOut, `/staff/ signed out at ${width}`);
    await context.close();
    const shop = await staffPage(browser, STAFF, width);
    await expect(shop.getByRole('tab', { name: /^Open \(\d+\)$/ })).toBeVisible();
    await expectNoSeriousViolations(shop, `/staff/ at ${width}`);
    expect(await shop.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shop.context().close();
  }
  const html = readFileSync(path.join(outDir, 'staff/index.html'), 'utf8');
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).not.toMatch(/packer@|shop_staff/);
  expect(readFileSync(path.join(outDir, 'sitemap-0.xml'), 'utf8')).not.toContain('/staff');
  expect(readFileSync(path.join(outDir, 'sw.js'), 'utf8')).not.toContain('"/staff/"');
});

test("the cart prices a coupon by the database's row, and place_order agrees", async ({ page }) => {
  const phone = newPhone();
  await checkout(page, phone, [storedLine(MILK.id, MILK.name, MILK.price, 5, MILK.unit)]);
  await page.getByRole('textbox', { name: 'Coupon code', exact: true }).fill('bulk20');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  // 25% of ₹140.00, as the operator's row says (the bundled copy says 20%).
  await expect(page.getByTestId('discount')).toHaveText('−₹35.00');
  await expect(page.getByTestId('total')).toHaveText('₹130.00');
  await placeOrder(page);
  await page.waitForURL(/\/orders\/?$/);
  expect(await ordersOf(phone)).toMatchObject([{ total_paise: 13000 }]);
});
