/**
 * Related products through the public `@wix/ecom` `recommendations` module: a storefront asks for recommendations
 * with Wix Stores' algorithm ids, as the open-source storefronts built on the package do, and gets product ids of
 * Merx's catalog, from orders placed through `@wix/ecom` itself and from collections.
 */
import { recommendationAlgorithmIds as ids, STORES_APP_ID } from '@merx/contract';
import { MerxApplicationError, createClient as merxClient, recommendations as merxRecommendations } from '@merx/sdk';
import { startTestServer, type TestServer } from '@merx/server/testing';
import { checkout, currentCart, orders, recommendations } from '@wix/ecom';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecordedRequest, rewritingFetch, sdkError } from './wix-client.js';

let server: TestServer;
let clientId: string;
let wrapped: typeof fetch;
const requests: RecordedRequest[] = [];
const realFetch = globalThis.fetch;
let standardId: string;
const p: Record<'lamp' | 'shade' | 'bulb' | 'vase' | 'rug' | 'hidden', string> = {
  lamp: '',
  shade: '',
  bulb: '',
  vase: '',
  rug: '',
  hidden: '',
};

const shop = () =>
  createClient({
    modules: { currentCart, checkout, recommendations },
    auth: OAuthStrategy({ clientId }),
    fetch: wrapped,
  });
const admin = () =>
  createClient({
    modules: { orders },
    auth: ApiKeyStrategy({ apiKey: server.apiKey, siteId: 'test-site' }),
    fetch: wrapped,
  });
const algo = (_id: string) => ({ _id, appId: STORES_APP_ID });
const items = (...productIds: string[]) => productIds.map((catalogItemId) => ({ appId: STORES_APP_ID, catalogItemId }));
const idsOf = (r: { recommendation?: { items?: Array<{ catalogItemId?: string }> } }) =>
  (r.recommendation?.items ?? []).map((i) => i.catalogItemId);

/** A visitor's purchase through @wix/ecom: cart, checkout, address and shipping, order. Answers the order id. */
async function purchase(lines: Array<[string, number]>): Promise<string> {
  const client = shop();
  await client.currentCart.addToCurrentCart({
    lineItems: lines.map(([catalogItemId, quantity]) => ({
      catalogReference: { appId: STORES_APP_ID, catalogItemId },
      quantity,
    })),
  });
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
  const id = checkoutId as string;
  await client.checkout.updateCheckout(id, {
    buyerInfo: { email: 'kim@example.com' },
    shippingInfo: {
      shippingDestination: {
        address: {
          country: 'US',
          subdivision: 'US-CA',
          city: 'Oakland',
          addressLine1: '5 Elm St',
          postalCode: '94601',
        },
        contactDetails: { firstName: 'Kim', lastName: 'Park' },
      },
      selectedCarrierServiceOption: { code: standardId },
    },
  });
  return (await client.checkout.createOrder(id)).orderId as string;
}

/** The merchant's mark-as-paid (Merx's payments collector; the typed @wix/ecom orders module does not carry it). */
async function markPaid(orderId: string): Promise<void> {
  const res = await realFetch(`${server.baseUrl}/ecom/v1/payments-collector/orders/${orderId}/mark-as-paid`, {
    method: 'POST',
    headers: { authorization: server.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ ecomOrderId: orderId }),
  });
  expect(res.status, await res.text()).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  wrapped = rewritingFetch(server.baseUrl, realFetch, requests);
  globalThis.fetch = wrapped;
  const { services } = server;
  clientId = (await services.clients.create({ name: 'Compat shop', redirectUris: ['https://shop.example/callback'] }))
    .id;
  for (const name of Object.keys(p) as Array<keyof typeof p>) {
    p[name] = (await services.products.create({ name, priceData: { price: 10 } })).id as string;
  }
  const home = await services.collections.create({ name: 'Home' });
  await services.collections.addProducts(home.id as string, [p.lamp, p.vase, p.rug, p.hidden]);
  const region = await services.shipping.deliveryRegions.create({ name: 'US', destinations: [{ countryCode: 'US' }] });
  standardId = (
    await services.shipping.shippingOptions.create({
      title: 'Standard',
      deliveryRegionIds: [region.id],
      rates: [{ amount: '5' }],
    })
  ).id;

  await purchase([
    [p.lamp, 1],
    [p.shade, 1],
  ]);
  await purchase([
    [p.lamp, 1],
    [p.shade, 1],
    [p.bulb, 2],
  ]);
  // Paid (the merchant marks them, as for an offline payment): the best sellers are the rug (7 units), then the vase.
  await markPaid(await purchase([[p.rug, 7]]));
  await markPaid(
    await purchase([
      [p.vase, 3],
      [p.hidden, 20],
    ]),
  );
  // Canceled: counts for nothing.
  await admin().orders.cancelOrder(await purchase([[p.bulb, 50]]), {});
  await services.products.update(p.hidden, { visible: false });
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

describe('recommendations.getRecommendation through @wix/ecom', () => {
  it('sends POST /v1/recommendations/get and reads the bought-together items and the algorithm', async () => {
    const mark = requests.length;
    const result = await shop().recommendations.getRecommendation([algo(ids.boughtTogether)], {
      items: items(p.lamp),
    });
    const sent = requests.slice(mark).find((r) => r.path === '/v1/recommendations/get');
    expect(sent?.method).toBe('POST');
    expect(sent?.sdkUrl.startsWith('https://edge.wixapis.com/')).toBe(true);
    expect(sent?.body).toEqual({
      algorithms: [{ id: ids.boughtTogether, appId: STORES_APP_ID }],
      items: [{ appId: STORES_APP_ID, catalogItemId: p.lamp }],
    });
    expect(idsOf(result)).toEqual([p.shade, p.bulb]);
    expect(result.recommendation?.items?.[0]?.appId).toBe(STORES_APP_ID);
    // The SDK renames the algorithm's `id` to `_id`.
    expect(result.recommendation?.algorithm).toEqual({ _id: ids.boughtTogether, appId: STORES_APP_ID });
  });

  it('falls through the algorithms a storefront lists until one finds the minimum', async () => {
    // The list of the Wix storefront templates: viewed together, best sellers, same categories.
    const list = [algo(ids.viewedTogether), algo(ids.bestSellers), algo(ids.sameCollections)];
    const related = await shop().recommendations.getRecommendation(list, {
      items: items(p.vase),
      minimumRecommendedItems: 1,
    });
    // The vase was bought with the hidden product only; of the paid orders' products, the rug is left.
    expect(related.recommendation?.algorithm?._id).toBe(ids.bestSellers);
    expect(idsOf(related)).toEqual([p.rug]);
    // With their minimum of 3 nobody finds enough here (same collections: lamp and rug).
    const three = await shop().recommendations.getRecommendation(list, {
      items: items(p.vase),
      minimumRecommendedItems: 3,
    });
    expect(three.recommendation?.items).toEqual([]);

    const sameHome = await shop().recommendations.getRecommendation([algo(ids.sameCollections)], {
      items: items(p.lamp),
      minimumRecommendedItems: 2,
    });
    expect(idsOf(sameHome)).toEqual([p.vase, p.rug]);

    const none = await shop().recommendations.getRecommendation([algo(ids.sameCollections)], {
      items: items(p.lamp),
      minimumRecommendedItems: 3,
    });
    expect(none.recommendation?.items).toEqual([]);
    expect(none.recommendation?.algorithm).toBeUndefined();
  });

  it('answers best sellers without items', async () => {
    const result = await shop().recommendations.getRecommendation([algo(ids.bestSellers)], { items: [] });
    expect(idsOf(result)).toEqual([p.rug, p.vase]);
  });

  it('lists the available algorithms', async () => {
    const { availableAlgorithms = [] } = await shop().recommendations.listAvailableAlgorithms();
    const byId = new Map(availableAlgorithms.map((a) => [a.config?.algorithmId, a]));
    expect(byId.get(ids.bestSellers)?.config?.algorithmType).toBe('GLOBAL');
    expect(byId.get(ids.boughtTogether)?.config?.algorithmType).toBe('RELATED_ITEMS');
    expect(byId.get(ids.sameCollections)?.catalogAppIds).toEqual([STORES_APP_ID]);
  });

  it('throws the contract errors for an unknown algorithm and for invalid input', async () => {
    const unknown = await sdkError(
      shop().recommendations.getRecommendation([algo('11111111-2222-3333-4444-555555555555')], {
        items: items(p.lamp),
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.details?.applicationError?.code).toBe('ALGORITHM_NOT_SUPPORTED');
    expect(unknown.details?.applicationError?.description).toContain('algorithms[0].id');

    const noItems = await sdkError(shop().recommendations.getRecommendation([algo(ids.sameCollections)]));
    expect(noItems.status).toBe(400);
    expect(noItems.details?.validationError?.fieldViolations.map((v) => v.field)).toContain('options.items');

    const tooMany = await sdkError(
      shop().recommendations.getRecommendation([algo(ids.bestSellers)], { minimumRecommendedItems: 101 }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.details?.validationError?.fieldViolations.map((v) => v.field)).toContain(
      'options.minimumRecommendedItems',
    );
  });
});

describe('@merx/sdk recommendations', () => {
  it('sends the same request and reads the same answer, with typed errors', async () => {
    const client = merxClient({
      baseUrl: server.baseUrl,
      auth: { getAuthHeaders: async () => ({ headers: {} }) },
      modules: { recommendations: merxRecommendations },
    });
    const result = await client.recommendations.getRecommendation([{ id: ids.boughtTogether, appId: STORES_APP_ID }], {
      items: items(p.lamp),
      minimumRecommendedItems: 1,
    });
    expect(result.recommendation.items?.map((i) => i.catalogItemId)).toEqual([p.shade, p.bulb]);
    expect(result.recommendation.algorithm).toEqual({ id: ids.boughtTogether, appId: STORES_APP_ID });
    const listed = await client.recommendations.listAvailableAlgorithms();
    expect(listed.availableAlgorithms).toHaveLength(3);
    const refused = await client.recommendations
      .getRecommendation([{ id: '11111111-2222-3333-4444-555555555555', appId: STORES_APP_ID }], {
        items: items(p.lamp),
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MerxApplicationError);
    expect((refused as MerxApplicationError).code).toBe('ALGORITHM_NOT_SUPPORTED');
  });
});
