/**
 * What the back office's Home, Customers and Abandoned checkouts pages read through the SDK: sales per local day of
 * a named time zone, a member's orders and what they spent, members found by name, the status changes a member
 * allows, and abandoned checkouts counted over local days.
 */
import { DEFAULT_VARIANT_ID, STORES_APP_ID } from '@merx/contract';
import { signInMember } from '@merx/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../auth/api-key.js';
import { createClient } from '../client.js';
import { MerxApplicationError, MerxValidationError } from '../errors.js';
import { abandonedCheckouts } from '../modules/abandoned-checkouts.js';
import { checkout } from '../modules/checkout.js';
import { members } from '../modules/members.js';
import { orders } from '../modules/orders.js';
import { products } from '../modules/products.js';
import { NEW_YORK, type SdkKit, startSdkKit, unique, usShipping } from './kit.js';

let kit: SdkKit;
let shippingCode: string;
let productId: string;

beforeAll(async () => {
  kit = await startSdkKit();
  shippingCode = await usShipping(kit);
  const { product } = await kit
    .admin({ products })
    .products.createProduct({ name: unique('Mug '), priceData: { price: 20 }, stock: { trackInventory: false } });
  productId = product.id;
});
afterAll(() => kit?.close());

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );

/** A client acting as a signed-in member (their access token in the Authorization header). */
function asMember(token: string) {
  return createClient({ baseUrl: kit.baseUrl, auth: ApiKeyStrategy({ apiKey: token }), modules: { checkout } });
}

/** An order of `quantity` $20 mugs placed by the member: its id. */
async function memberOrder(token: string, quantity: number): Promise<string> {
  const shop = asMember(token);
  const { checkout: c } = await shop.checkout.createCheckout({
    lineItems: [
      {
        catalogReference: {
          appId: STORES_APP_ID,
          catalogItemId: productId,
          options: { variantId: DEFAULT_VARIANT_ID },
        },
        quantity,
      },
    ],
    checkoutInfo: {
      buyerInfo: { email: 'member@example.com' },
      shippingInfo: {
        shippingDestination: { address: NEW_YORK },
        selectedCarrierServiceOption: { code: shippingCode },
      },
    },
  });
  return (await shop.checkout.createOrder(c.id, { paymentMethod: 'offline' })).orderId;
}

describe("a member's orders and the sales per day", () => {
  it("finds a member's orders and sums them, per local day of the store's time zone", async () => {
    const member = await signInMember(kit.server);
    const ids = [await memberOrder(member.token, 1), await memberOrder(member.token, 2)];
    const admin = kit.admin({ orders });
    const { aggregates } = await admin.orders.aggregateOrders({
      filter: { 'buyerInfo.memberId': member.id },
      timeZone: 'Pacific/Auckland',
    });
    expect(aggregates.orders).toBe(2);
    // $20 and $40 of mugs, $5 shipping each.
    expect(aggregates.sales.amount).toBe('70');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
    expect(aggregates.byDay.map((d) => d.date)).toEqual([today]);
    const found = await admin.orders.searchOrders({ filter: { 'buyerInfo.memberId': member.id } });
    expect(found.orders.map((o) => o.id).sort()).toEqual([...ids].sort());

    const bad = (await caught(admin.orders.aggregateOrders({ timeZone: 'Nowhere/Else' }))) as MerxValidationError;
    expect(bad).toBeInstanceOf(MerxValidationError);
    expect(bad.violations.map((v) => v.field)).toEqual(['timeZone']);
  });
});

describe('members for staff', () => {
  it('finds members by name, tells when they last signed in, and changes status only where it can', async () => {
    const last = unique('Zed');
    const email = `${last.toLowerCase()}@example.com`;
    await kit.server.services.identity.register(
      { loginId: { email }, password: 'correct horse 1', profile: { firstName: 'Ida', lastName: last } },
      { ip: undefined },
    );
    const admin = kit.admin({ members });
    const { identities, metadata } = await admin.members.listMembers({ search: `ida ${last}`, status: 'ACTIVE' });
    expect(metadata.total).toBe(1);
    const [found] = identities;
    expect(found?.email.address).toBe(email);
    expect(found?.lastLoginDate).toMatch(/^\d{4}-/);
    const id = found?.id as string;
    expect((await admin.members.blockMember(id)).identity.status.name).toBe('BLOCKED');
    const stale = await caught(admin.members.approveMember(id));
    expect(stale).toBeInstanceOf(MerxApplicationError);
    expect(stale).toMatchObject({ code: 'MEMBER_STATUS_TRANSITION_NOT_ALLOWED', data: { status: 'BLOCKED' } });
    expect((await admin.members.unblockMember(id)).identity.status.name).toBe('ACTIVE');
  });
});

describe('abandoned checkouts over local days', () => {
  it('answers the analytics of local days of a time zone, and names a bad one', async () => {
    const admin = kit.admin({ abandonedCheckouts });
    const analytics = await admin.abandonedCheckouts.getAbandonedCheckoutAnalytics({
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      timeZone: 'America/New_York',
    });
    expect(analytics).toMatchObject({ currency: 'USD', recoverableCheckoutCount: 0, recoveredCheckoutCount: 0 });
    const bad = (await caught(
      admin.abandonedCheckouts.getAbandonedCheckoutAnalytics({
        startDate: '2024-01-01',
        endDate: '2024-01-31',
        timeZone: 'Atlantis',
      }),
    )) as MerxValidationError;
    expect(bad.violations.map((v) => v.field)).toEqual(['timeZone']);
  });
});
