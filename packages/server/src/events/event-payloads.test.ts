import { randomUUID } from 'node:crypto';
import {
  cataloguedEventTypes,
  eventCatalogue,
  eventEnvelope,
  eventPayloadSchemas,
  type MerxEvent,
  type PayloadEventType,
  STORES_APP_ID,
  typedEventEnvelope,
} from '@merx/contract';
import { testEngine } from '@merx/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPONS, everyItem, uniqueCode } from '../modules/discounts/discounts-test-kit.js';
import { DEFAULT_ORDERS_SETTINGS as DEFAULTS } from '../modules/orders/orders.settings.js';
import { type JsonAnswer, jsonCaller, startTestServer, type TestServer, visitorToken } from '../testing.js';

/*
 * Every event a broad journey through the real server appends (catalog v1 and v3, categories, stock, a cart, a
 * checkout, orders paid, fulfilled and canceled, an abandoned checkout recovered, discounts, shipping, tax, tips,
 * fees, the orders settings) parses with its type's payload schema, and its envelope with `eventEnvelope`.
 */

let server: TestServer;
let call: ReturnType<typeof jsonCaller>;
let owner: string;
const heard: MerxEvent[] = [];
const TREE = { appNamespace: '@wix/stores' };
const NEW_YORK = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};
const unique = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}`;
const ORDERS_SETTINGS = '/ecom/v1/orders-settings';

beforeAll(async () => {
  server = await startTestServer({ demo: true });
  call = jsonCaller(server);
  owner = server.apiKey;
  server.dispatcher.subscribe('*', (event) => {
    heard.push(event);
  });
});
afterAll(async () => {
  await server.close();
});

/** The answer's body, after checking that the call succeeded. */
function ok(res: JsonAnswer) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Catalog v1 and v3 writes, stock, collections and categories, by the owner's key; answers the mug it made. */
async function catalogJourney() {
  const product = ok(
    await call('POST', '/stores/v1/products', owner, {
      product: { name: unique('Mug '), priceData: { price: 12 }, stock: { trackInventory: true, quantity: 9 } },
    }),
  ).product;
  ok(await call('PATCH', `/stores/v1/products/${product.id}`, owner, { product: { name: unique('Big mug ') } }));
  ok(
    await call('PATCH', `/stores/v2/inventoryItems/product/${product.id}`, owner, {
      inventoryItem: { trackQuantity: false },
    }),
  );
  ok(
    await call('PATCH', `/stores/v2/inventoryItems/product/${product.id}`, owner, {
      inventoryItem: { trackQuantity: true, variants: [{ variantId: product.variants[0].id, quantity: 20 }] },
    }),
  );
  const collection = ok(
    await call('POST', '/stores/v1/collections', owner, { collection: { name: unique('Shelf ') } }),
  ).collection;
  ok(await call('POST', `/stores/v1/collections/${collection.id}/productIds`, owner, { productIds: [product.id] }));
  ok(await call('DELETE', `/stores/v1/collections/${collection.id}`, owner));
  ok(await call('POST', `/stores/v1/products/${product.id}/variants/resetToDefault`, owner, {}));

  const read = ok(await call('GET', `/stores/v3/products/${product.id}`, owner)).product;
  ok(
    await call('PATCH', `/stores/v3/products/${product.id}`, owner, {
      product: { revision: read.revision, name: unique('V3 mug ') },
    }),
  );
  const doomed = ok(
    await call('POST', '/stores/v1/products', owner, { product: { name: unique('Gone '), priceData: { price: 1 } } }),
  ).product;
  ok(await call('DELETE', `/stores/v1/products/${doomed.id}`, owner));

  for (const [one, many] of [
    ['ribbon', 'ribbons'],
    ['brand', 'brands'],
  ] as const) {
    const made = ok(await call('POST', `/stores/v3/${many}`, owner, { [one]: { name: unique('N') } }))[one];
    ok(
      await call('PATCH', `/stores/v3/${many}/${made.id}`, owner, {
        [one]: { revision: made.revision, name: unique('M') },
      }),
    );
    ok(await call('DELETE', `/stores/v3/${many}/${made.id}`, owner));
  }
  const section = ok(
    await call('POST', '/stores/v3/info-sections', owner, {
      infoSection: { uniqueName: unique('care-'), title: 'Care', plainDescription: '<p>Wash cold</p>' },
    }),
  ).infoSection;
  ok(
    await call('PATCH', `/stores/v3/info-sections/${section.id}`, owner, {
      infoSection: { revision: section.revision, title: 'Care and use' },
    }),
  );
  ok(await call('DELETE', `/stores/v3/info-sections/${section.id}`, owner));
  const custom = ok(
    await call('POST', '/stores/v3/customizations', owner, {
      customization: {
        name: unique('Size '),
        customizationType: 'PRODUCT_OPTION',
        customizationRenderType: 'TEXT_CHOICES',
        choicesSettings: { choices: [{ choiceType: 'CHOICE_TEXT', name: 'Small' }] },
      },
    }),
  ).customization;
  ok(
    await call('PATCH', `/stores/v3/customizations/${custom.id}`, owner, {
      customization: { revision: custom.revision, name: unique('Fit ') },
    }),
  );
  ok(await call('DELETE', `/stores/v3/customizations/${custom.id}`, owner));

  const category = (name: string) =>
    call('POST', '/categories/v1/categories', owner, { category: { name }, treeReference: TREE });
  const top = ok(await category(unique('Top '))).category;
  const child = ok(await category(unique('Child '))).category;
  const base = `/categories/v1/categories/${child.id}`;
  ok(
    await call('PATCH', base, owner, {
      category: { revision: child.revision, name: unique('Kid ') },
      treeReference: TREE,
    }),
  );
  ok(await call('POST', `${base}/move`, owner, { treeReference: TREE, parentCategoryId: top.id, position: 'LAST' }));
  const items = [{ catalogItemId: product.id, appId: STORES_APP_ID }];
  ok(await call('POST', `/categories/v1/bulk/categories/${child.id}/add-items`, owner, { treeReference: TREE, items }));
  ok(await call('POST', `${base}/set-arranged-items`, owner, { treeReference: TREE, items }));
  ok(
    await call('POST', `/categories/v1/bulk/categories/${child.id}/remove-items`, owner, {
      treeReference: TREE,
      items,
    }),
  );
  ok(await call('DELETE', `/categories/v1/categories/${top.id}?treeReference.appNamespace=%40wix%2Fstores`, owner));
  return product;
}

/** Discounts, shipping, tax, tips, fees and the orders settings, changed by the owner's key. */
async function configurationJourney() {
  const rule = ok(
    await call('POST', '/ecom/v1/discount-rules', owner, {
      discountRule: { name: 'Ten off', discounts: everyItem(10) },
    }),
  ).discountRule;
  ok(
    await call('PATCH', `/ecom/v1/discount-rules/${rule.id}`, owner, {
      discountRule: { revision: '1', name: 'Tenth' },
    }),
  );
  ok(await call('DELETE', `/ecom/v1/discount-rules/${rule.id}`, owner));
  const coupon = ok(
    await call('POST', COUPONS, owner, {
      coupon: { name: 'Spring', code: uniqueCode('S'), discount: { percentage: 5 } },
    }),
  ).coupon;
  ok(await call('PATCH', `${COUPONS}/${coupon.id}`, owner, { coupon: { revision: '1', name: 'Late spring' } }));
  ok(await call('DELETE', `${COUPONS}/${coupon.id}`, owner));

  const region = ok(
    await call('POST', '/_api/merx/v1/delivery-regions', owner, {
      deliveryRegion: { name: unique('Mexico '), destinations: [{ countryCode: 'MX' }] },
    }),
  ).deliveryRegion;
  const option = ok(
    await call('POST', '/ecom/v1/shipping-options', owner, {
      shippingOption: { title: unique('Courier '), rates: [{ amount: '5' }], deliveryRegionIds: [region.id] },
    }),
  ).shippingOption;
  ok(
    await call('PATCH', `/ecom/v1/shipping-options/${option.id}`, owner, {
      shippingOption: { revision: option.revision, title: unique('Courier+ ') },
    }),
  );
  ok(await call('DELETE', `/ecom/v1/shipping-options/${option.id}`, owner));
  ok(
    await call('PATCH', `/_api/merx/v1/delivery-regions/${region.id}`, owner, {
      deliveryRegion: { revision: region.revision, name: unique('Mexico+ ') },
    }),
  );
  ok(await call('DELETE', `/_api/merx/v1/delivery-regions/${region.id}`, owner));
  const tax = ok(
    await call('POST', '/_api/merx/v1/tax-regions', owner, {
      taxRegion: {
        country: 'MX',
        rateType: 'MANUAL_RATE',
        jurisdictions: [{ name: 'Mexico', type: 'COUNTRY', rate: '0.16' }],
      },
    }),
  ).taxRegion;
  ok(
    await call('PATCH', `/_api/merx/v1/tax-regions/${tax.id}`, owner, {
      taxRegion: { revision: tax.revision, shippingTaxable: true },
    }),
  );
  ok(await call('DELETE', `/_api/merx/v1/tax-regions/${tax.id}`, owner));
  ok(await call('PATCH', '/_api/merx/v1/tax-settings', owner, { taxSettings: { taxableAddress: 'BILLING' } }));
  ok(await call('PATCH', '/_api/merx/v1/tax-settings', owner, { taxSettings: { taxableAddress: 'SHIPPING' } }));
  const tips = ok(
    await call('POST', '/tip-settings/v1/tip-settings', owner, {
      tipSettings: { presets: [{ value: 10, default: true }] },
    }),
  ).tipSettings;
  ok(
    await call('PATCH', '/tip-settings/v1/tip-settings', owner, {
      tipSettings: { id: tips.id, revision: tips.revision, allowCustomerTip: false },
    }),
  );
  ok(await call('DELETE', `/tip-settings/v1/tip-settings/${tips.id}`, owner));
  const fee = ok(
    await call('POST', '/_api/merx/v1/additional-fees', owner, {
      additionalFee: { type: 'HANDLING_FEE', name: 'Handling', amount: '2.50', taxable: true },
    }),
  ).additionalFee;
  ok(
    await call('PATCH', `/_api/merx/v1/additional-fees/${fee.id}`, owner, {
      additionalFee: { revision: fee.revision, amount: '3' },
    }),
  );
  ok(await call('DELETE', `/_api/merx/v1/additional-fees/${fee.id}`, owner));

  ok(await call('PATCH', ORDERS_SETTINGS, owner, { ordersSettings: { abandonedCheckoutAfterMinutes: 30 } }));
  // The same values again change nothing: no event.
  ok(await call('PATCH', ORDERS_SETTINGS, owner, { ordersSettings: { abandonedCheckoutAfterMinutes: 30 } }));
  ok(
    await call('PATCH', ORDERS_SETTINGS, owner, {
      ordersSettings: { abandonedCheckoutAfterMinutes: 60, unpaidOrderTimeout: null, createInvoice: false },
    }),
  );
}

/** The demo store's standard shipping option (it delivers to New York). */
async function standardOption(): Promise<string> {
  const found = ok(await call('POST', '/ecom/v1/shipping-options/query', owner, { query: {} }))
    .shippingOptions as Array<{
    id: string;
    title: string;
  }>;
  const standard = found.find((o) => /standard/i.test(o.title)) ?? found[0];
  return standard?.id as string;
}

async function shop(productId: string, optionId: string) {
  const visitor = `Bearer ${await visitorToken(server)}`;
  const cart = ok(
    await call('POST', '/ecom/v1/carts/current/add-to-cart', visitor, {
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: productId }, quantity: 1 }],
    }),
  ).cart;
  ok(
    await call('POST', '/ecom/v1/carts/current/update-line-items-quantity', visitor, {
      lineItems: [{ id: cart.lineItems[0].id, quantity: 2 }],
    }),
  );
  const checkoutId = ok(
    await call('POST', '/ecom/v1/carts/current/create-checkout', visitor, {
      channelType: 'WEB',
      email: 'buyer@example.com',
      shippingAddress: NEW_YORK,
      selectedShippingOption: { code: optionId },
    }),
  ).checkoutId as string;
  ok(await call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, visitor, { checkout: { buyerNote: 'Ring twice' } }));
  return { visitor, checkoutId };
}

async function placeOrder(visitor: string, checkoutId: string): Promise<string> {
  return ok(
    await call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, visitor, {
      id: checkoutId,
      paymentMethod: 'offline',
    }),
  ).orderId as string;
}

describe(`event payloads (${testEngine()})`, () => {
  it('parses the payload and envelope of every event a broad journey appends', async () => {
    await server.dispatcher.drain();
    heard.length = 0;
    const product = await catalogJourney();
    await configurationJourney();
    const optionId = await standardOption();

    // A visitor's order paid and fulfilled by staff; another canceled; a third left, abandoned, then placed.
    const first = await shop(product.id, optionId);
    const orderId = await placeOrder(first.visitor, first.checkoutId);
    ok(await call('POST', `/ecom/v1/payments-collector/orders/${orderId}/mark-as-paid`, owner, {}));
    const order = ok(await call('GET', `/ecom/v1/orders/${orderId}`, owner)).order;
    ok(
      await call('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, owner, {
        fulfillment: { lineItems: [{ id: order.lineItems[0].id, quantity: 2 }] },
      }),
    );
    const second = await shop(product.id, optionId);
    const canceled = await placeOrder(second.visitor, second.checkoutId);
    ok(await call('POST', `/ecom/v1/orders/${canceled}/cancel`, owner, { restockAllItems: true }));
    const third = await shop(product.id, optionId);
    // Left two days ago: old enough to be abandoned, and to count as recovered when its order is placed.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
    await server.merx.db
      .updateTable('checkouts')
      .set({ created_date: twoDaysAgo, updated_date: twoDaysAgo })
      .where('id', '=', third.checkoutId)
      .execute();
    const marked = await server.services.abandoned.abandonment.sweep();
    expect(marked).toBeGreaterThan(0);
    await placeOrder(third.visitor, third.checkoutId);

    await server.dispatcher.drain();
    const failures: string[] = [];
    for (const event of heard) {
      const envelope = eventEnvelope.safeParse(event);
      if (!envelope.success) failures.push(`${event.type} envelope: ${envelope.error.message}`);
      const schema = (eventPayloadSchemas as Record<string, (typeof eventPayloadSchemas)[PayloadEventType]>)[
        event.type
      ];
      if (!schema) {
        failures.push(`${event.type} has no payload schema`);
        continue;
      }
      const payload = schema.safeParse(event.payload);
      if (!payload.success) failures.push(`${event.type} payload: ${JSON.stringify(payload.error.issues.slice(0, 3))}`);
      const typed = typedEventEnvelope(event.type as PayloadEventType).safeParse(event);
      if (!typed.success) failures.push(`${event.type} typed envelope: ${typed.error.message}`);
    }
    expect(failures).toEqual([]);

    // Everything the store produces was heard; what it does not produce is named in docs/events.md.
    const notProduced = ['merx.inventory.v1.inventory_changed', 'merx.webhooks.v1.test'];
    const seen = new Set<string>(heard.map((e) => e.type));
    expect(cataloguedEventTypes.filter((t) => !seen.has(t) && !notProduced.includes(t))).toEqual([]);

    // The orders settings: one event per real change, naming the key's holder and the fields changed.
    const settings = heard.filter((e) => e.type === 'wix.ecom.v1.orders_settings_updated');
    expect(settings.map((e) => e.payload.modifiedFields)).toEqual([
      ['abandonedCheckoutAfterMinutes'],
      ['abandonedCheckoutAfterMinutes', 'unpaidOrderTimeout'],
    ]);
    expect(settings[0]).toMatchObject({
      entityId: 'orders-settings',
      identity: { identityType: 'APP' },
      payload: { entity: { abandonedCheckoutAfterMinutes: 30, inventoryUpdateTrigger: 'ON_ORDER_PLACED' } },
    });
  });

  it('appends no orders-settings event when a change of them is refused', async () => {
    await server.dispatcher.drain();
    const from = heard.length;
    const before = ok(await call('GET', ORDERS_SETTINGS, owner)).ordersSettings;
    const tooSoon = await call('PATCH', ORDERS_SETTINGS, owner, {
      ordersSettings: { abandonedCheckoutAfterMinutes: 1 },
    });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.details.validationError.fieldViolations[0].field).toBe(
      'ordersSettings.abandonedCheckoutAfterMinutes',
    );
    // A shopper may not change them (401); a key that reads the catalog only neither (403).
    const visitor = `Bearer ${await visitorToken(server)}`;
    const change = { ordersSettings: { createInvoice: true } };
    expect((await call('PATCH', ORDERS_SETTINGS, visitor, change)).status).toBe(401);
    const reader = (await server.services.apiKeys.create({ name: 'Catalog reader', scopes: ['catalog:read'] })).key;
    expect((await call('PATCH', ORDERS_SETTINGS, reader, change)).status).toBe(403);
    await server.dispatcher.drain();
    expect(heard.slice(from).filter((e) => e.type === 'wix.ecom.v1.orders_settings_updated')).toEqual([]);
    expect(ok(await call('GET', ORDERS_SETTINGS, owner)).ordersSettings).toEqual(before);
  });

  it('has a payload schema for every catalogued event type, and no schema for any other', () => {
    expect(Object.keys(eventPayloadSchemas).sort()).toEqual([...cataloguedEventTypes].sort());
    for (const type of Object.keys(eventCatalogue)) {
      expect(eventPayloadSchemas[type as PayloadEventType], type).toBeDefined();
    }
  });

  it('refuses payloads of the wrong shape', () => {
    const refused: Array<[PayloadEventType, unknown]> = [
      ['wix.ecom.v1.cart_deleted', {}],
      ['wix.ecom.v1.cart_deleted', { cartId: 7 }],
      ['wix.ecom.v1.cart_created', { entity: { id: 'c1' } }],
      ['wix.ecom.v1.order_updated', { entity: { id: 'o1' }, modifiedFields: 'status' }],
      ['wix.ecom.v1.order_payment_status_updated', { order: {}, previousPaymentStatus: 'WHO_KNOWS' }],
      ['wix.ecom.v1.orders_settings_updated', { entity: { createInvoice: 'yes' }, modifiedFields: [] }],
      ['wix.ecom.v1.orders_settings_updated', { entity: DEFAULTS, modifiedFields: ['noSuchSetting'] }],
      ['wix.stores.catalog.v1.product_changed', { productId: 'p1' }],
      [
        'wix.stores.inventory.v2.inventory_variants_changed',
        { inventoryItemId: 'p1', externalId: 'p1', variants: [{}] },
      ],
      ['wix.stores.catalog.v3.product_updated', { entity: { id: 'p1' }, modifiedFields: {} }],
      ['wix.categories.v1.category_category_moved', { categoryId: 'c1', parentCategory: { id: null, index: -1 } }],
      ['merx.tax.v1.tax_settings_updated', { taxSettings: { taxableAddress: 'MOON' } }],
      ['merx.webhooks.v1.test', { endpointId: '' }],
    ];
    for (const [type, payload] of refused) {
      expect(eventPayloadSchemas[type].safeParse(payload).success, `${type} ${JSON.stringify(payload)}`).toBe(false);
    }
    // A payload with fields added later still parses; an envelope of another type's payload does not.
    const later = { entity: DEFAULTS, modifiedFields: ['createInvoice'], addedLater: true };
    expect(eventPayloadSchemas['wix.ecom.v1.orders_settings_updated'].safeParse(later).success).toBe(true);
    const envelope = {
      id: 'e1',
      type: 'wix.ecom.v1.cart_deleted',
      entityId: 'c1',
      eventTime: new Date().toISOString(),
      identity: { identityType: 'UNKNOWN' },
      payload: { cartId: 'c1' },
    };
    expect(typedEventEnvelope('wix.ecom.v1.cart_deleted').safeParse(envelope).success).toBe(true);
    expect(typedEventEnvelope('wix.ecom.v1.order_created').safeParse(envelope).success).toBe(false);
    expect(eventEnvelope.safeParse({ ...envelope, identity: { identityType: 'ROBOT' } }).success).toBe(false);
  });
});
