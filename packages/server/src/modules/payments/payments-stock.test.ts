import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collector, expectAppError, type PaymentsKit, startPaymentsKit, TEST_CARDS } from './payments-test-kit.js';

/*
 * Stock taken when the order is paid (orders settings ON_ORDER_PAID): by the payment that holds money, in its
 * transaction, and never by one that does not.
 */

let kit: PaymentsKit;

beforeAll(async () => {
  kit = await startPaymentsKit();
  await kit.stockTakenAt('ON_ORDER_PAID');
});
afterAll(async () => {
  await kit.close();
});

describe('stock taken at payment (ON_ORDER_PAID)', () => {
  it('takes nothing at placing and the units when the card approves, with an inventory event', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id, { quantity: 2 });
    expect(await kit.stockOf(p.id)).toBe(5);
    const seq = await kit.lastSeq();
    expect((await kit.pay(shopper, orderId)).status).toBe(200);
    expect(await kit.stockOf(p.id)).toBe(3);
    expect(await kit.inventoryOf(orderId)).toEqual([{ delta: -2, cause: 'ORDER' }]);
    expect(await kit.eventTypesSince(seq, p.id)).toContain('wix.stores.inventory.v2.inventory_variants_changed');
    // The units taken at payment come back with a refund that restocks them.
    const refund = await kit.owner.post(collector(orderId, 'trigger-refund'), {
      sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(await kit.stockOf(p.id)).toBe(5);
  });

  it('takes the units when the card is only authorized', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id, { quantity: 2 });
    await kit.pay(shopper, orderId, TEST_CARDS.authorizesOnly);
    expect(await kit.stockOf(p.id)).toBe(3);
  });

  it('refuses the payment when stock is short, before charging or writing anything', async () => {
    const p = await kit.stocked(5);
    const { orderId, shopper } = await kit.order(p.id, { quantity: 4 });
    await kit.owner.patch(`/stores/v1/products/${p.id}`, { product: { stock: { quantity: 3 } } });
    const rows = await kit.orderRows();
    const res = await kit.pay(shopper, orderId);
    expectAppError(res, 400, 'INSUFFICIENT_INVENTORY');
    expect(res.body.details.applicationError.data).toMatchObject({ requested: 4, available: 3 });
    expect(await kit.orderRows()).toEqual(rows);
    expect(await kit.transactionRows(orderId)).toEqual([]);
    expect(await kit.stockOf(p.id)).toBe(3);
    expect(await kit.orderOf(orderId)).toMatchObject({ status: 'INITIALIZED', paymentStatus: 'NOT_PAID' });
  });

  it('keeps no stock for a declined or pending card, but records the attempt', async () => {
    const p = await kit.stocked(5);
    const declined = await kit.order(p.id, { quantity: 2 });
    expectAppError(await kit.pay(declined.shopper, declined.orderId, TEST_CARDS.declines), 400, 'PAYMENT_DECLINED');
    expect(await kit.stockOf(p.id)).toBe(5);
    expect((await kit.transactionRows(declined.orderId)).map((r) => r.status)).toEqual(['DECLINED']);
    expect(await kit.inventoryOf(declined.orderId)).toEqual([]);

    const pending = await kit.order(p.id, { quantity: 2 });
    expect((await kit.pay(pending.shopper, pending.orderId, TEST_CARDS.pending)).status).toBe(200);
    expect(await kit.stockOf(p.id)).toBe(5);
    expect((await kit.transactionRows(pending.orderId)).map((r) => r.status)).toEqual(['PENDING']);

    // The declined buyer pays with a good card: now the stock goes.
    expect((await kit.pay(declined.shopper, declined.orderId)).status).toBe(200);
    expect(await kit.stockOf(p.id)).toBe(3);
  });

  it('mark-as-paid takes the stock, and is refused when it is short', async () => {
    const p = await kit.stocked(5);
    const a = await kit.order(p.id, { quantity: 3, body: { paymentMethod: 'offline' } });
    const b = await kit.order(p.id, { quantity: 3, body: { paymentMethod: 'offline' } });
    expect((await kit.owner.post(collector(a.orderId, 'mark-as-paid'))).status).toBe(200);
    expect(await kit.stockOf(p.id)).toBe(2);
    const rows = await kit.orderRows();
    expectAppError(await kit.owner.post(collector(b.orderId, 'mark-as-paid')), 400, 'INSUFFICIENT_INVENTORY');
    expect(await kit.orderRows()).toEqual(rows);
    expect((await kit.orderOf(b.orderId)).paymentStatus).toBe('NOT_PAID');
  });

  it('sells the last units once when two buyers pay at the same time', async () => {
    const p = await kit.stocked(2);
    const a = await kit.order(p.id, { quantity: 2 });
    const b = await kit.order(p.id, { quantity: 2 });
    const answers = await Promise.all([kit.pay(a.shopper, a.orderId), kit.pay(b.shopper, b.orderId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(answers.map((r) => r.body.details?.applicationError?.code).filter(Boolean)).toEqual([
      'INSUFFICIENT_INVENTORY',
    ]);
    expect(await kit.stockOf(p.id)).toBe(0);
  });
});
