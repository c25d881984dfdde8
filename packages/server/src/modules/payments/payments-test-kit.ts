import { expect } from 'vitest';
import type { TestServerOptions } from '../../testing.js';
import {
  type Client,
  expectAppError,
  item,
  ORDERS,
  type OrdersKit,
  type Res,
  type Shopper,
  startOrdersKit,
} from '../orders/orders-test-kit.js';
import { TEST_CARDS } from './payments.providers.js';

export { expectAppError, expectViolation, item, ORDERS, type Shopper } from '../orders/orders-test-kit.js';
export type { Client, Res };
export { TEST_CARDS };

export const PAY = '/_api/merx/v1/payments/pay';

/** A payments-collector URL of the order. */
export const collector = (orderId: string, action: string) => `/ecom/v1/payments-collector/orders/${orderId}/${action}`;

/** A card in the pay body's shape, valid until 2099 unless told otherwise. */
export function card(number: string = TEST_CARDS.approves, expiry = '12/99') {
  return { number, expiry, cvc: '123', holderName: 'Ada Buyer' };
}

export interface PaymentsKit extends OrdersKit {
  /** An API key holding `orders:read` and `orders:write`. */
  orderWriter: Client;
  /** An order placed by `shopper` (a new visitor when not given) for `quantity` units of `productId`. */
  order(
    productId: string,
    opts?: { quantity?: number; shopper?: Shopper; body?: Record<string, unknown> },
  ): Promise<{ orderId: string; shopper: Shopper }>;
  /** POST pay of the order with `number` as `client`. */
  pay(client: Client, orderId: string, number?: string, expiry?: string): Promise<Res>;
  /** The order as staff read it. */
  orderOf(orderId: string): Promise<Res['body']>;
  /** The order's transaction rows as stored. */
  transactionRows(orderId: string): Promise<Array<Record<string, unknown>>>;
  /** The inventory log of the order. */
  inventoryOf(orderId: string): Promise<Array<{ delta: number; cause: string }>>;
  /** Sets when stock is taken: at placing or at payment. */
  stockTakenAt(trigger: 'ON_ORDER_PLACED' | 'ON_ORDER_PAID'): Promise<void>;
  /** Types of the outbox events about `entityId` appended since `seq`. */
  eventTypesSince(seq: number, entityId: string): Promise<string[]>;
  /** Asserts `fn` answers the refusal and writes no order row, transaction, activity, stock change or event. */
  refusedWithoutWrites(fn: () => Promise<Res>, status: number, code: string): Promise<Res>;
}

async function refusedWithoutWrites(
  kit: PaymentsKit,
  fn: () => Promise<Res>,
  status: number,
  code: string,
): Promise<Res> {
  const rows = await kit.orderRows();
  const res = await fn();
  expectAppError(res, status, code);
  expect(await kit.orderRows()).toEqual(rows);
  return res;
}

/** A payments API test server: the orders kit, an `orders:write` key and payment helpers. */
export async function startPaymentsKit(options?: TestServerOptions): Promise<PaymentsKit> {
  const kit = await startOrdersKit(options);
  const { services, merx } = kit.server;
  const db = merx.db;
  const paymentsKit: PaymentsKit = {
    ...kit,
    orderWriter: kit.as(
      (await services.apiKeys.create({ name: 'Orders', scopes: ['orders:read', 'orders:write'] })).key,
    ),
    async order(productId, opts = {}) {
      const shopper = opts.shopper ?? (await kit.newVisitor());
      const checkoutId = await kit.readyCheckout(shopper, [item(productId, opts.quantity ?? 1)]);
      const res = await kit.placeOrder(shopper, checkoutId, opts.body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { orderId: res.body.orderId as string, shopper };
    },
    pay(client, orderId, number = TEST_CARDS.approves, expiry = '12/99') {
      return client.post(PAY, { paymentGatewayOrderId: orderId, card: card(number, expiry) });
    },
    async orderOf(orderId) {
      const res = await kit.owner.get(`${ORDERS}/${orderId}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.order;
    },
    async transactionRows(orderId) {
      return db.selectFrom('order_transactions').selectAll().where('order_id', '=', orderId).execute();
    },
    async inventoryOf(orderId) {
      const rows = await db
        .selectFrom('inventory_changes')
        .select(['delta', 'cause', 'created_date'])
        .where('order_id', '=', orderId)
        .orderBy('created_date')
        .execute();
      return rows.map((r) => ({ delta: Number(r.delta), cause: r.cause }));
    },
    async stockTakenAt(trigger) {
      const res = await kit.owner.patch('/ecom/v1/orders-settings', {
        ordersSettings: { inventoryUpdateTrigger: trigger },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
    async eventTypesSince(seq, entityId) {
      const rows = await db
        .selectFrom('outbox')
        .select(['type'])
        .where('seq', '>', seq)
        .where('entity_id', '=', entityId)
        .orderBy('seq')
        .execute();
      return rows.map((r) => r.type);
    },
    refusedWithoutWrites: (fn, status, code) => refusedWithoutWrites(paymentsKit, fn, status, code),
  };
  return paymentsKit;
}
