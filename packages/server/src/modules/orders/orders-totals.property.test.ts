import { randomUUID } from 'node:crypto';
import type { Order } from '@merx/contract';
import { lineAmount, minorOf, rowsAddUp, type TotalsRow, totalsRows } from '@merx/contract/words';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  CHECKOUTS,
  item,
  NEW_YORK,
  ORDERS,
  type OrdersKit,
  startOrdersKit,
} from './orders-test-kit.js';

/*
 * The rows every page and mail shows under the lines (`totalsRows`: subtotal, discount, shipping, fees, tax, tip,
 * total) add up to the total, and the lines to the subtotal, for real carts, checkouts, orders and confirmation
 * mails made through the API from generated baskets, coupons, discount rules, fees, tax set-ups, deliveries and tips.
 */

let kit: OrdersKit;

beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

const CALIFORNIA = {
  country: 'US',
  subdivision: 'US-CA',
  city: 'Cupertino',
  postalCode: '95014',
  addressLine: '1 Loop',
};
const decimal = (cents: number) => (cents / 100).toFixed(2);
const format = (minor: number) => `$${decimal(minor)}`;

const basket = fc.record({
  lines: fc.array(fc.record({ cents: fc.integer({ min: 1, max: 25_000 }), quantity: fc.integer({ min: 1, max: 5 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  coupon: fc.oneof(
    fc.constant(undefined),
    fc.record({ percentage: fc.integer({ min: 1, max: 60 }) }),
    fc.record({ fixedCents: fc.integer({ min: 1, max: 5_000 }) }),
  ),
  rulePercentage: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
  fee: fc.option(fc.record({ cents: fc.integer({ min: 1, max: 900 }), taxable: fc.boolean() }), { nil: undefined }),
  taxIncluded: fc.boolean(),
  newYork: fc.boolean(),
  delivery: fc.constantFrom('standard', 'express', 'pickup') as fc.Arbitrary<'standard' | 'express' | 'pickup'>,
  tip: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
});
type Basket = typeof basket extends fc.Arbitrary<infer T> ? T : never;

/** The store set-up the basket asks for; answers how to undo it. */
async function configure(b: Basket): Promise<() => Promise<void>> {
  const undo: Array<() => Promise<unknown>> = [];
  const tax = await kit.owner.patch('/_api/merx/v1/tax-settings', {
    taxSettings: { taxIncludedInItemPrices: b.taxIncluded },
  });
  expect(tax.status, JSON.stringify(tax.body)).toBe(200);
  if (b.rulePercentage !== undefined) {
    const rule = await kit.created('/ecom/v1/discount-rules', 'discountRule', {
      name: `Rule ${randomUUID()}`,
      discounts: {
        values: [
          {
            discountType: 'PERCENTAGE',
            percentage: b.rulePercentage,
            targetType: 'SPECIFIC_ITEMS',
            specificItemsInfo: {
              scopes: [{ id: 'all', type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: 'stores' } }],
            },
          },
        ],
      },
    });
    undo.push(() => kit.owner.delete(`/ecom/v1/discount-rules/${rule.id}`));
  }
  if (b.fee) {
    const fee = await kit.created('/_api/merx/v1/additional-fees', 'additionalFee', {
      type: 'HANDLING_FEE',
      name: 'Handling',
      amount: decimal(b.fee.cents),
      taxable: b.fee.taxable,
    });
    undo.push(() => kit.owner.delete(`/_api/merx/v1/additional-fees/${fee.id}`));
  }
  return async () => {
    for (const step of undo) expect(((await step()) as { status: number }).status).toBe(200);
  };
}

/** The amounts a row list holds, checked: the counted rows make the total, the lines make the subtotal row. */
function expectAddsUp(what: string, rows: TotalsRow[], lines: number[]) {
  const shown = JSON.stringify(rows);
  expect(rowsAddUp(rows), `${what}: ${shown}`).toBe(true);
  const order = ['subtotal', 'discount', 'shipping', 'fees', 'tax', 'tip', 'total'];
  expect(rows.map((r) => r.kind)).toEqual(order.filter((k) => rows.some((r) => r.kind === k)));
  expect(
    lines.reduce((n, l) => n + l, 0),
    `${what} lines: ${shown}`,
  ).toBe(rows[0]?.minor);
  expect(rows.find((r) => r.kind === 'discount')?.amount ?? '−', what).toMatch(/^−/);
}

/** "$1,234.56", "−$7.58" or "Free" as signed cents. */
const shownMinor = (text: string) =>
  text === 'Free' ? 0 : (text.startsWith('−') ? -1 : 1) * Number(text.replace(/[^\d]/g, ''));

/** The confirmation mail's text read back: its line amounts and its rows (the included tax apart). */
function mailAmounts(text: string) {
  const lines = [...text.matchAll(/^\d+ × .*: (\$[\d,.]+)$/gm)].map((m) => shownMinor(m[1] ?? ''));
  const rows = [...text.matchAll(/^(Subtotal|Discount|Shipping|Fees|Tax|Tax included|Tip|Total): (.+)$/gm)].map(
    (m) => ({
      label: m[1] ?? '',
      minor: shownMinor(m[2] ?? ''),
    }),
  );
  return { lines, rows };
}

async function runBasket(b: Basket) {
  const undo = await configure(b);
  try {
    const code = b.coupon ? `T${randomUUID().slice(0, 8)}` : undefined;
    if (b.coupon) {
      await kit.created('/_api/merx/v1/coupons', 'coupon', {
        code,
        name: 'Generated',
        discount:
          'percentage' in b.coupon
            ? { discountType: 'PERCENTAGE', percentage: b.coupon.percentage }
            : { discountType: 'FIXED_AMOUNT', fixedAmount: decimal(b.coupon.fixedCents) },
      });
    }
    const products = await Promise.all(
      b.lines.map((l) =>
        kit.createProduct({ name: `Item ${randomUUID().slice(0, 6)}`, priceData: { price: l.cents / 100 } }),
      ),
    );
    const shopper = await kit.newVisitor();
    await addToCart(shopper, ...products.map((p, i) => item(p.id, b.lines[i]?.quantity)));
    if (code) expect((await shopper.patch(CART, { couponCode: code })).status).toBe(200);
    const destination = b.newYork ? NEW_YORK : CALIFORNIA;

    // The cart page's estimate.
    const estimate = await shopper.post(`${CART}/estimate-totals`, { shippingAddress: destination });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    const cart = estimate.body.cart;
    expectAddsUp(
      'cart',
      totalsRows(estimate.body.priceSummary, { currency: cart.currency, taxIncluded: b.taxIncluded }),
      cart.lineItems.map((l: { lineItemPrice: { amount: string } }) => minorOf(l.lineItemPrice, 'USD')),
    );

    // The checkout page.
    const to = `totals-${randomUUID().slice(0, 8)}@example.com`;
    const created = await shopper.post(`${CART}/create-checkout`, {
      channelType: 'WEB',
      email: to,
      shippingAddress: destination,
      selectedShippingOption: { code: kit.store[b.delivery].id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.checkoutId as string;
    if (b.tip !== undefined) {
      const tipped = await shopper.patch(`${CHECKOUTS}/${id}`, {
        checkout: { id, tipSelection: { presetIndex: b.tip } },
      });
      expect(tipped.status, JSON.stringify(tipped.body)).toBe(200);
    }
    const checkout = (await shopper.get(`${CHECKOUTS}/${id}`)).body.checkout;
    expectAddsUp(
      'checkout',
      totalsRows(checkout.priceSummary, { currency: checkout.currency, taxIncluded: checkout.taxIncludedInPrice }),
      checkout.lineItems.map((l: Parameters<typeof lineAmount>[0]) => lineAmount(l, 'USD', format).minor),
    );

    // The confirmation and account pages, and the back office, read the order.
    const placed = await kit.placeOrder(shopper, id, { paymentMethod: 'offline' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = (await kit.owner.get(`${ORDERS}/${placed.body.orderId}`)).body.order as Order;
    const orderRows = totalsRows(order.priceSummary, {
      currency: order.currency,
      taxIncluded: order.taxIncludedInPrices,
      shippingChosen: order.shippingInfo !== undefined,
    });
    expectAddsUp(
      'order',
      orderRows,
      order.lineItems.map((l) => lineAmount(l as Parameters<typeof lineAmount>[0], 'USD', format).minor),
    );
    expect(orderRows.at(-1)?.minor).toBe(minorOf(checkout.priceSummary.total, 'USD'));

    // The confirmation mail, read back as its text.
    const [mail] = await kit.server.services.mail.list({ to });
    expect(mail?.kind).toBe('order-confirmation');
    const shown = mailAmounts(mail?.text ?? '');
    expect(shown.rows.map((r) => r.label)).toEqual(orderRows.map((r) => r.label));
    const counted = shown.rows.filter((r) => r.label !== 'Tax included' && r.label !== 'Total');
    expect(
      counted.reduce((n, r) => n + r.minor, 0),
      mail?.text,
    ).toBe(shown.rows.at(-1)?.minor);
    expect(
      shown.lines.reduce((n, l) => n + l, 0),
      mail?.text,
    ).toBe(shown.rows[0]?.minor);
  } finally {
    await undo();
  }
}

describe('the totals rows of every page and mail', () => {
  it('add up to the total, and the lines to the subtotal, for generated carts, checkouts, orders and mails', async () => {
    await fc.assert(fc.asyncProperty(basket, runBasket), { numRuns: 25, endOnFailure: true });
  }, 60_000);

  it('show the discount after the subtotal as a negative amount, in the mail too', async () => {
    await runBasket({
      lines: [
        { cents: 2890, quantity: 2 },
        { cents: 540, quantity: 3 },
      ],
      coupon: { percentage: 10 },
      rulePercentage: undefined,
      fee: undefined,
      taxIncluded: false,
      newYork: true,
      delivery: 'standard',
      tip: 1,
    });
  }, 20_000);
});
