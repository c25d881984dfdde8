/**
 * One order of totals everywhere (issue 18, item 3): a member buys two mugs and a tote with a 10 % coupon on the demo
 * store, and the cart, the checkout, the confirmation, the order in their account and the confirmation mail all show
 * subtotal, discount (negative), shipping, tax, total in that order, the lines adding up to the subtotal and the rows
 * to the total. On a phone the checkout's summary is folded above the form behind "Show order summary · total"
 * (issue 18, item 12). Screenshots land in tests/e2e/artifacts/storefront/. Skipped without Chromium.
 */
process.env.MERX_ARGON2_FAST = '1';

import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, shopJourney, shot } from './shop-kit.js';

const suite = browserSuite();
const PASSWORD = 'correct horse 1';
const ORDER = ['Subtotal', 'Discount', 'Shipping', 'Fees', 'Tax', 'Tip', 'Total'];

/** "$1,234.56", "−$7.58", "Free" or a note ("—") as signed cents. */
function cents(text: string): number {
  const digits = text.replace(/[^\d]/g, '');
  if (!digits) return 0;
  return (text.trim().startsWith('−') ? -1 : 1) * Number(digits);
}

interface Shown {
  labels: string[];
  rows: Array<{ label: string; text: string; cents: number }>;
  lines: number[];
}

/** The totals rows and line amounts a page shows inside `scope`. */
async function shownTotals(scope: Locator, lineAmounts: Locator): Promise<Shown> {
  const rows = await scope.locator('.totals > div').evaluateAll((divs) =>
    divs.map((d) => ({
      label: d.querySelector('dt')?.textContent ?? '',
      text: d.querySelector('dd')?.textContent ?? '',
    })),
  );
  const lines = (await lineAmounts.allTextContents()).map(cents);
  return {
    labels: rows.map((r) => r.label),
    rows: rows.map((r) => ({ ...r, cents: cents(r.text) })),
    lines,
  };
}

/** The rows come in the one order, the discount is negative, and everything adds up to the cent. */
function expectAddsUp(where: string, shown: Shown, totalLabel = 'Total') {
  const what = `${where}: ${JSON.stringify(shown)}`;
  const canonical = ORDER.map((l) => (l === 'Total' ? totalLabel : l));
  const labels = shown.labels.map((l) => (l === 'Tax included' ? 'Tax' : l));
  expect(labels, what).toEqual(canonical.filter((l) => labels.includes(l)));
  expect(labels.slice(0, 2), what).toEqual(['Subtotal', 'Discount']);
  const discount = shown.rows.find((r) => r.label === 'Discount');
  expect(discount?.text, what).toMatch(/^−\$\d/);
  const total = shown.rows.at(-1);
  const parts = shown.rows.slice(0, -1).filter((r) => r.label !== 'Tax included');
  expect(
    parts.reduce((n, r) => n + r.cents, 0),
    what,
  ).toBe(total?.cents);
  expect(
    shown.lines.reduce((n, l) => n + l, 0),
    what,
  ).toBe(shown.rows[0]?.cents);
}

suite('totals in Chromium', () => {
  const journey = shopJourney({
    setup: async (server) => {
      const apiKey = (await server.app.services.apiKeys.create({ name: 'Totals' })).key;
      const res = await fetch(`${server.baseUrl}/_api/merx/v1/coupons`, {
        method: 'POST',
        headers: { authorization: apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          coupon: { code: 'TENOFF', name: 'Ten off', discount: { discountType: 'PERCENTAGE', percentage: 10 } },
        }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    },
    failedPrefix: 'totals-',
  });
  const { problems, shopper } = journey;

  async function addToCart(page: Page, slug: string, name: string, quantity = 1): Promise<void> {
    await page.goto(`${journey.server.baseUrl}/product-page/${slug}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    if (quantity > 1) await page.getByLabel('Quantity').fill(String(quantity));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const drawer = page.getByRole('dialog', { name: /Your cart/ });
    await drawer.getByRole('link', { name }).waitFor();
    await drawer.getByRole('button', { name: 'Close cart' }).click();
  }

  /** The checkout up to the payment step: a New York address and standard delivery. */
  async function toPayment(page: Page, email?: string): Promise<void> {
    if (email) await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue to delivery' }).click();
    await page.getByLabel('First name').fill('Tess');
    await page.getByLabel('Last name').fill('Otto');
    await page.getByLabel('Street address').fill('350 5th Ave');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State or region (optional)').fill('NY');
    await page.getByLabel('Postal code').fill('10118');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('350 5th Ave, New York, NY 10118').waitFor();
    await page.getByRole('radio', { name: /Standard delivery/ }).check();
    await expect.poll(() => page.getByRole('radio', { name: /Standard delivery/ }).isChecked()).toBe(true);
  }

  it('shows the same rows adding up on the cart, checkout, confirmation, account page and mail', async () => {
    const email = `totals-${Date.now()}@example.com`;
    await journey.server.app.services.identity.register({ loginId: { email }, password: PASSWORD }, { ip: undefined });
    const page = await shopper();
    await page.goto(journey.server.baseUrl);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/auth\/session\/[^/]+$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .locator('.header__account')
      .filter({ hasText: /^Account$/ })
      .waitFor();

    await addToCart(page, 'camp-enamel-mug', 'Camp Enamel Mug', 2);
    await addToCart(page, 'market-tote-bag', 'Market Tote Bag');

    // The cart: the coupon and a New York estimate.
    await page.goto(`${journey.server.baseUrl}/cart`);
    await page.getByLabel('Coupon code').fill('tenoff');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Coupon TENOFF').waitFor();
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Postal code').fill('10118');
    await page.getByRole('button', { name: 'Estimate' }).click();
    const summary = page.locator('.summary');
    await expect.poll(() => summary.locator('[data-row="shipping"] dd').textContent()).toMatch(/^\$/);
    await expect.poll(() => summary.locator('.totals').getAttribute('aria-busy')).toBe('false');
    const cart = await shownTotals(summary, page.locator('main .cart-line__total'));
    expectAddsUp('cart', cart, 'Estimated total');
    await shot(page, 'totals-01-cart');

    // The drawer shows the same rows (before shipping).
    await page.locator('.header__cart').click();
    const drawer = page.getByRole('dialog', { name: /Your cart/ });
    await drawer.locator('.totals [data-row="discount"]').waitFor();
    const drawerRows = await shownTotals(drawer, drawer.locator('.cart-line__total'));
    expectAddsUp('drawer', drawerRows, 'Total before shipping');
    await shot(page, 'totals-02-drawer');
    await drawer.getByRole('button', { name: 'Check out' }).click();

    // The checkout, beside the form on a desktop.
    await page.waitForURL(/\/checkout\?checkoutId=/);
    await toPayment(page);
    const side = page.locator('.checkout-summary');
    await expect.poll(() => side.locator('[data-row="shipping"] dd').textContent()).not.toBe('—');
    await expect(page.getByRole('button', { name: /Show order summary/ }).isVisible()).resolves.toBe(false);
    const checkout = await shownTotals(side, side.locator('.checkout-summary__lines li > span:last-child'));
    expectAddsUp('checkout', checkout);
    const formBox = await page.locator('.checkout__steps').boundingBox();
    const sideBox = await side.boundingBox();
    expect(sideBox!.x).toBeGreaterThan(formBox!.x + formBox!.width - 1);
    await shot(page, 'totals-03-checkout-desktop');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Pay later/ }).check();
    await page.getByRole('button', { name: /Place order/ }).click();

    // The confirmation.
    await page.getByRole('heading', { name: /^Order #\d+ is confirmed$/ }).waitFor();
    const confirmation = await shownTotals(
      page.locator('main'),
      page.locator('.confirmation__lines li > span:last-child'),
    );
    expectAddsUp('confirmation', confirmation);
    expect(confirmation.rows.at(-1)?.text).toBe(checkout.rows.at(-1)?.text);
    await shot(page, 'totals-04-confirmation');

    // The order in the member's account.
    const number = (await page.getByRole('heading', { level: 1 }).textContent())?.match(/#(\d+)/)?.[1] ?? '';
    await page.getByRole('link', { name: 'View in your account' }).click();
    await page.getByRole('heading', { name: `Order #${number}` }).waitFor();
    // The heading may come from the list already loaded; the lines and rows once the order's own read has answered.
    await page.locator('main [data-row="total"]').waitFor();
    await expect.poll(() => page.locator('.order-lines li > span:last-child').count()).toBe(confirmation.lines.length);
    const account = await shownTotals(page.locator('main'), page.locator('.order-lines li > span:last-child'));
    expectAddsUp('account', account);
    expect(account.rows).toEqual(confirmation.rows);
    await shot(page, 'totals-05-account-order');

    // The confirmation mail: the same rows, as text.
    const mail = await journey.server.latestMail(email, 'order-confirmation');
    const mailRows = [...mail.matchAll(/^(Subtotal|Discount|Shipping|Fees|Tax|Tax included|Tip|Total): (.+)$/gm)].map(
      (m) => ({ label: m[1] ?? '', text: m[2] ?? '', cents: cents(m[2] ?? '') }),
    );
    const mailLines = [...mail.matchAll(/^\d+ × .*: (\$[\d,.]+)$/gm)].map((m) => cents(m[1] ?? ''));
    expectAddsUp('mail', { labels: mailRows.map((r) => r.label), rows: mailRows, lines: mailLines });
    expect(mailRows).toEqual(confirmation.rows);
    expect(problems).toEqual([]);
  }, 120_000);

  it('folds the checkout summary above the form on a phone, behind its total', async () => {
    const page = await shopper({ width: 390, height: 844 });
    await addToCart(page, 'camp-enamel-mug', 'Camp Enamel Mug');
    await page.goto(`${journey.server.baseUrl}/cart`);
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL(/\/checkout\?checkoutId=/);
    const toggle = page.getByRole('button', { name: /Show order summary/ });
    await toggle.waitFor();
    const total = await page.locator('.checkout-summary [data-row="total"] dd').textContent();
    expect(await toggle.textContent()).toContain(total ?? '?');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.checkout-summary .totals').isVisible()).toBe(false);
    // Above the form, and no wider than the phone.
    const toggleBox = await toggle.boundingBox();
    const formBox = await page.locator('.checkout__steps').boundingBox();
    expect(toggleBox!.y + toggleBox!.height).toBeLessThanOrEqual(formBox!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'totals-06-phone-checkout-folded');
    await toggle.click();
    await page.getByRole('button', { name: /Hide order summary/ }).waitFor();
    expect(await page.locator('.checkout-summary .totals').isVisible()).toBe(true);
    await shot(page, 'totals-07-phone-checkout-open');
    expect(problems).toEqual([]);
  }, 90_000);
});
