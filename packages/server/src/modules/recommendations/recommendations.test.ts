import { recommendationAlgorithmIds as ids, MAX_RECOMMENDATION_ITEMS, STORES_APP_ID } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAppError,
  expectViolation,
  item,
  ORDERS,
  type OrdersKit,
  type Res,
  startOrdersKit,
} from '../orders/orders-test-kit.js';

const GET = '/v1/recommendations/get';
const algo = (id: string) => ({ id, appId: STORES_APP_ID });
const ref = (catalogItemId: string) => ({ appId: STORES_APP_ID, catalogItemId });

let kit: OrdersKit;

beforeAll(async () => {
  kit = await startOrdersKit();
});
afterAll(async () => {
  await kit.close();
});

async function product(input: Record<string, unknown> = {}): Promise<string> {
  return (await kit.createProduct(input)).id;
}

/** Places an order of `lines` ([productId, quantity]) as a new visitor: offline (APPROVED) unless `online`. */
async function order(lines: Array<[string, number]>, online = false): Promise<string> {
  const v = await kit.newVisitor();
  const checkoutId = await kit.readyCheckout(
    v,
    lines.map(([id, q]) => item(id, q)),
  );
  const res = await kit.placeOrder(v, checkoutId, online ? {} : { paymentMethod: 'offline' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orderId as string;
}

/** Hides a product (after it was ordered: the cart takes visible products only). */
async function hide(id: string): Promise<void> {
  const res = await kit.owner.patch(`/stores/v1/products/${id}`, { product: { visible: false } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function cancel(orderId: string): Promise<void> {
  const res = await kit.owner.post(`${ORDERS}/${orderId}/cancel`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function collection(productIds: string[], visible = true): Promise<string> {
  const c = await kit.createCollection({ visible });
  const res = await kit.owner.post(`/stores/v1/collections/${c.id}/productIds`, { productIds });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return c.id;
}

/** Asks as a visitor without any token, as a product page does. */
function recommend(body: unknown): Promise<Res> {
  return kit.visitor.post(GET, body);
}

/** The recommended ids of a 200 answer. */
async function recommended(body: Record<string, unknown>): Promise<{ items: string[]; algorithm?: string }> {
  const res = await recommend(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const r = res.body.recommendation;
  for (const i of r.items) expect(i.appId).toBe(STORES_APP_ID);
  return {
    items: r.items.map((i: { catalogItemId: string }) => i.catalogItemId),
    ...(r.algorithm ? { algorithm: r.algorithm.id } : {}),
  };
}

describe('frequently bought together', () => {
  it('ranks products by the orders they share with the items, never the items, hidden, deleted or canceled ones', async () => {
    const [a, b, c, d, hidden, gone] = [
      await product(),
      await product(),
      await product(),
      await product(),
      await product(),
      await product(),
    ];
    await order([
      [a, 1],
      [b, 1],
    ]);
    await order([
      [b, 2],
      [a, 1],
      [hidden, 1],
    ]);
    await order(
      [
        [a, 1],
        [c, 1],
      ],
      true,
    );
    await order([
      [a, 1],
      [gone, 5],
    ]);
    await cancel(
      await order([
        [a, 1],
        [d, 9],
      ]),
    );
    // d is bought, but not with a.
    await order([[d, 3]]);
    await hide(hidden);
    expect((await kit.owner.delete(`/stores/v1/products/${gone}`)).status).toBe(200);

    expect(await recommended({ algorithms: [algo(ids.boughtTogether)], items: [ref(a)] })).toEqual({
      items: [b, c],
      algorithm: ids.boughtTogether,
    });
    // The other way round: a and b were bought with each other.
    expect((await recommended({ algorithms: [algo(ids.boughtTogether)], items: [ref(b)] })).items).toEqual([a]);
    // Several items: what goes with any of them, the items themselves left out.
    expect((await recommended({ algorithms: [algo(ids.boughtTogether)], items: [ref(a), ref(b)] })).items).toEqual([c]);
    // "Frequently viewed together" is answered from the same orders (Merx records no views).
    expect(await recommended({ algorithms: [algo(ids.viewedTogether)], items: [ref(a)] })).toEqual({
      items: [b, c],
      algorithm: ids.viewedTogether,
    });
  });

  it('recommends nothing for a product never ordered or unknown', async () => {
    const lonely = await product();
    const body = { algorithms: [algo(ids.boughtTogether)], items: [ref(lonely), ref('no-such-product')] };
    expect(await recommended(body)).toEqual({ items: [], algorithm: ids.boughtTogether });
  });
});

describe('from the same collections', () => {
  it('ranks visible products in stock by the visible collections they share with the items, All Products aside', async () => {
    const [a, b, c, d, hidden, soldOut] = [
      await product(),
      await product(),
      await product(),
      await product(),
      await product({ visible: false }),
      await product({ stock: { trackInventory: false, inStock: false } }),
    ];
    await collection([a, b, c, hidden, soldOut]);
    await collection([c, a]);
    await collection([a, d], false);
    expect(await recommended({ algorithms: [algo(ids.sameCollections)], items: [ref(a)] })).toEqual({
      items: [c, b],
      algorithm: ids.sameCollections,
    });
    // A product in no collection but "All Products" has no neighbours.
    expect(
      (await recommended({ algorithms: [algo(ids.sameCollections)], items: [ref(await product())] })).items,
    ).toEqual([]);
  });

  it(`answers at most 20 items, more when the minimum asks for more`, async () => {
    const seed = await product();
    const others: string[] = [];
    for (let i = 0; i < 24; i++) others.push(await product());
    await collection([seed, ...others]);
    const body = { algorithms: [algo(ids.sameCollections)], items: [ref(seed)] };
    const twenty = (await recommended(body)).items;
    expect(twenty).toHaveLength(20);
    // In the collection's own order.
    expect(twenty).toEqual(others.slice(0, 20));
    expect((await recommended({ ...body, minimumRecommendedItems: 22 })).items).toHaveLength(22);
    expect(await recommended({ ...body, minimumRecommendedItems: 30 })).toEqual({ items: [] });
  });
});

describe('best sellers', () => {
  it('ranks visible products by units kept in approved orders: not unpaid, canceled, refunded, hidden or the items', async () => {
    const [first, second, unpaid, canceled, hidden, refunded] = [
      await product(),
      await product(),
      await product(),
      await product(),
      await product(),
      await product(),
    ];
    await order([[first, 30]]);
    await order([[first, 30]]);
    await order([
      [second, 50],
      [hidden, 90],
    ]);
    await order([[unpaid, 99]], true);
    await cancel(await order([[canceled, 99]]));
    await hide(hidden);
    // Paid, then every unit refunded: sold nothing.
    const back = await order([[refunded, 99]]);
    const collector = `/ecom/v1/payments-collector/orders/${back}`;
    expect((await kit.owner.post(`${collector}/mark-as-paid`, { ecomOrderId: back })).status).toBe(200);
    const refund = await kit.owner.post(`${collector}/trigger-refund`, { ecomOrderId: back });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);

    const top = await recommended({ algorithms: [algo(ids.bestSellers)] });
    expect(top.algorithm).toBe(ids.bestSellers);
    expect(top.items.slice(0, 2)).toEqual([first, second]);
    for (const id of [unpaid, canceled, hidden, refunded]) expect(top.items).not.toContain(id);
    // Global: the items are not needed, and are left out when given.
    const without = await recommended({ algorithms: [algo(ids.bestSellers)], items: [ref(first)] });
    expect(without.items[0]).toBe(second);
    expect(without.items).not.toContain(first);
  });
});

describe('minimumRecommendedItems', () => {
  it('answers from the first algorithm, in the order given, that finds at least the minimum', async () => {
    const [a, b, c, d] = [await product(), await product(), await product(), await product()];
    await order([
      [a, 1],
      [b, 1],
    ]);
    await collection([a, c, d]);
    const algorithms = [algo(ids.boughtTogether), algo(ids.sameCollections), algo(ids.bestSellers)];
    const items = [ref(a)];
    expect(await recommended({ algorithms, items })).toEqual({ items: [b], algorithm: ids.boughtTogether });
    expect(await recommended({ algorithms, items, minimumRecommendedItems: 1 })).toEqual({
      items: [b],
      algorithm: ids.boughtTogether,
    });
    expect(await recommended({ algorithms, items, minimumRecommendedItems: 2 })).toEqual({
      items: [c, d],
      algorithm: ids.sameCollections,
    });
    const fallback = await recommended({ algorithms, items, minimumRecommendedItems: 3 });
    expect(fallback.algorithm).toBe(ids.bestSellers);
    expect(fallback.items.length).toBeGreaterThanOrEqual(3);
    expect(fallback.items).not.toContain(a);
    // Nobody finds 100: an empty recommendation, without an algorithm.
    expect(await recommended({ algorithms, items, minimumRecommendedItems: 100 })).toEqual({ items: [] });
  });

  it('lets a related-items algorithm without items recommend nothing when a global one follows', async () => {
    const res = await recommended({
      algorithms: [algo(ids.sameCollections), algo(ids.bestSellers)],
      items: [],
      minimumRecommendedItems: 1,
    });
    expect(res.algorithm).toBe(ids.bestSellers);
    expect(res.items.length).toBeGreaterThan(0);
  });
});

describe('cost', () => {
  it('runs a fixed number of statements however many algorithms fall through', async () => {
    const lonely = await product();
    const algorithms = [algo(ids.boughtTogether), algo(ids.viewedTogether), algo(ids.sameCollections)];
    const body = {
      algorithms: [...algorithms, algo(ids.bestSellers)],
      items: [ref(lonely)],
      minimumRecommendedItems: 1,
    };
    let res: Res | undefined;
    const statements = await kit.statementsOf(async () => {
      res = await recommend(body);
    });
    expect(res?.status).toBe(200);
    expect(res?.body.recommendation.algorithm.id).toBe(ids.bestSellers);
    // Items known, bought together (run once for both of its ids), same collections, best sellers and its check.
    expect(statements).toBeLessThanOrEqual(5);
  });
});

describe('listAvailableAlgorithms', () => {
  it('lists the three algorithms this store runs, for the Stores catalog', async () => {
    const res = await kit.visitor.get('/v1/recommendations/algorithms');
    expect(res.status).toBe(200);
    const listed = res.body.availableAlgorithms;
    expect(listed.map((a: { config: { algorithmId: string } }) => a.config.algorithmId).sort()).toEqual(
      [ids.bestSellers, ids.boughtTogether, ids.sameCollections].sort(),
    );
    for (const a of listed) {
      expect(a.appId).toBe(STORES_APP_ID);
      expect(a.catalogAppIds).toEqual([STORES_APP_ID]);
      expect(['RELATED_ITEMS', 'GLOBAL']).toContain(a.config.algorithmType);
    }
  });
});

describe('bad input is refused with a clear 400', () => {
  const ok = { algorithms: [algo(ids.sameCollections)], items: [ref('p')] };

  it('refuses missing, empty and too many algorithms, and malformed ones', async () => {
    expectViolation(await recommend({ items: [ref('p')] }), 'algorithms');
    expectViolation(await recommend({ ...ok, algorithms: [] }), 'algorithms', 'MIN_SIZE');
    expectViolation(
      await recommend({ ...ok, algorithms: Array.from({ length: 11 }, () => algo(ids.bestSellers)) }),
      'algorithms',
      'MAX_SIZE',
    );
    expectViolation(await recommend({ ...ok, algorithms: [{ appId: STORES_APP_ID }] }), 'algorithms[0].id');
    expectViolation(await recommend({ ...ok, algorithms: [algo('best-sellers')] }), 'algorithms[0].id');
    expectViolation(await recommend({ ...ok, algorithms: [{ id: ids.bestSellers }] }), 'algorithms[0].appId');
    expectViolation(await recommend({ ...ok, algorithms: 'all' }), 'algorithms');
  });

  it('refuses an algorithm this store does not run with ALGORITHM_NOT_SUPPORTED, naming algorithms[i].id', async () => {
    const unknown = '11111111-2222-3333-4444-555555555555';
    const res = await recommend({ ...ok, algorithms: [algo(ids.bestSellers), algo(unknown)] });
    expectAppError(res, 400, 'ALGORITHM_NOT_SUPPORTED');
    expect(res.body.message).toContain('algorithms[1].id');
    expect(res.body.details.applicationError.data).toEqual({
      unsupportedAlgorithms: [{ id: unknown, appId: STORES_APP_ID }],
    });
    const foreign = await recommend({ ...ok, algorithms: [{ id: ids.bestSellers, appId: 'another-app' }] });
    expectAppError(foreign, 400, 'ALGORITHM_NOT_SUPPORTED');
    expect(foreign.body.message).toContain('algorithms[0].appId');
  });

  it('refuses missing items for related-items algorithms, too many items, and malformed or foreign items', async () => {
    expectViolation(await recommend({ algorithms: ok.algorithms }), 'items', 'REQUIRED_FIELD');
    expectViolation(await recommend({ ...ok, items: [] }), 'items', 'REQUIRED_FIELD');
    const tooMany = Array.from({ length: MAX_RECOMMENDATION_ITEMS + 1 }, (_, i) => ref(`p${i}`));
    expectViolation(await recommend({ ...ok, items: tooMany }), 'items', 'MAX_SIZE');
    expectViolation(await recommend({ ...ok, items: [{ appId: STORES_APP_ID }] }), 'items[0].catalogItemId');
    expectViolation(await recommend({ ...ok, items: [ref('')] }), 'items[0].catalogItemId');
    expectViolation(await recommend({ ...ok, items: [ref('x'.repeat(37))] }), 'items[0].catalogItemId');
    expectViolation(await recommend({ ...ok, items: [ref('p'), { catalogItemId: 'p' }] }), 'items[1].appId');
    const foreign = await recommend({ ...ok, items: [ref('p'), { appId: 'bookings', catalogItemId: 'q' }] });
    expectAppError(foreign, 400, 'ITEM_APP_ID_NOT_SUPPORTED');
    expect(foreign.body.message).toContain('items[1].appId');
    // The most items allowed are fine.
    const most = Array.from({ length: MAX_RECOMMENDATION_ITEMS }, (_, i) => ref(`p${i}`));
    expect((await recommend({ ...ok, items: most })).status).toBe(200);
  });

  it('refuses a minimum that is negative, fractional, above 100 or not a number', async () => {
    for (const minimumRecommendedItems of [-1, 1.5, 101, '3']) {
      expectViolation(await recommend({ ...ok, minimumRecommendedItems }), 'minimumRecommendedItems');
    }
  });

  it('refuses a body that is not an object', async () => {
    const res = await kit.request({ method: 'POST', url: GET, payload: '[1,2]' });
    expect(res.status).toBe(400);
  });
});
