import { expect } from 'vitest';
import type { TestServerOptions } from '../../testing.js';
import { type CartKit, type Client, type Res, startCartKit } from '../cart/cart-test-kit.js';

export {
  addToCart,
  CART,
  expectAppError,
  expectViolation,
  item,
  type Shopper,
  STORES_APP_ID,
  unique,
} from '../cart/cart-test-kit.js';
export type { Client, Res };

export const CHECKOUTS = '/ecom/v1/checkouts';

/** A New York address in wire names. */
export const NEW_YORK = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};

/** The store's shipping and tax set-up every checkout test shares. */
export interface Store {
  /** $5, delivers in the US, with two delivery slots. */
  standard: { id: string; slots: Array<{ from: string; to: string }> };
  /** $15, delivers in the US. */
  express: { id: string };
  /** $8, delivers in Canada only. */
  canada: { id: string };
  /** Free pickup at the shop, for US buyers. */
  pickup: { id: string };
}

export interface CheckoutKit extends CartKit {
  store: Store;
  /** An API key holding `checkouts:read` only. */
  checkoutReader: Client;
  /** An API key holding `checkouts:write` and `checkouts:read`. */
  checkoutWriter: Client;
  /** Rows of the checkout tables and the outbox. */
  checkoutRows(): Promise<Record<'checkouts' | 'lines' | 'outbox', number>>;
  /** Creates something through the owner's API key and answers `body[key]`. */
  created(url: string, key: string, body: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/**
 * A checkout API test server: callers of every kind, US shipping options, NY tax at 8 % (shipping untaxed), tips of
 * 10/15/20 % (no custom amounts).
 */
export async function startCheckoutKit(options?: TestServerOptions): Promise<CheckoutKit> {
  const kit = await startCartKit(options);
  const { services, merx } = kit.server;

  async function created(url: string, key: string, body: Record<string, unknown>) {
    const res = await kit.owner.post(url, { [key]: body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body[key];
  }

  const us = await created('/_api/merx/v1/delivery-regions', 'deliveryRegion', {
    name: 'United States',
    destinations: [{ countryCode: 'US' }],
  });
  const ca = await created('/_api/merx/v1/delivery-regions', 'deliveryRegion', {
    name: 'Canada',
    destinations: [{ countryCode: 'CA' }],
  });
  const slots = [
    { from: '2030-01-02T09:00:00.000Z', to: '2030-01-02T12:00:00.000Z' },
    { from: '2030-01-02T13:00:00.000Z', to: '2030-01-02T17:00:00.000Z' },
  ];
  const standard = await created('/ecom/v1/shipping-options', 'shippingOption', {
    title: 'Standard',
    deliveryRegionIds: [us.id],
    rates: [{ amount: '5' }],
    deliveryTimeSlots: slots,
  });
  const express = await created('/ecom/v1/shipping-options', 'shippingOption', {
    title: 'Express',
    deliveryRegionIds: [us.id],
    rates: [{ amount: '15' }],
  });
  const canada = await created('/ecom/v1/shipping-options', 'shippingOption', {
    title: 'Canada Post',
    deliveryRegionIds: [ca.id],
    rates: [{ amount: '8' }],
  });
  const pickup = await created('/ecom/v1/shipping-options', 'shippingOption', {
    title: 'Pickup',
    deliveryRegionIds: [us.id],
    rates: [{ amount: '0' }],
    pickupDetails: {
      pickupMethod: 'STORE_PICKUP',
      address: { country: 'US', city: 'Albany', addressLine: '2 Shop St' },
    },
  });
  await created('/_api/merx/v1/tax-regions', 'taxRegion', {
    country: 'US',
    subdivision: 'NY',
    rateType: 'MANUAL_RATE',
    jurisdictions: [{ name: 'New York', type: 'STATE', rate: '0.08' }],
    shippingTaxable: false,
  });
  const tips = await kit.owner.post('/tip-settings/v1/tip-settings/create-default', {
    tipSettings: {
      tipType: 'PERCENTAGE',
      presets: [{ value: 10 }, { value: 15, default: true }, { value: 20 }],
      allowCustomAmount: false,
    },
  });
  expect(tips.status, JSON.stringify(tips.body)).toBe(200);

  const count = async (table: 'checkouts' | 'checkout_lines' | 'outbox') =>
    Number(
      (
        await merx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const key = async (scopes: string[]) => kit.as((await services.apiKeys.create({ name: 'Checkouts', scopes })).key);

  return {
    ...kit,
    store: {
      standard: { id: standard.id as string, slots },
      express: { id: express.id as string },
      canada: { id: canada.id as string },
      pickup: { id: pickup.id as string },
    },
    checkoutReader: await key(['checkouts:read']),
    checkoutWriter: await key(['checkouts:read', 'checkouts:write']),
    created,
    async checkoutRows() {
      return {
        checkouts: await count('checkouts'),
        lines: await count('checkout_lines'),
        outbox: await count('outbox'),
      };
    },
  };
}

/** Runs `fn` and asserts that no checkout row, line or event was written meanwhile. */
export async function expectNoCheckoutWrites(kit: CheckoutKit, fn: () => Promise<void>): Promise<void> {
  const before = await kit.checkoutRows();
  await fn();
  expect(await kit.checkoutRows()).toEqual(before);
}

/** Creates a checkout from line items as `client` and returns it. */
export async function createCheckout(client: Client, body: Record<string, unknown>): Promise<Res['body']> {
  const res = await client.post(CHECKOUTS, { channelType: 'WEB', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkout;
}
