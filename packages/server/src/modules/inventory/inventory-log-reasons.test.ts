import type { InventoryChange } from '@merx/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../../testing.js';
import { sizeAndColor } from '../cart/cart-test-kit.js';
import { type Client, NEW_YORK } from '../orders/orders-test-kit.js';
import {
  collector,
  expectViolation,
  item,
  ORDERS,
  type PaymentsKit,
  startPaymentsKit,
} from '../payments/payments-test-kit.js';

/*
 * The inventory log says what happened and who did it: every path that changes counted stock writes its reason, its
 * actor (the request's caller) and, for refunds, the refund it belongs to. The product CSV import's own test is in
 * product-csv-inventory-log.test.ts.
 */

let kit: PaymentsKit;
/** The owner's API key as the log names it. */
let key: { kind: 'API_KEY'; id: string; name: string };
/** A staff member with a name, and one without (named by email). */
let ada: Client;
let adaActor: InventoryChange['actor'];
let nameless: Client;
let namelessActor: InventoryChange['actor'];

const QUERY = '/_api/merx/v1/inventory-changes/query';
const INVENTORY = '/stores/v2/inventoryItems';

beforeAll(async () => {
  kit = await startPaymentsKit();
  const db = kit.server.merx.db;
  const row = await db.selectFrom('api_keys').select('id').where('name', '=', 'Test owner').executeTakeFirstOrThrow();
  key = { kind: 'API_KEY', id: row.id, name: 'Test owner' };
  const staff = await signInStaff(kit.server, { role: 'owner' });
  await db
    .updateTable('identities')
    .set({ profile: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace' }) })
    .where('id', '=', staff.id)
    .execute();
  ada = kit.as(staff.token);
  adaActor = { kind: 'STAFF', id: staff.id, name: 'Ada Lovelace' };
  const other = await signInStaff(kit.server, { role: 'staff', permissions: ['catalog:write', 'catalog:read'] });
  nameless = kit.as(other.token);
  namelessActor = { kind: 'STAFF', id: other.id, name: other.email };
});
afterAll(async () => {
  await kit.close();
});

/** The log of `productId` oldest first, as the API answers it. */
async function logOf(productId: string, filter: Record<string, unknown> = {}): Promise<InventoryChange[]> {
  const res = await kit.owner.post(QUERY, {
    query: { filter: { productId, ...filter }, sort: [{ fieldName: 'createdDate', order: 'ASC' }] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.inventoryChanges;
}

/** Each change as [delta, cause, reason, actor, reference]. */
const told = (changes: InventoryChange[]) => changes.map((c) => [c.delta, c.cause, c.reason, c.actor, c.reference]);

const ok = async (res: Promise<{ status: number; body: unknown }>) => {
  const answer = await res;
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer;
};

describe('changes by hand', () => {
  it('names the product create, its edits and a tracking switch, with the staff member or key that made them', async () => {
    const p = await kit.stocked(10);
    await ok(ada.patch(`/stores/v1/products/${p.id}`, { product: { stock: { trackInventory: true, quantity: 7 } } }));
    await ok(nameless.patch(`/stores/v1/products/${p.id}`, { product: { stock: { trackInventory: false } } }));
    await ok(
      kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { stock: { trackInventory: true, quantity: 3 } } }),
    );
    expect(told(await logOf(p.id))).toEqual([
      [10, 'MANUAL', 'PRODUCT_CREATED', key, undefined],
      [-3, 'MANUAL', 'PRODUCT_EDITED', adaActor, undefined],
      [-7, 'MANUAL', 'TRACKING_CHANGED', namelessActor, undefined],
      [3, 'MANUAL', 'TRACKING_CHANGED', key, undefined],
    ]);
  });

  it('names counts set and adjusted through the inventory API, and setStock without a caller as the store', async () => {
    const p = await kit.stocked(5);
    const variantId = (
      await kit.server.merx.db
        .selectFrom('product_variants')
        .select('id')
        .where('product_id', '=', p.id)
        .executeTakeFirstOrThrow()
    ).id;
    await ok(
      ada.patch(`${INVENTORY}/product/${p.id}`, {
        inventoryItem: { trackQuantity: true, variants: [{ variantId, quantity: 12 }] },
      }),
    );
    await ok(
      kit.owner.post(`${INVENTORY}/increment`, { incrementData: [{ productId: p.id, variantId, incrementBy: 3 }] }),
    );
    await ok(ada.post(`${INVENTORY}/decrement`, { decrementData: [{ productId: p.id, variantId, decrementBy: 2 }] }));
    await ok(ada.patch(`${INVENTORY}/product/${p.id}`, { inventoryItem: { trackQuantity: false } }));
    await kit.server.services.variants.setStock(p.id, [{ variantId, trackQuantity: true, quantity: 4 }]);
    expect(told(await logOf(p.id))).toEqual([
      [5, 'MANUAL', 'PRODUCT_CREATED', key, undefined],
      [7, 'MANUAL', 'STOCK_SET', adaActor, undefined],
      [3, 'MANUAL', 'STOCK_ADJUSTED', key, undefined],
      [-2, 'MANUAL', 'STOCK_ADJUSTED', adaActor, undefined],
      [-13, 'MANUAL', 'TRACKING_CHANGED', adaActor, undefined],
      [4, 'MANUAL', 'TRACKING_CHANGED', { kind: 'SYSTEM' }, undefined],
    ]);
  });

  it('names the variants that deleting the options removes and the default variant it leaves', async () => {
    const p = await kit.createProduct({ ...sizeAndColor(), stock: { trackInventory: true, quantity: 2 } });
    const created = await logOf(p.id);
    await ok(ada.delete(`/stores/v1/products/${p.id}/options`));
    const edited = (await logOf(p.id)).slice(created.length);
    // Each old variant leaves the count; the default variant starts with the first one's units.
    expect(edited.map((c) => [c.delta, c.quantityAfter, c.reason, c.actor])).toEqual([
      ...created.map(() => [-2, undefined, 'PRODUCT_EDITED', adaActor]),
      [2, 2, 'PRODUCT_EDITED', adaActor],
    ]);
  });
});

describe('changes by orders', () => {
  it('names the shopper who placed an order and the staff member who canceled it, restocking', async () => {
    const p = await kit.stocked(10);
    const visitor = await kit.newVisitor();
    const placed = await kit.order(p.id, { quantity: 2, shopper: visitor });
    const member = await kit.newMember();
    const byMember = await kit.order(p.id, { quantity: 1, shopper: member });
    await ok(ada.post(`${ORDERS}/${placed.orderId}/cancel`, { restockAllItems: true }));
    expect(told(await logOf(p.id, { cause: { $ne: 'MANUAL' } }))).toEqual([
      [-2, 'ORDER', 'ORDER_PLACED', { kind: 'VISITOR', id: visitor.id }, undefined],
      [-1, 'ORDER', 'ORDER_PLACED', { kind: 'MEMBER', id: member.id }, undefined],
      [2, 'REVERT_INVENTORY_CHANGE', 'ORDER_CANCELED', adaActor, undefined],
    ]);
    expect((await logOf(p.id, { reason: 'ORDER_CANCELED' })).map((c) => c.orderId)).toEqual([placed.orderId]);
    expect((await logOf(p.id, { 'actor.kind': 'MEMBER' })).map((c) => c.orderId)).toEqual([byMember.orderId]);
  });

  it('names an order created by a key as placed by that key', async () => {
    const p = await kit.stocked(4);
    const res = await ok(
      kit.owner.post(ORDERS, {
        order: {
          lineItems: [item(p.id, 1)],
          buyerInfo: { email: 'buyer@example.com' },
          shippingInfo: { code: kit.store.standard.id, shippingDestination: { address: NEW_YORK } },
        },
      }),
    );
    const orderId = (res.body as { order: { id: string } }).order.id;
    expect(told(await logOf(p.id, { orderId }))).toEqual([[-1, 'ORDER', 'ORDER_PLACED', key, undefined]]);
  });

  it('names stock taken at payment with whoever paid, and a refund restock with its refund id', async () => {
    await kit.stockTakenAt('ON_ORDER_PAID');
    try {
      const p = await kit.stocked(10);
      const byCard = await kit.order(p.id, { quantity: 2 });
      await ok(kit.pay(byCard.shopper, byCard.orderId));
      const offline = await kit.order(p.id, { quantity: 3, body: { paymentMethod: 'offline' } });
      await ok(ada.post(collector(offline.orderId, 'mark-as-paid')));
      const refund = await ok(
        kit.owner.post(collector(offline.orderId, 'trigger-refund'), {
          sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
        }),
      );
      const refundId = (refund.body as { refundId: string }).refundId;
      expect(refundId).toEqual(expect.any(String));
      expect(told(await logOf(p.id, { cause: { $ne: 'MANUAL' } }))).toEqual([
        [-2, 'ORDER', 'ORDER_PAID', { kind: 'VISITOR', id: byCard.shopper.id }, undefined],
        [-3, 'ORDER', 'ORDER_PAID', adaActor, undefined],
        [3, 'REVERT_INVENTORY_CHANGE', 'REFUND_RESTOCK', key, refundId],
      ]);
      expect((await logOf(p.id, { reference: refundId })).map((c) => c.orderId)).toEqual([offline.orderId]);
    } finally {
      await kit.stockTakenAt('ON_ORDER_PLACED');
    }
  });
});

describe('reading the log by reason and actor', () => {
  it('filters by reason, actor kind and actor id, and refuses an unknown operator', async () => {
    const p = await kit.stocked(6);
    await ok(ada.patch(`/stores/v1/products/${p.id}`, { product: { stock: { trackInventory: true, quantity: 1 } } }));
    expect((await logOf(p.id, { reason: { $in: ['PRODUCT_EDITED', 'CSV_IMPORT'] } })).map((c) => c.delta)).toEqual([
      -5,
    ]);
    expect((await logOf(p.id, { 'actor.kind': 'API_KEY' })).map((c) => c.reason)).toEqual(['PRODUCT_CREATED']);
    expect((await logOf(p.id, { 'actor.id': adaActor?.id })).map((c) => c.reason)).toEqual(['PRODUCT_EDITED']);
    expect(await logOf(p.id, { reason: { $exists: false } })).toEqual([]);
    expectViolation(
      await kit.owner.post(QUERY, { query: { filter: { reason: { $startsWith: 'ORDER' } } } }),
      'query.filter.reason.$startsWith',
    );
  });
});
