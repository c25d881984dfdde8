/**
 * A real Merx server on a random loopback port (SQLite, or PostgreSQL when MERX_TEST_DATABASE_URL is set) for the
 * SDK's integration tests: every call goes over HTTP through the SDK's own fetch.
 */
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '@merx/server/testing';
import { ApiKeyStrategy } from '../auth/api-key.js';
import { OAuthStrategy } from '../auth/oauth.js';
import { createClient } from '../client.js';
import type { ModuleFactory } from '../module.js';
import { products } from '../modules/products.js';
import { shippingOptions } from '../modules/shipping-options.js';

export const SHOP_ORIGIN = 'https://shop.example';
export const REDIRECT = `${SHOP_ORIGIN}/callback`;
export const PASSWORD = 'correct horse 1';

export interface SdkKit {
  server: TestServer;
  baseUrl: string;
  /** An OAuth client registered for the test shop. */
  clientId: string;
  /** A client with the owner's API key (elevated). */
  admin<M extends Record<string, ModuleFactory>>(
    modules: M,
  ): ReturnType<typeof createClient<ReturnType<typeof ApiKeyStrategy>, M>>;
  /** A storefront client: visitor tokens on the first call, member tokens after sign-in. */
  shop<M extends Record<string, ModuleFactory>>(
    modules: M,
  ): ReturnType<typeof createClient<ReturnType<typeof OAuthStrategy>, M>>;
  close(): Promise<void>;
}

export async function startSdkKit(): Promise<SdkKit> {
  process.env.MERX_ARGON2_FAST = '1';
  const server = await startTestServer({ listen: true });
  const client = await server.services.clients.create({
    name: 'SDK test shop',
    redirectUris: [REDIRECT],
    allowedOrigins: [SHOP_ORIGIN],
  });
  return {
    server,
    baseUrl: server.baseUrl,
    clientId: client.id,
    admin: (modules) =>
      createClient({ baseUrl: server.baseUrl, auth: ApiKeyStrategy({ apiKey: server.apiKey }), modules }),
    shop: (modules) => createClient({ baseUrl: server.baseUrl, auth: OAuthStrategy({ clientId: client.id }), modules }),
    close: () => server.close(),
  };
}

/** A unique word for this test's data. */
export const unique = (prefix = 't') => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
export const email = () => `m-${randomUUID().slice(0, 8)}@example.com`;

/** A New York address in wire names. */
export const NEW_YORK = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};

/** A $5 "Standard" shipping option delivering in the US, made through the SDK as the owner; answers its code. */
export async function usShipping(kit: SdkKit): Promise<string> {
  const admin = kit.admin({ shippingOptions });
  const { deliveryRegion } = await admin.shippingOptions.createDeliveryRegion({
    name: 'United States',
    destinations: [{ countryCode: 'US' }],
  });
  return (
    await admin.shippingOptions.createShippingOption({
      title: 'Standard',
      deliveryRegionIds: [deliveryRegion.id],
      rates: [{ amount: '5' }],
    })
  ).shippingOption.id;
}

/** A product at $20 with `quantity` units of tracked stock, made through the SDK as the owner; answers its id. */
export async function stockedProduct(kit: SdkKit, name: string, quantity: number): Promise<string> {
  const admin = kit.admin({ products });
  return (
    await admin.products.createProduct({
      name: unique(name),
      priceData: { price: 20 },
      stock: { trackInventory: true, quantity },
    })
  ).product.id;
}
