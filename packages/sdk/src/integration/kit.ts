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
