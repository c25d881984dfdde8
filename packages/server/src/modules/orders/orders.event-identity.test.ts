import { randomUUID } from 'node:crypto';
import {
  cartEventTypes,
  checkoutEventTypes,
  couponEventTypes,
  discountRuleEventTypes,
  type EventIdentity,
  eventTypes,
  type MerxEvent,
  orderEventTypes,
  shippingEventTypes,
} from '@merx/contract';
import { testEngine } from '@merx/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../../testing.js';
import { COUPONS, everyItem } from '../discounts/discounts-test-kit.js';
import {
  type Client,
  collector,
  expectAppError,
  item,
  ORDERS,
  type PaymentsKit,
  type Shopper,
  startPaymentsKit,
} from '../payments/payments-test-kit.js';
import { FULFILLMENTS } from './orders.changes.kit.js';
import { addToCart, CART, CHECKOUTS, NEW_YORK } from './orders-test-kit.js';

/*
 * Every event the commerce modules append names who made the change (MerxEvent.identity): the visitor or member who
 * shopped, the staff member (WIX_USER) or API key (APP) who changed things in the back office, and no one (UNKNOWN)
 * for the store's own work (the abandoned-checkout sweep, the unpaid-order timer, seeding).
 */

let kit: PaymentsKit;
let staff: Client;
let staffId: string;
let app: Client;
let appId: string;
const heard: MerxEvent[] = [];
let stop: () => void;

beforeAll(async () => {
  kit = await startPaymentsKit();
  const admin = await signInStaff(kit.server, { role: 'admin' });
  staff = kit.as(admin.token);
  staffId = admin.id;
  const key = await kit.server.services.apiKeys.create({ name: 'Back office app' });
  app = kit.as(key.key);
  appId = key.id;
  stop = kit.server.dispatcher.subscribe('*', (e) => {
    heard.push(e);
  });
});
afterAll(async () => {
  stop();
  await kit.close();
});

const visitorOf = (s: Shopper): EventIdentity => ({ identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: s.id });
const memberOf = (s: Shopper): EventIdentity => ({ identityType: 'MEMBER', memberId: s.id });
const staffIdentity = (): EventIdentity => ({ identityType: 'WIX_USER', wixUserId: staffId });
const appIdentity = (): EventIdentity => ({ identityType: 'APP', appId });
const UNKNOWN: EventIdentity = { identityType: 'UNKNOWN' };

/** The events delivered so far about `entityId` (of `type` when given), in commit order. */
async function eventsAbout(entityId: string, type?: string): Promise<MerxEvent[]> {
  await kit.server.dispatcher.drain();
  return heard.filter((e) => e.entityId === entityId && (type === undefined || e.type === type));
}

/** Who the events of `type` about `entityId` name, one entry per event. */
async function namedBy(type: string, entityId: string): Promise<EventIdentity[]> {
  const found = await eventsAbout(entityId, type);
  expect(found.length, `${type} about ${entityId} was delivered`).toBeGreaterThan(0);
  return found.map((e) => e.identity);
}

/** The outbox's `actor` column of the events of `type` about `entityId` (null when they name no one). */
async function storedActors(type: string, entityId: string): Promise<Array<string | null>> {
  const rows = await kit.server.merx.db
    .selectFrom('outbox')
    .select('actor')
    .where('type', '=', type)
    .where('entity_id', '=', entityId)
    .execute();
  return rows.map((r) => r.actor);
}

/** How many events the outbox holds. */
async function outboxSize(): Promise<number> {
  const row = await kit.server.merx.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * `shopper` fills a cart, changes it, makes a checkout of it, changes the checkout and places an order paid later
 * (offline, so that staff can mark it paid); answers the ids of everything it touched.
 */
async function shop(shopper: Shopper) {
  const product = await kit.stocked(10, 20);
  const cart = await addToCart(shopper, item(product.id, 1));
  const updated = await shopper.post(`${CART}/update-line-items-quantity`, {
    lineItems: [{ id: cart.lineItems[0].id, quantity: 2 }],
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  const made = await shopper.post(`${CART}/create-checkout`, {
    channelType: 'WEB',
    email: 'buyer@example.com',
    shippingAddress: NEW_YORK,
    selectedShippingOption: { code: kit.store.standard.id },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const checkoutId = made.body.checkoutId as string;
  const noted = await shopper.patch(`${CHECKOUTS}/${checkoutId}`, { checkout: { buyerNote: 'Ring twice' } });
  expect(noted.status, JSON.stringify(noted.body)).toBe(200);
  const placed = await kit.placeOrder(shopper, checkoutId, { paymentMethod: 'offline' });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return { productId: product.id, cartId: cart.id as string, checkoutId, orderId: placed.body.orderId as string };
}

describe(`events name who made the change (${testEngine()})`, () => {
  it('names the anonymous visitor in every event of their cart, checkout and order', async () => {
    const visitor = await kit.newVisitor();
    const ids = await shop(visitor);
    const me = visitorOf(visitor);
    expect(await namedBy(cartEventTypes.created, ids.cartId)).toEqual([me]);
    expect(await namedBy(cartEventTypes.updated, ids.cartId)).toEqual([me]);
    // Placing the order deletes the cart: the visitor did that too.
    expect(await namedBy(cartEventTypes.deleted, ids.cartId)).toEqual([me]);
    expect(await namedBy(checkoutEventTypes.created, ids.checkoutId)).toEqual([me]);
    expect(await namedBy(checkoutEventTypes.updated, ids.checkoutId)).toEqual([me]);
    expect(await namedBy(checkoutEventTypes.completed, ids.checkoutId)).toEqual([me]);
    expect(await namedBy(orderEventTypes.created, ids.orderId)).toEqual([me]);
    expect(await namedBy(eventTypes.inventoryVariantsChanged, ids.productId)).toEqual([me]);
    // Every event about the order, whatever its type, names the visitor; the outbox keeps it as JSON.
    for (const e of await eventsAbout(ids.orderId)) expect(e.identity, e.type).toEqual(me);
    expect((await storedActors(orderEventTypes.created, ids.orderId)).map((a) => JSON.parse(a ?? 'null'))).toEqual([
      me,
    ]);
  });

  it('names the member in the events of their order and of their payment', async () => {
    const member = await kit.newMember();
    const product = await kit.stocked(5, 30);
    const checkoutId = await kit.readyCheckout(member, [item(product.id, 1)]);
    const placed = await kit.placeOrder(member, checkoutId);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.orderId as string;
    const paid = await kit.pay(member, orderId);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const me = memberOf(member);
    expect(await namedBy(checkoutEventTypes.completed, checkoutId)).toEqual([me]);
    expect(await namedBy(orderEventTypes.created, orderId)).toEqual([me]);
    expect(await namedBy(orderEventTypes.paymentStatusUpdated, orderId)).toEqual([me]);
    expect(await namedBy(orderEventTypes.approved, orderId)).toEqual([me]);
  });

  it("names the member when signing in moves the visitor's cart into theirs", async () => {
    const visitor = await kit.newVisitor();
    const member = await kit.newMember();
    const product = await kit.stocked(5);
    const visitorCart = await addToCart(visitor, item(product.id, 1));
    const merged = await kit.server.services.cart.mergeVisitorCart(kit.server.merx.db, visitor.id, member.id);
    const cartId = merged.cartId as string;
    expect(await namedBy(cartEventTypes.deleted, visitorCart.id)).toEqual([memberOf(member)]);
    expect(await namedBy(cartEventTypes.created, cartId)).toEqual([memberOf(member)]);
  });

  it('names the staff member (WIX_USER) who tags, fulfills, comments on and marks an order paid', async () => {
    const visitor = await kit.newVisitor();
    const { orderId } = await shop(visitor);
    const order = await kit.orderOf(orderId);
    const before = (await eventsAbout(orderId)).length;

    const tagged = await staff.post('/ecom/v1/bulk/orders/update-tags', {
      orderIds: [orderId],
      assignTags: { tags: { tagIds: ['gift'] } },
    });
    expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
    expect(tagged.body.bulkActionMetadata.totalSuccesses).toBe(1);
    const commented = await staff.post(`${ORDERS}/${orderId}/activities/add`, {
      orderActivities: [{ merchantComment: { message: 'Wrapped in red paper' } }],
    });
    expect(commented.status, JSON.stringify(commented.body)).toBe(200);
    const fulfilled = await staff.post(`${FULFILLMENTS}/orders/${orderId}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: order.lineItems[0].id, quantity: 2 }] },
    });
    expect(fulfilled.status, JSON.stringify(fulfilled.body)).toBe(200);
    const paid = await staff.post(collector(orderId, 'mark-as-paid'), {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const after = (await eventsAbout(orderId)).slice(before);
    expect(after.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        orderEventTypes.updated,
        orderEventTypes.fulfillmentsUpdated,
        orderEventTypes.paymentStatusUpdated,
      ]),
    );
    for (const e of after) expect(e.identity, e.type).toEqual(staffIdentity());
    // The order itself was placed by the visitor, and still says so.
    expect(await namedBy(orderEventTypes.created, orderId)).toEqual([visitorOf(visitor)]);
  });

  it('names the staff member who places an order in the back office, in the events of its checkout too', async () => {
    const product = await kit.stocked(5);
    const res = await staff.post(ORDERS, {
      order: {
        lineItems: [item(product.id, 1)],
        buyerInfo: { email: 'phone@example.com' },
        shippingInfo: { code: kit.store.standard.id, shippingDestination: { address: NEW_YORK } },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = res.body.order;
    expect(await namedBy(orderEventTypes.created, order.id)).toEqual([staffIdentity()]);
    expect(await namedBy(checkoutEventTypes.created, order.checkoutId)).toEqual([staffIdentity()]);
    expect(await namedBy(checkoutEventTypes.completed, order.checkoutId)).toEqual([staffIdentity()]);
  });

  it('names the API key (APP) that cancels an order, and the staff member who refunds one', async () => {
    const visitor = await kit.newVisitor();
    const { orderId, productId } = await shop(visitor);
    const before = (await eventsAbout(orderId)).length;
    const canceled = await app.post(`${ORDERS}/${orderId}/cancel`, { restockAllItems: true });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const after = (await eventsAbout(orderId)).slice(before);
    expect(after.map((e) => e.type)).toContain(orderEventTypes.canceled);
    for (const e of after) expect(e.identity, e.type).toEqual(appIdentity());
    // The stock given back is the key's doing too.
    expect((await namedBy(eventTypes.inventoryVariantsChanged, productId)).at(-1)).toEqual(appIdentity());

    // Paid by card by the visitor, refunded by staff.
    const paidOrder = await kit.order((await kit.stocked(4)).id);
    expect((await kit.pay(paidOrder.shopper, paidOrder.orderId)).status).toBe(200);
    expect(await namedBy(orderEventTypes.paymentStatusUpdated, paidOrder.orderId)).toEqual([
      visitorOf(paidOrder.shopper),
    ]);
    const seen = (await eventsAbout(paidOrder.orderId)).length;
    const refunded = await staff.post(collector(paidOrder.orderId, 'trigger-refund'), {
      details: { reason: 'Arrived late' },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.order.paymentStatus).toBe('FULLY_REFUNDED');
    const events = (await eventsAbout(paidOrder.orderId)).slice(seen);
    expect(events.map((e) => e.type)).toContain(orderEventTypes.paymentStatusUpdated);
    for (const e of events) expect(e.identity, e.type).toEqual(staffIdentity());
  });

  it('names the API key or staff member who creates and changes discount rules and coupons', async () => {
    const rule = await app.post('/ecom/v1/discount-rules', {
      discountRule: {
        name: 'Ten off',
        discounts: everyItem(10),
      },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const ruleId = rule.body.discountRule.id as string;
    const renamed = await staff.patch(`/ecom/v1/discount-rules/${ruleId}`, {
      discountRule: { revision: '1', name: 'Ten percent off' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await namedBy(discountRuleEventTypes.created, ruleId)).toEqual([appIdentity()]);
    expect(await namedBy(discountRuleEventTypes.updated, ruleId)).toEqual([staffIdentity()]);
    expect((await staff.delete(`/ecom/v1/discount-rules/${ruleId}`)).status).toBe(200);
    expect(await namedBy(discountRuleEventTypes.deleted, ruleId)).toEqual([staffIdentity()]);

    const coupon = await staff.post(COUPONS, {
      coupon: { name: 'Spring', code: `SPRING${randomUUID().slice(0, 8)}`, discount: { percentage: 5 } },
    });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
    expect(await namedBy(couponEventTypes.created, coupon.body.coupon.id)).toEqual([staffIdentity()]);
  });

  it('names the staff member or API key who changes shipping options, delivery regions and tax regions', async () => {
    const option = await staff.patch(`/ecom/v1/shipping-options/${kit.store.express.id}`, {
      shippingOption: { revision: (await currentRevision(kit.store.express.id)) as string, title: 'Express+' },
    });
    expect(option.status, JSON.stringify(option.body)).toBe(200);
    expect((await namedBy(shippingEventTypes.shippingOptionUpdated, kit.store.express.id)).at(-1)).toEqual(
      staffIdentity(),
    );
    const region = await app.post('/_api/merx/v1/delivery-regions', {
      deliveryRegion: { name: 'Mexico', destinations: [{ countryCode: 'MX' }] },
    });
    expect(region.status, JSON.stringify(region.body)).toBe(200);
    expect(await namedBy(shippingEventTypes.deliveryRegionCreated, region.body.deliveryRegion.id)).toEqual([
      appIdentity(),
    ]);
    const tax = await staff.post('/_api/merx/v1/tax-regions', {
      taxRegion: {
        country: 'MX',
        rateType: 'MANUAL_RATE',
        jurisdictions: [{ name: 'Mexico', type: 'COUNTRY', rate: '0.16' }],
      },
    });
    expect(tax.status, JSON.stringify(tax.body)).toBe(200);
    expect(await namedBy(shippingEventTypes.taxRegionCreated, tax.body.taxRegion.id)).toEqual([staffIdentity()]);
    // The kit made the store's first options through the owner key (before anyone listened): the outbox names it.
    const made = await storedActors(shippingEventTypes.shippingOptionCreated, kit.store.standard.id);
    expect(made).toHaveLength(1);
    expect(JSON.parse(made[0] ?? 'null')).toMatchObject({ identityType: 'APP', appId: expect.any(String) });
  });

  it("names no one (UNKNOWN) for the store's own work: seeding by services and the unpaid-order timer", async () => {
    const seeded = await kit.server.services.shipping.deliveryRegions.create({
      name: 'Seeded',
      destinations: [{ countryCode: 'FR' }],
    });
    expect(await namedBy(shippingEventTypes.deliveryRegionCreated, seeded.id)).toEqual([UNKNOWN]);
    expect(await storedActors(shippingEventTypes.deliveryRegionCreated, seeded.id)).toEqual([null]);

    // An order paid online and left unpaid past the store's timeout (an hour): the timer cancels it.
    const product = await kit.stocked(3);
    const { orderId } = await kit.order(product.id);
    const past = new Date(Date.now() - 2 * 3600_000).toISOString();
    await kit.server.merx.db.updateTable('orders').set({ created_date: past }).where('id', '=', orderId).execute();
    await kit.server.services.orderTimers.sweep();
    expect(await namedBy(orderEventTypes.canceled, orderId)).toEqual([UNKNOWN]);
    expect(await storedActors(orderEventTypes.canceled, orderId)).toEqual([null]);
  });

  it('names no one (UNKNOWN) for checkouts the abandoned-checkout sweep marks', async () => {
    const member = await kit.newMember();
    const product = await kit.stocked(3);
    const checkoutId = await kit.readyCheckout(member, [item(product.id, 1)]);
    const marked = await kit.server.services.abandoned.abandonment.sweep(new Date(Date.now() + 3 * 24 * 3600_000));
    expect(marked).toBeGreaterThan(0);
    await kit.server.dispatcher.drain();
    const created = heard.filter(
      (e) =>
        e.type === orderEventTypes.abandonedCheckoutCreated &&
        (e.payload as { entity?: { checkoutId?: string } }).entity?.checkoutId === checkoutId,
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.identity).toEqual(UNKNOWN);
    // The member who made the checkout still named its own events.
    expect(await namedBy(checkoutEventTypes.created, checkoutId)).toEqual([memberOf(member)]);
  });

  it('appends no event, naming anyone, when a change is refused', async () => {
    const visitor = await kit.newVisitor();
    const { orderId } = await shop(visitor);
    const size = await outboxSize();
    // A shopper may not tag or fulfill orders (not signed in as staff: 401), a member neither (403).
    const tags = { orderIds: [orderId], assignTags: { tags: { tagIds: ['mine'] } } };
    expectAppError(await visitor.post('/ecom/v1/bulk/orders/update-tags', tags), 401, 'UNAUTHENTICATED');
    const member = await kit.newMember();
    expectAppError(await member.post('/ecom/v1/bulk/orders/update-tags', tags), 403, 'PERMISSION_DENIED');
    const fulfillment = { fulfillment: { lineItems: [{ id: 'no-such-line', quantity: 1 }] } };
    const url = `${FULFILLMENTS}/orders/${orderId}/create-fulfillment`;
    expectAppError(await visitor.post(url, fulfillment), 401, 'UNAUTHENTICATED');
    // Staff may, but not a line the order does not have.
    expect((await staff.post(url, fulfillment)).status).toBe(400);
    expect(await outboxSize()).toBe(size);
    // A stale revision changes no discount rule; a visitor without a cart changes none.
    const rule = await app.post('/ecom/v1/discount-rules', { discountRule: { name: 'Stale', discounts: everyItem() } });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const sized = await outboxSize();
    const stale = await staff.patch(`/ecom/v1/discount-rules/${rule.body.discountRule.id}`, {
      discountRule: { revision: '7', name: 'Too late' },
    });
    expectAppError(stale, 400, 'CONCURRENT_MODIFICATION');
    expectAppError(await (await kit.newVisitor()).post(`${CART}/remove-coupon`, {}), 404, 'OWNED_CART_NOT_FOUND');
    expect(await outboxSize()).toBe(sized);
  });
});

/** The stored revision of a shipping option, as its update wants it. */
async function currentRevision(id: string): Promise<string> {
  const res = await kit.owner.get(`/ecom/v1/shipping-options/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.shippingOption.revision as string;
}
