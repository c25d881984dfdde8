import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const write = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  server.app.inject({ method, url, headers: { authorization: server.apiKey }, ...(payload ? { payload } : {}) });

async function total(limit = 1): Promise<number> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/stores-reader/v1/products/query-platformized',
    payload: { query: { filter: { 'priceData.price': { $gt: 10 } }, paging: { limit } } },
  });
  return res.json().metadata.total;
}

describe('totals of product lists', () => {
  it('stay exact across creates, updates, hides, deletes and collection changes', async () => {
    const ids: string[] = [];
    for (const price of [20, 30, 5]) {
      ids.push(
        (await write('POST', '/stores/v1/products', { product: { name: `Mug ${price}`, priceData: { price } } })).json()
          .product.id,
      );
    }
    expect(await total()).toBe(2);
    expect(await total()).toBe(2);
    await write('PATCH', `/stores/v1/products/${ids[2]}`, { product: { priceData: { price: 15 } } });
    expect(await total()).toBe(3);
    await write('PATCH', `/stores/v1/products/${ids[0]}`, { product: { visible: false } });
    expect(await total()).toBe(2);
    await write('DELETE', `/stores/v1/products/${ids[1]}`);
    expect(await total()).toBe(1);
  });

  it('count again when the statement differs, e.g. for hidden products an API key sees', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/stores-reader/v1/products/query-platformized',
      headers: { authorization: server.apiKey },
      payload: { query: { filter: { 'priceData.price': { $gt: 10 } }, paging: { limit: 1 } } },
    });
    expect(res.json().metadata.total).toBe(2);
  });

  it('follow collection membership', async () => {
    const collection = (await write('POST', '/stores/v1/collections', { collection: { name: 'Totals' } })).json()
      .collection;
    const product = (
      await write('POST', '/stores/v1/products', { product: { name: 'Bowl', priceData: { price: 40 } } })
    ).json().product;
    const inCollection = async () =>
      (
        await server.app.inject({
          method: 'POST',
          url: '/stores-reader/v1/products/query-platformized',
          payload: { query: { filter: { collectionIds: { $hasSome: [collection.id] } }, paging: { limit: 0 } } },
        })
      ).json().metadata.total;
    expect(await inCollection()).toBe(0);
    await write('POST', `/stores/v1/collections/${collection.id}/productIds`, { productIds: [product.id] });
    expect(await inCollection()).toBe(1);
    await write('POST', `/stores/v1/collections/${collection.id}/productIds/delete`, { productIds: [product.id] });
    expect(await inCollection()).toBe(0);
  });
});
