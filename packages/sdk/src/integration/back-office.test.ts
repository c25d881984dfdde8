import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerxApplicationError } from '../errors.js';
import { checkout } from '../modules/checkout.js';
import { coupons, discountRules } from '../modules/discount-rules.js';
import { orderFulfillments } from '../modules/order-fulfillments.js';
import { orders } from '../modules/orders.js';
import { ordersSettings } from '../modules/orders-settings.js';
import { products } from '../modules/products.js';
import { shippingOptions } from '../modules/shipping-options.js';
import { taxes } from '../modules/taxes.js';
import { tipSettings } from '../modules/tip-settings.js';
import { type SdkKit, startSdkKit, unique } from './kit.js';

let kit: SdkKit;
let productId: string;
const NEW_YORK = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};

beforeAll(async () => {
  kit = await startSdkKit();
  productId = (
    await kit.admin({ products }).products.createProduct({ name: unique('Lamp '), priceData: { price: 40 } })
  ).product.id;
});
afterAll(() => kit?.close());

describe('discount rules and coupons', () => {
  it('creates, reads, updates with the revision, queries and deletes a rule', async () => {
    const admin = kit.admin({ discountRules });
    const { discountRule } = await admin.discountRules.createDiscountRule({
      name: unique('Ten off '),
      active: true,
      discounts: {
        values: [
          {
            discountType: 'PERCENTAGE',
            percentage: 10,
            specificItemsInfo: {
              scopes: [
                {
                  type: 'CATALOG_ITEM',
                  catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: [productId] },
                },
              ],
            },
          },
        ],
      },
    });
    expect(discountRule.status).toBe('LIVE');
    const { discountRule: read } = await admin.discountRules.getDiscountRule(discountRule.id);
    const { discountRule: renamed } = await admin.discountRules.updateDiscountRule(read.id, {
      name: 'Renamed',
      revision: read.revision,
    });
    expect(renamed.name).toBe('Renamed');
    const stale = await admin.discountRules
      .updateDiscountRule(read.id, { name: 'Stale', revision: read.revision })
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(MerxApplicationError);
    expect(stale).toMatchObject({ code: 'CONCURRENT_MODIFICATION' });
    const page = await admin.discountRules.queryDiscountRules().eq('id', read.id).find();
    expect(page.items.map((r) => r.name)).toEqual(['Renamed']);
    expect(await admin.discountRules.deleteDiscountRule(read.id)).toEqual({});
    await expect(admin.discountRules.getDiscountRule(read.id)).rejects.toMatchObject({
      code: 'DISCOUNT_RULE_NOT_FOUND',
    });
  });

  it('pages rules with cursors and with offsets', async () => {
    const admin = kit.admin({ discountRules });
    const name = unique('Paged ');
    for (let i = 0; i < 3; i++) {
      await admin.discountRules.createDiscountRule({
        name: `${name}${i}`,
        discounts: {
          values: [
            {
              percentage: 5,
              specificItemsInfo: {
                scopes: [
                  {
                    type: 'CATALOG_ITEM',
                    catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: [productId] },
                  },
                ],
              },
            },
          ],
        },
      });
    }
    const byCursor = await admin.discountRules
      .queryDiscountRules()
      .startsWith('name', name)
      .ascending('name')
      .limit(2)
      .find();
    const next = await byCursor.next();
    expect([...byCursor.items, ...next.items].map((r) => r.name)).toEqual([`${name}0`, `${name}1`, `${name}2`]);
    await expect(next.next()).rejects.toThrow('No next page to fetch');
    const byOffset = await admin.discountRules.queryDiscountRules('offset').startsWith('name', name).limit(2).find();
    expect(byOffset.totalCount).toBe(3);
    expect((await byOffset.next()).items).toHaveLength(1);
  });

  it('manages coupons that a cart applies by code', async () => {
    const admin = kit.admin({ coupons });
    const code = unique('SAVE').toUpperCase();
    const { coupon } = await admin.coupons.createCoupon({
      code,
      name: 'Save 10',
      discount: { discountType: 'PERCENTAGE', percentage: 10 },
    });
    const { coupon: read } = await admin.coupons.getCoupon(coupon.id);
    const { coupon: off } = await admin.coupons.updateCoupon(coupon.id, { active: false, revision: read.revision });
    expect(off.active).toBe(false);
    expect((await admin.coupons.queryCoupons().eq('code', code).find()).items).toHaveLength(1);
    await admin.coupons.deleteCoupon(coupon.id);
  });

  it('refuses discount calls from a storefront client before any request', async () => {
    const shop = kit.shop({ discountRules, coupons });
    await expect(shop.discountRules.queryDiscountRules().find()).rejects.toMatchObject({
      code: 'ELEVATED_CLIENT_REQUIRED',
    });
    await expect(shop.coupons.getCoupon('x')).rejects.toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });
  });
});

describe('shipping options and delivery regions', () => {
  it('creates, links regions, updates with the revision, queries and deletes', async () => {
    const admin = kit.admin({ shippingOptions });
    const { deliveryRegion: us } = await admin.shippingOptions.createDeliveryRegion({
      name: 'US',
      destinations: [{ countryCode: 'US' }],
    });
    const { deliveryRegion: ca } = await admin.shippingOptions.createDeliveryRegion({
      name: 'CA',
      destinations: [{ countryCode: 'CA' }],
    });
    expect((await admin.shippingOptions.listDeliveryRegions()).deliveryRegions.length).toBeGreaterThanOrEqual(2);
    const title = unique('Courier ');
    const { shippingOption } = await admin.shippingOptions.createShippingOption({
      title,
      deliveryRegionIds: [us.id],
      rates: [{ amount: '7.5' }],
    });
    const added = await admin.shippingOptions.addDeliveryRegion(shippingOption.id, ca.id, {
      revision: shippingOption.revision,
    });
    expect(added.shippingOption.deliveryRegionIds).toEqual(expect.arrayContaining([us.id, ca.id]));
    const removed = await admin.shippingOptions.removeDeliveryRegion(shippingOption.id, ca.id);
    expect(removed.shippingOption.deliveryRegionIds).toEqual([us.id]);
    const { shippingOption: read } = await admin.shippingOptions.getShippingOption(shippingOption.id);
    const { shippingOption: renamed } = await admin.shippingOptions.updateShippingOption(read.id, {
      title: `${title}!`,
      revision: read.revision,
    });
    expect(renamed.title).toBe(`${title}!`);
    const extended = await admin.shippingOptions.updateExtendedFields(read.id, 'shop', { note: 'fragile' });
    expect(extended.shippingOption.extendedFields.namespaces.shop).toEqual({ note: 'fragile' });
    const page = await admin.shippingOptions.queryShippingOptions().eq('id', read.id).find();
    expect(page.items.map((o) => o.title)).toEqual([`${title}!`]);
    await admin.shippingOptions.deleteShippingOption(read.id);
    await admin.shippingOptions.updateDeliveryRegion(ca.id, { name: 'Canada' });
    expect((await admin.shippingOptions.getDeliveryRegion(ca.id)).deliveryRegion.name).toBe('Canada');
    await admin.shippingOptions.deleteDeliveryRegion(ca.id);
  });
});

describe('orders in the back office', () => {
  /** An order placed by a visitor, paid offline or not at all. */
  async function placeOrder(): Promise<string> {
    const admin = kit.admin({ shippingOptions });
    const { deliveryRegion } = await admin.shippingOptions.createDeliveryRegion({
      name: unique('R'),
      destinations: [{ countryCode: 'US' }],
    });
    const { shippingOption } = await admin.shippingOptions.createShippingOption({
      title: unique('Ship '),
      deliveryRegionIds: [deliveryRegion.id],
      rates: [{ amount: '5' }],
    });
    const shop = kit.shop({ checkout });
    const { checkout: c } = await shop.checkout.createCheckout({
      lineItems: [
        {
          catalogReference: {
            appId: STORES_APP_ID,
            catalogItemId: productId,
            options: { variantId: DEFAULT_VARIANT_ID },
          },
          quantity: 2,
        },
      ],
      checkoutInfo: {
        buyerInfo: { email: 'office@example.com' },
        shippingInfo: {
          shippingDestination: { address: NEW_YORK },
          selectedCarrierServiceOption: { code: shippingOption.id },
        },
      },
    });
    return (await shop.checkout.createOrder(c.id, { paymentMethod: 'offline' })).orderId;
  }

  it('reads settings, and changes, annotates, collects and cancels an order', async () => {
    const admin = kit.admin({ orders, ordersSettings });
    const { ordersSettings: settings } = await admin.ordersSettings.getOrdersSettings();
    const updated = await admin.ordersSettings.updateOrdersSettings({ createInvoice: !settings.createInvoice });
    expect(updated.ordersSettings.createInvoice).toBe(!settings.createInvoice);

    const orderId = await placeOrder();
    const seen = await admin.orders.updateOrder(orderId, { seenByAHuman: true, buyerNote: 'Call first' });
    expect(seen.order).toMatchObject({ seenByAHuman: true, buyerNote: 'Call first' });
    const commented = await admin.orders.addActivity(orderId, { merchantComment: { message: 'Packed' } });
    const activityId = commented.activityId ?? '';
    await admin.orders.updateActivity({ id: orderId, activityId }, { merchantComment: { message: 'Packed twice' } });
    const many = await admin.orders.addActivities(orderId, [
      { merchantComment: { message: 'A' } },
      { merchantComment: { message: 'B' } },
    ]);
    expect(many.activityIds).toHaveLength(2);
    await admin.orders.deleteActivity({ id: orderId, activityId });

    // The whole total is left to collect (discount rules of other tests may apply to the product).
    const total = (await admin.orders.getOrder(orderId)).order.priceSummary.total?.amount;
    expect((await admin.orders.getPaymentCollectabilityStatus(orderId)).amount.amount).toBe(total);
    expect((await admin.orders.paymentCollectionMarkOrderAsPaid(orderId)).order.paymentStatus).toBe('PAID');
    expect((await admin.orders.getRefundabilityStatus(orderId)).refundabilities.length).toBeGreaterThan(0);
    const all = await admin.orders.searchOrders({ filter: { id: orderId } });
    expect(all.orders).toHaveLength(1);
    const aggregated = await admin.orders.aggregateOrders({});
    expect(aggregated.aggregates.orders).toBeGreaterThan(0);

    const other = await placeOrder();
    const bulk = await admin.orders.paymentCollectionBulkMarkOrdersAsPaid([other]);
    expect(bulk.bulkActionMetadata.totalSuccesses).toBe(1);
    const third = await placeOrder();
    const canceled = await admin.orders.cancelOrder(third, { restockAllItems: true });
    expect(canceled.order.status).toBe('CANCELED');
  });

  it('fulfills an order, and the buyer reads its fulfillments', async () => {
    const admin = kit.admin({ orders, orderFulfillments });
    const orderId = await placeOrder();
    const { order } = await admin.orders.getOrder(orderId);
    const lineId = order.lineItems[0]?.id ?? '';
    const created = await admin.orderFulfillments.createFulfillment(orderId, {
      lineItems: [{ id: lineId, quantity: 1 }],
      trackingInfo: { trackingNumber: 'T1', shippingProvider: 'Post' },
    });
    const fulfillmentId = created.fulfillmentId ?? '';
    const updated = await admin.orderFulfillments.updateFulfillment(
      { fulfillmentId, orderId },
      { trackingInfo: { trackingNumber: 'T2' } },
    );
    expect(updated.orderWithFulfillments.fulfillments[0]?.trackingInfo).toMatchObject({ trackingNumber: 'T2' });
    const listed = await admin.orderFulfillments.listFulfillmentsForMultipleOrders([orderId]);
    expect(listed.ordersWithFulfillments[0]?.fulfillments).toHaveLength(1);
    await admin.orderFulfillments.deleteFulfillment({ fulfillmentId, orderId });
    expect(
      (await admin.orderFulfillments.listFulfillmentsForSingleOrder(orderId)).orderWithFulfillments.fulfillments,
    ).toEqual([]);
  });

  it('refuses back-office order calls from a storefront client before any request', async () => {
    const shop = kit.shop({ orders, ordersSettings });
    await expect(shop.orders.cancelOrder('o')).rejects.toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });
    await expect(shop.orders.triggerRefund('o', [])).rejects.toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });
    await expect(shop.ordersSettings.getOrdersSettings()).rejects.toMatchObject({ code: 'ELEVATED_CLIENT_REQUIRED' });
  });
});

describe('tax, fees and tip settings', () => {
  it('manages tax regions and settings, additional fees and tip settings', async () => {
    const admin = kit.admin({ taxes, tipSettings });
    const { taxRegion } = await admin.taxes.createTaxRegion({
      country: 'US',
      subdivision: 'NY',
      rateType: 'MANUAL_RATE',
      jurisdictions: [{ name: 'New York', type: 'STATE', rate: '0.04' }],
    });
    expect((await admin.taxes.getTaxRegion(taxRegion.id)).taxRegion.jurisdictions[0]?.rate).toBe('0.04');
    await admin.taxes.updateTaxRegion(taxRegion.id, { shippingTaxable: true });
    expect((await admin.taxes.listTaxRegions()).taxRegions.map((r) => r.id)).toContain(taxRegion.id);
    await admin.taxes.deleteTaxRegion(taxRegion.id);
    const { taxSettings: settings } = await admin.taxes.getTaxSettings();
    const changed = await admin.taxes.updateTaxSettings({ taxIncludedInItemPrices: !settings.taxIncludedInItemPrices });
    expect(changed.taxSettings.taxIncludedInItemPrices).toBe(!settings.taxIncludedInItemPrices);
    await admin.taxes.updateTaxSettings({ taxIncludedInItemPrices: settings.taxIncludedInItemPrices });

    const { additionalFee } = await admin.taxes.createAdditionalFee({
      type: 'HANDLING_FEE',
      name: 'Handling',
      amount: '2',
      active: false,
    });
    await admin.taxes.updateAdditionalFee(additionalFee.id, { amount: '3' });
    expect((await admin.taxes.getAdditionalFee(additionalFee.id)).additionalFee.amount).toBe('3');
    expect((await admin.taxes.listAdditionalFees()).additionalFees.map((f) => f.id)).toContain(additionalFee.id);
    await admin.taxes.deleteAdditionalFee(additionalFee.id);

    const { tipSettings: tips } = await admin.tipSettings.createTipSettings({
      tipType: 'PERCENTAGE',
      presets: [{ value: 10 }, { value: 15, default: true }],
    });
    const updated = await admin.tipSettings.updateTipSettings({
      id: tips.id,
      allowCustomAmount: true,
      revision: tips.revision,
    });
    expect(updated.tipSettings.allowCustomAmount).toBe(true);
    expect((await admin.tipSettings.queryTipSettings().eq('id', tips.id).find()).items).toHaveLength(1);
    await admin.tipSettings.deleteTipSettings(tips.id);
  });
});
