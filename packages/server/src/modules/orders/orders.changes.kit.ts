import { expect } from 'vitest';
import { type Client, item, ORDERS, type OrdersKit, type Res, type Shopper } from './orders-test-kit.js';

/*
 * Helpers of the order changes, fulfillments and aggregate tests.
 */

export const FULFILLMENTS = '/ecom/v1/fulfillments';

export interface PlacedOrder {
  orderId: string;
  buyer: Shopper;
  productId: string;
  /** The order as its buyer reads it right after placing it. */
  order: Res['body'];
}

/** An order of `quantity` units of a new product with `stock` units, placed by a new visitor (or `buyer`). */
export async function placed(
  kit: OrdersKit,
  options: { quantity?: number; stock?: number; price?: number; offline?: boolean; buyer?: Shopper } = {},
): Promise<PlacedOrder> {
  const product = await kit.stocked(options.stock ?? 10, options.price ?? 20);
  const buyer = options.buyer ?? (await kit.newVisitor());
  const checkoutId = await kit.readyCheckout(buyer, [item(product.id, options.quantity ?? 2)]);
  const res = await kit.placeOrder(buyer, checkoutId, options.offline ? { paymentMethod: 'offline' } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const orderId = res.body.orderId as string;
  const order = (await buyer.get(`${ORDERS}/${orderId}`)).body.order;
  return { orderId, buyer, productId: product.id, order };
}

/** The order as the owner reads it. */
export async function orderOf(kit: OrdersKit, orderId: string): Promise<Res['body']> {
  const res = await kit.owner.get(`${ORDERS}/${orderId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order;
}

/** Activity types of the order's timeline, oldest first. */
export const typesOf = (order: Res['body']): string[] => order.activities.map((a: { type: string }) => a.type);

/** Rows of every order table (fulfillments too) and the outbox. */
export async function allRows(kit: OrdersKit): Promise<Record<string, number>> {
  const row = await kit.server.merx.db
    .selectFrom('order_fulfillments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { ...(await kit.orderRows()), fulfillments: Number(row.n) };
}

/** Runs `fn` (a refusal) and asserts that no order row, stock change or event was written meanwhile. */
export async function writesNothing(kit: OrdersKit, fn: () => Promise<void>): Promise<void> {
  await kit.server.dispatcher.drain();
  const before = await allRows(kit);
  const revisions = await kit.server.merx.db.selectFrom('orders').select(['id', 'revision', 'updated_date']).execute();
  await fn();
  expect(await allRows(kit)).toEqual(before);
  const after = await kit.server.merx.db.selectFrom('orders').select(['id', 'revision', 'updated_date']).execute();
  expect(after.map((r) => [r.id, Number(r.revision), r.updated_date]).sort()).toEqual(
    revisions.map((r) => [r.id, Number(r.revision), r.updated_date]).sort(),
  );
}

/** Event types appended after `seq`. */
export async function eventTypesSince(kit: OrdersKit, seq: number): Promise<string[]> {
  return (await kit.eventsSince(seq)).map((e) => e.type);
}

/** A signed-in staff member holding `permissions` (role `staff`), with their email. */
export async function staffMember(kit: OrdersKit, email: string, permissions: string[]): Promise<Client> {
  const { services, merx } = kit.server;
  const invite = await kit.owner.post('/_api/merx/v1/staff/invitations', { email, role: 'staff', permissions });
  expect(invite.status, JSON.stringify(invite.body)).toBe(200);
  const token = new URL(invite.body.url).searchParams.get('token') as string;
  const staff = await services.staff.acceptInvitation(token, 'staff password 1', { firstName: 'Sam' });
  const [client] = await services.clients.list();
  const refresh = await services.tokens.createRefresh(merx.db, {
    clientId: client!.id,
    role: 'staff',
    subjectId: staff.id,
  });
  const { accessToken } = await services.tokens.issueAccess({
    role: 'staff',
    sub: staff.id,
    cid: client!.id,
    rid: refresh.id,
    srole: 'staff',
    perms: permissions,
  });
  return kit.as(accessToken);
}
