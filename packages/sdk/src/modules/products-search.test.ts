import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { scriptedFetch } from '../test-helpers.js';
import { products } from './products.js';

const noAuth = { getAuthHeaders: async () => ({ headers: {} }) };
const page = { products: [], metadata: { count: 0, offset: 0, total: 0 } };
const decoded = (url: string | undefined) =>
  JSON.parse(Buffer.from(new URL(url ?? '').searchParams.get('.r') ?? '', 'base64url').toString('utf8'));

describe('products search (Merx extension)', () => {
  it('sends `search` as {expression} beside the query, from the builder and the one-page call', async () => {
    const { fetch, sent } = scriptedFetch({ body: page });
    const client = createClient({ baseUrl: 'http://merx.test', auth: noAuth, modules: { products }, fetch });
    await client.products.queryProducts({ search: 'linen shirt' }).limit(12).find();
    expect(decoded(sent[0]?.url)).toEqual({
      query: { filter: {}, paging: { limit: 12, offset: 0 } },
      search: { expression: 'linen shirt' },
    });
    await client.products.queryProductsPage({ paging: { limit: 5, offset: 10 } }, { search: 'hoodies' });
    expect(decoded(sent[1]?.url)).toEqual({
      query: { paging: { limit: 5, offset: 10 } },
      search: { expression: 'hoodies' },
    });
  });

  it('leaves a blank search out, so the request is the public client’s', async () => {
    const { fetch, sent } = scriptedFetch({ body: page });
    const client = createClient({ baseUrl: 'http://merx.test', auth: noAuth, modules: { products }, fetch });
    await client.products.queryProducts({ search: '  ' }).find();
    expect(decoded(sent[0]?.url)).toEqual({ query: { filter: {}, paging: { limit: 50, offset: 0 } } });
  });
});
