import { buildApp, type MerxApp } from '../../app.js';
import {
  type Client,
  item,
  type OrdersKit,
  type Res,
  type Shopper,
  startOrdersKit,
} from '../orders/orders-test-kit.js';

export { expectAppError, expectViolation, item, type Shopper } from '../orders/orders-test-kit.js';
export type { Client, Res };

export const ABANDONED = '/ecom/v1/abandoned-checkout';
export const MINUTE = 60_000;

export interface AbandonedKit extends OrdersKit {
  /**
   * Two more apps on the same database whose clock runs `ahead` ms ahead of the real one (two processes, later):
   * time passes for the sweep without sleeping.
   */
  later: MerxApp;
  other: MerxApp;
  /** A product with plenty of stock at $20. */
  productId: string;
  /** Moves the clock of `later` and `other` to `minutes` after now. */
  ahead(minutes: number): void;
  /** Sweeps with `later`'s clock `minutes` ahead; answers how many it marked. */
  sweepAt(minutes: number): Promise<number>;
  /** `client`'s request answered by `later` (its clock ahead). */
  laterCall(auth: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown): Promise<Res>;
  /** A visitor's checkout ready for an order (email, address, shipping) of one $20 product: its id. */
  openCheckout(shopper?: Shopper, extra?: Record<string, unknown>): Promise<string>;
  /** The abandoned checkout rows of a checkout (deleted ones included). */
  rowsOf(checkoutId: string): Promise<Array<Record<string, unknown>>>;
  /** Outbox events of `type` about `entityId` (any when not given). */
  events(type: string, entityId?: string): Promise<Array<{ entityId: string; payload: Record<string, unknown> }>>;
  /** Rows in the abandoned checkouts table. */
  abandonedCount(): Promise<number>;
}

export async function startAbandonedKit(): Promise<AbandonedKit> {
  const kit = await startOrdersKit();
  const { merx, config } = kit.server;
  let shift = 0;
  const clock = { now: () => new Date(Date.now() + shift) };
  const later = await buildApp({ config, merx, logger: false, clock });
  const other = await buildApp({ config, merx, logger: false, clock });
  await later.app.ready();
  await other.app.ready();
  const product = await kit.stocked(1_000_000, 20);
  return {
    ...kit,
    later,
    other,
    productId: product.id,
    ahead(minutes) {
      shift = minutes * MINUTE;
    },
    async sweepAt(minutes) {
      shift = minutes * MINUTE;
      return later.services.abandoned.abandonment.sweep();
    },
    async laterCall(auth, method, url, body) {
      const res = await later.app.inject({
        method,
        url,
        headers: { authorization: auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined, headers: res.headers };
    },
    async openCheckout(shopper, extra = {}) {
      return kit.readyCheckout(shopper ?? (await kit.newVisitor()), [item(product.id)], extra);
    },
    async rowsOf(checkoutId) {
      return merx.db.selectFrom('abandoned_checkouts').selectAll().where('checkout_id', '=', checkoutId).execute();
    },
    async events(type, entityId) {
      let q = merx.db.selectFrom('outbox').select(['entity_id', 'payload']).where('type', '=', type);
      if (entityId) q = q.where('entity_id', '=', entityId);
      const rows = await q.orderBy('seq').execute();
      return rows.map((r) => ({ entityId: r.entity_id, payload: JSON.parse(r.payload) }));
    },
    async abandonedCount() {
      const row = await merx.db
        .selectFrom('abandoned_checkouts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async close() {
      await later.app.close();
      await other.app.close();
      await kit.close();
    },
  };
}
