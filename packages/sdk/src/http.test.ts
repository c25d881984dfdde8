import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from './auth/api-key.js';
import { createClient } from './client.js';
import { GET_FALLBACK_THRESHOLD } from './encoding.js';
import { MerxClientError, MerxSystemError } from './errors.js';
import { createTransport } from './http.js';
import { collections } from './modules/collections.js';
import { products } from './modules/products.js';
import { scriptedFetch } from './test-helpers.js';

const noAuth = { getAuthHeaders: async () => ({ headers: {} }) };
const page = { products: [], metadata: { count: 0, offset: 0, total: 0 } };

/** The `.r` query string of a payload padded with a string of `pad` characters. */
function queryLength(pad: number): number {
  const payload = { query: { filter: { name: 'x'.repeat(pad) }, paging: { limit: 50, offset: 0 } } };
  return `.r=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`.length;
}

describe('the GET → POST switch at 4000 characters', () => {
  it('sends a query as GET ?.r=<base64url JSON> while its query string is at most 4000 characters', async () => {
    // Find the longest filter whose query string is exactly at the threshold or just under it.
    let pad = 0;
    while (queryLength(pad + 1) <= GET_FALLBACK_THRESHOLD) pad++;
    expect(queryLength(pad)).toBeLessThanOrEqual(4000);
    const { fetch, sent } = scriptedFetch({ body: page });
    const client = createClient({ baseUrl: 'http://merx.test/', auth: noAuth, modules: { products }, fetch });
    await client.products.queryProducts().eq('name', 'x'.repeat(pad)).find();
    expect(sent[0]?.method).toBe('GET');
    const url = new URL(sent[0]?.url ?? '');
    expect(url.pathname).toBe('/stores-reader/v1/products/query-platformized');
    expect(url.search.length - 1).toBe(queryLength(pad));
    const decoded = JSON.parse(Buffer.from(url.searchParams.get('.r') ?? '', 'base64url').toString('utf8'));
    expect(decoded).toEqual({ query: { filter: { name: 'x'.repeat(pad) }, paging: { limit: 50, offset: 0 } } });
    expect(sent[0]?.headers['content-type']).toBeUndefined();
  });

  it('switches to POST to the same path with the payload as JSON past 4000 characters', async () => {
    let pad = 0;
    while (queryLength(pad) <= GET_FALLBACK_THRESHOLD) pad++;
    const { fetch, sent } = scriptedFetch({ body: { collections: [], metadata: { count: 0, offset: 0, total: 0 } } });
    const client = createClient({ baseUrl: 'http://merx.test', auth: noAuth, modules: { collections }, fetch });
    await client.collections.queryCollections().eq('name', 'x'.repeat(pad)).find();
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('http://merx.test/v2/collections/query');
    expect(sent[0]?.headers['content-type']).toBe('application/json');
    expect(sent[0]?.body).toEqual({ query: { filter: { name: 'x'.repeat(pad) }, paging: { limit: 50, offset: 0 } } });
  });
});

describe('requests', () => {
  it('sends plain GET parameters, the auth headers, and per-call headers and idempotency keys', async () => {
    const { fetch, sent } = scriptedFetch({ body: { product: {} } });
    const client = createClient({
      baseUrl: 'http://merx.test',
      auth: ApiKeyStrategy({ apiKey: 'mk_test' }),
      modules: { products },
      fetch,
    });
    await client.products.getProduct(
      'p 1',
      { includeMerchantSpecificData: true },
      { idempotencyKey: 'k1', headers: { 'x-trace': 't' } },
    );
    expect(sent[0]?.url).toBe('http://merx.test/stores-reader/v1/products/p%201?includeMerchantSpecificData=true');
    expect(sent[0]?.headers).toMatchObject({ authorization: 'mk_test', 'idempotency-key': 'k1', 'x-trace': 't' });
    await client.products.removeBrand('p1');
    expect(sent[1]).toMatchObject({ method: 'POST', body: {}, headers: { 'content-type': 'application/json' } });
  });

  it('refuses an elevated-only call from a non-elevated client before any request', async () => {
    const { fetch, sent } = scriptedFetch({ body: {} });
    const client = createClient({ baseUrl: 'http://merx.test', auth: noAuth, modules: { products }, fetch });
    const error = await client.products.createProduct({ name: 'Hat' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerxClientError);
    expect(error).toMatchObject({
      code: 'ELEVATED_CLIENT_REQUIRED',
      message: expect.stringContaining('products.createProduct needs an elevated client'),
      request: { method: 'POST', path: '/stores/v1/products', args: [{ name: 'Hat' }] },
    });
    expect(sent).toHaveLength(0);
  });

  it('treats any status but 200 as an error, and a network failure as a system error carrying the arguments', async () => {
    const created = scriptedFetch({ status: 201, statusText: 'Created', body: { product: {} } });
    const t1 = createTransport({ baseUrl: 'http://merx.test', auth: noAuth, fetch: created.fetch });
    await expect(t1.call({ method: 'GET', path: '/x', args: [], name: 'x.y' })).rejects.toMatchObject({ status: 201 });
    const down = scriptedFetch(new TypeError('fetch failed'));
    const t2 = createTransport({ baseUrl: 'http://merx.test', auth: noAuth, fetch: down.fetch });
    const error = await t2
      .call({ method: 'POST', path: '/x', body: { a: 1 }, args: ['arg'], name: 'x.y' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MerxSystemError);
    expect(error).toMatchObject({ message: 'System error occurred', request: { args: ['arg'] } });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });
});
