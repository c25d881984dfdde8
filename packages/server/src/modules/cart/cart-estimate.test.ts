import type { Product } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, CART, type CartKit, expectNoCartWrites, item, startCartKit } from './cart-test-kit.js';

let kit: CartKit;
let mug: Product;
let book: Product;
let standard: { id: string; title: string };
let express: { id: string; title: string };
let coupon: { id: string; code: string; revision: string };
let rule: { id: string; name: string };

const ESTIMATE = `${CART}/estimate-totals`;
const NEW_YORK = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};

async function created(url: string, key: string, body: Record<string, unknown>) {
  const res = await kit.owner.post(url, { [key]: body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body[key];
}

beforeAll(async () => {
  kit = await startCartKit();
  mug = await kit.createProduct({ name: 'Mug', priceData: { price: 20 }, weight: 0.5 });
  book = await kit.createProduct({ name: 'Book', priceData: { price: 10 } });
  const region = await created('/_api/merx/v1/delivery-regions', 'deliveryRegion', {
    name: 'United States',
    destinations: [{ countryCode: 'US' }],
  });
  standard = await created('/ecom/v1/shipping-options', 'shippingOption', {
    title: 'Standard',
    deliveryRegionIds: [region.id],
    rates: [{ amount: '5' }],
    estimatedDeliveryTime: '3-5 days',
  });
  express = await created('/ecom/v1/shipping-options', 'shippingOption', {
    title: 'Express',
    deliveryRegionIds: [region.id],
    rates: [{ amount: '15' }],
  });
  await created('/_api/merx/v1/tax-regions', 'taxRegion', {
    country: 'US',
    subdivision: 'NY',
    rateType: 'MANUAL_RATE',
    jurisdictions: [{ name: 'New York', type: 'STATE', rate: '0.08' }],
    shippingTaxable: true,
  });
  await created('/_api/merx/v1/additional-fees', 'additionalFee', {
    type: 'HANDLING_FEE',
    name: 'Handling',
    amount: '2',
  });
  const mugsOnly = {
    id: 'mugs',
    type: 'CATALOG_ITEM',
    catalogItemFilter: { catalogAppId: 'stores', catalogItemIds: [mug.id] },
  };
  rule = await created('/ecom/v1/discount-rules', 'discountRule', {
    name: 'Mug week',
    discounts: {
      values: [
        {
          discountType: 'PERCENTAGE',
          percentage: 10,
          targetType: 'SPECIFIC_ITEMS',
          specificItemsInfo: { scopes: [mugsOnly] },
        },
      ],
    },
  });
  coupon = await created('/_api/merx/v1/coupons', 'coupon', {
    code: `THREE${Date.now()}`,
    name: 'Three off',
    discount: { discountType: 'FIXED_AMOUNT', fixedAmount: '3' },
  });
});
afterAll(async () => {
  await kit.close();
});

/** A visitor with 2 mugs ($20) and a book ($10), and the coupon applied. */
async function fullCart() {
  const v = await kit.newVisitor();
  const cart = await addToCart(v, item(mug.id, 2), item(book.id));
  expect((await v.patch(CART, { couponCode: coupon.code })).status).toBe(200);
  return { v, cart };
}

describe('POST /ecom/v1/carts/current/estimate-totals', () => {
  it('answers the whole estimate: lines, summary, shipping, tax, discounts, fees, memberships', async () => {
    const { v, cart } = await fullCart();
    const [mugLine, bookLine] = cart.lineItems;
    const res = await v.post(ESTIMATE, { shippingAddress: NEW_YORK });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    // Rule: 10 % of $40 = $4; coupon: $3 split 2.35 / 0.65; shipping $5; tax 8 % of 33.65, 9.35 and 5; fee $2.
    expect(body.priceSummary).toMatchObject({
      subtotal: { amount: '50', formattedAmount: '$50.00' },
      discount: { amount: '7' },
      shipping: { amount: '5' },
      tax: { amount: '3.84' },
      additionalFees: { amount: '2' },
      total: {
        amount: '53.84',
        convertedAmount: '53.84',
        formattedAmount: '$53.84',
        formattedConvertedAmount: '$53.84',
      },
    });
    expect(body.calculatedLineItems).toHaveLength(2);
    expect(body.calculatedLineItems[0]).toMatchObject({
      lineItemId: mugLine.id,
      pricesBreakdown: {
        priceBeforeDiscounts: { amount: '20' },
        fullPrice: { amount: '20' },
        totalDiscount: { amount: '6.35' },
        totalPriceBeforeTax: { amount: '33.65' },
        totalPriceAfterTax: { amount: '36.34' },
        taxDetails: { taxRate: '0.08', totalTax: { amount: '2.69' }, taxableAmount: { amount: '33.65' } },
      },
    });
    expect(body.calculatedLineItems[0].pricesBreakdown.taxDetails.taxBreakdown[0]).toMatchObject({
      jurisdiction: 'New York',
      jurisdictionType: 'STATE',
      rate: '0.08',
      taxAmount: { amount: '2.69' },
    });
    expect(body.appliedDiscounts).toEqual([
      {
        discountRule: {
          id: rule.id,
          name: { original: 'Mug week', translated: 'Mug week' },
          amount: expect.objectContaining({ amount: '4' }),
        },
        discountType: 'SPECIFIC_ITEMS',
        lineItemIds: [mugLine.id],
      },
      {
        coupon: {
          id: coupon.id,
          code: coupon.code,
          name: 'Three off',
          amount: expect.objectContaining({ amount: '3' }),
        },
        discountType: 'GLOBAL',
        lineItemIds: expect.arrayContaining([mugLine.id, bookLine.id]),
      },
    ]);
    expect(body.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: standard.id,
      title: 'Standard',
      requestedShippingOption: false,
      logistics: { deliveryTime: '3-5 days' },
      cost: {
        price: { amount: '5' },
        totalPriceAfterTax: { amount: '5.4' },
        taxDetails: { totalTax: { amount: '0.4' } },
      },
    });
    expect(body.shippingInfo.region).toMatchObject({ name: 'United States' });
    expect(body.shippingInfo.carrierServiceOptions).toHaveLength(1);
    expect(
      body.shippingInfo.carrierServiceOptions[0].shippingOptions.map((o: { code: string }) => o.code).sort(),
    ).toEqual([standard.id, express.id].sort());
    expect(body.additionalFees).toEqual([
      expect.objectContaining({ name: 'Handling', price: expect.objectContaining({ amount: '2' }), source: 'MANUAL' }),
    ]);
    expect(body.taxSummary).toMatchObject({
      totalTax: { amount: '3.84' },
      calculationDetails: { rateType: 'MANUAL_RATE' },
    });
    expect(body.membershipOptions).toEqual({
      eligibleMemberships: [],
      invalidMemberships: [],
      selectedMemberships: [],
    });
    expect(body).toMatchObject({ calculationErrors: {}, violations: [], currency: 'USD', weightUnit: 'KG' });
    expect(body.cart).toMatchObject({
      id: cart.id,
      taxIncludedInPrices: false,
      appliedDiscounts: [{ coupon: { id: coupon.id } }],
    });
  });

  it('charges the option the buyer selects, and falls back to the cheapest with an error for an unknown one', async () => {
    const { v } = await fullCart();
    const chosen = (await v.post(ESTIMATE, { shippingAddress: NEW_YORK, selectedShippingOption: { code: express.id } }))
      .body;
    expect(chosen.shippingInfo.selectedCarrierServiceOption).toMatchObject({
      code: express.id,
      requestedShippingOption: true,
    });
    expect(chosen.priceSummary.shipping.amount).toBe('15');
    const unknown = (await v.post(ESTIMATE, { shippingAddress: NEW_YORK, selectedShippingOption: { code: 'nope' } }))
      .body;
    expect(unknown.shippingInfo.selectedCarrierServiceOption.code).toBe(standard.id);
    expect(unknown.calculationErrors.selectedShippingOptionError.applicationError.code).toBe(
      'SHIPPING_OPTION_NOT_FOUND',
    );
  });

  it('uses the address saved on the cart, and reports a missing destination', async () => {
    const { v } = await fullCart();
    const without = (await v.post(ESTIMATE, {})).body;
    expect(without.calculationErrors.generalShippingCalculationError.applicationError.code).toBe(
      'NO_SHIPPING_DESTINATION',
    );
    expect(without.priceSummary).toMatchObject({ shipping: { amount: '0' }, tax: { amount: '0' } });
    await v.patch(CART, { cartInfo: { contactInfo: { address: NEW_YORK } } });
    const saved = (await v.post(ESTIMATE, {})).body;
    expect(saved.priceSummary.total.amount).toBe('53.84');
  });

  it('skips shipping, tax or fees when asked', async () => {
    const { v } = await fullCart();
    const res = await v.post(ESTIMATE, {
      shippingAddress: NEW_YORK,
      calculateShipping: false,
      calculateTax: false,
      calculateAdditionalFees: false,
    });
    expect(res.body.priceSummary).toMatchObject({
      shipping: { amount: '0' },
      tax: { amount: '0' },
      additionalFees: { amount: '0' },
      total: { amount: '43' },
    });
    expect(res.body.shippingInfo.carrierServiceOptions).toEqual([]);
  });

  it('reports lines that cannot be bought as violations, and what the store cannot honour as errors', async () => {
    const scarce = await kit.createProduct({ stock: { trackInventory: true, quantity: 5 } });
    const gone = await kit.createProduct();
    const v = await kit.newVisitor();
    const cart = await addToCart(v, item(scarce.id, 4), item(gone.id));
    await kit.owner.patch(`/stores/v1/products/${scarce.id}`, { product: { stock: { quantity: 1 } } });
    await kit.owner.delete(`/stores/v1/products/${gone.id}`);
    const res = await v.post(ESTIMATE, {
      shippingAddress: NEW_YORK,
      selectedMemberships: { memberships: [{ id: 'gold', appId: 'plans', lineItemIds: [cart.lineItems[0].id] }] },
    });
    expect(res.body.violations).toEqual([
      {
        severity: 'WARNING',
        target: { lineItem: { name: 'LINE_ITEM_DEFAULT', id: cart.lineItems[0].id } },
        description: expect.stringContaining('Only 1'),
        suggestedFix: 'UNKNOWN_SUGGESTED_FIX',
      },
      {
        severity: 'ERROR',
        target: { lineItem: { name: 'LINE_ITEM_DEFAULT', id: cart.lineItems[1].id } },
        description: expect.any(String),
        suggestedFix: 'REMOVE_LINE_ITEM',
      },
    ]);
    expect(res.body.membershipOptions.invalidMemberships).toEqual([
      expect.objectContaining({ membership: expect.objectContaining({ id: 'gold' }), reason: 'MEMBERSHIP_NOT_FOUND' }),
    ]);
  });

  it('reports a coupon that stopped applying since it was entered, and leaves it out', async () => {
    const code = `GONE${Date.now()}`;
    const c = await created('/_api/merx/v1/coupons', 'coupon', {
      code,
      name: 'Soon gone',
      discount: { discountType: 'PERCENTAGE', percentage: 50 },
    });
    const v = await kit.newVisitor();
    await addToCart(v, item(book.id));
    await v.patch(CART, { couponCode: code });
    await kit.owner.patch(`/_api/merx/v1/coupons/${c.id}`, { coupon: { active: false, revision: c.revision } });
    const res = await v.post(ESTIMATE, { shippingAddress: NEW_YORK, calculateShipping: false });
    expect(res.body.calculationErrors.couponCalculationError.applicationError.code).toBe('COUPON_INACTIVE');
    expect(res.body.priceSummary.discount.amount).toBe('0');
  });

  it('writes nothing', async () => {
    const { v } = await fullCart();
    await expectNoCartWrites(kit, async () => {
      expect((await v.post(ESTIMATE, { shippingAddress: NEW_YORK })).status).toBe(200);
    });
  });
});
