/**
 * Which catalog the store runs, as @wix/stores' `catalogVersioning.getCatalogVersion` asks it (issue 20): V1_CATALOG
 * until the owner sets `catalogVersion` in the store settings, which anyone may read and only the owner may change.
 */
import { startTestServer, type TestServer } from '@merx/server/testing';
import { createClient } from '@wix/sdk';
import { catalogVersioning } from '@wix/stores';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { anonymousStrategy, type RecordedRequest, rewritingFetch } from './wix-client.js';

let server: TestServer;
let realFetch: typeof fetch;
const requests: RecordedRequest[] = [];
let shop: ReturnType<typeof makeClient>;

function makeClient(fetchFn: typeof fetch) {
  return createClient({ modules: { catalogVersioning }, auth: anonymousStrategy(), fetch: fetchFn });
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  realFetch = globalThis.fetch;
  const wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  globalThis.fetch = wrapped;
  shop = makeClient(wrapped);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

/** PATCH /_api/merx/v1/store-settings with `auth`. */
async function patchStore(auth: string | undefined, store: Record<string, unknown>) {
  const res = await realFetch(`${server.baseUrl}/_api/merx/v1/store-settings`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify({ store }),
  });
  return { status: res.status, body: (await res.json()) as { store?: { catalogVersion?: string } } };
}

// The answer comes from the settings the modules read (kept in step with every change of the store settings).
it('answers V1_CATALOG until the owner switches the store to V3_CATALOG', async () => {
  expect((await shop.catalogVersioning.getCatalogVersion()).catalogVersion).toBe('V1_CATALOG');
  expect(requests.at(-1)).toMatchObject({ method: 'GET', path: '/stores/v3/provision/version', status: 200 });

  // A visitor cannot switch it; a bad value changes nothing.
  expect((await patchStore(undefined, { catalogVersion: 'V3_CATALOG' })).status).toBe(401);
  const bad = await patchStore(server.apiKey, { catalogVersion: 'V2_CATALOG' });
  expect(bad.status).toBe(400);
  expect(JSON.stringify(bad.body)).toContain('store.catalogVersion');
  expect((await shop.catalogVersioning.getCatalogVersion()).catalogVersion).toBe('V1_CATALOG');

  const switched = await patchStore(server.apiKey, { catalogVersion: 'V3_CATALOG' });
  expect(switched.status).toBe(200);
  expect(switched.body.store?.catalogVersion).toBe('V3_CATALOG');
  expect((await shop.catalogVersioning.getCatalogVersion()).catalogVersion).toBe('V3_CATALOG');
  await patchStore(server.apiKey, { catalogVersion: 'V1_CATALOG' });
  expect((await shop.catalogVersioning.getCatalogVersion()).catalogVersion).toBe('V1_CATALOG');
});
