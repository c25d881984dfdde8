import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION } from '../housekeeping/housekeeping.service.js';
import { addToCart, CART, type CartKit, expectAppError, item, type Shopper, startCartKit } from './cart-test-kit.js';

let kit: CartKit;
beforeAll(async () => {
  kit = await startCartKit();
});
afterAll(async () => {
  await kit.close();
});

const ago = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();
const db = () => kit.server.merx.db;
const purge = () => kit.server.services.cart.purgeUnreachableCarts(RETENTION.idleVisitorDays);

/** A shopper whose cart last changed `days` ago. */
async function cartOf(shopper: Shopper, days: number): Promise<string> {
  const cart = await addToCart(shopper, item((await kit.createProduct()).id, 2));
  await db()
    .updateTable('carts')
    .set({ updated_date: ago(days) })
    .where('id', '=', cart.id)
    .execute();
  return cart.id as string;
}

async function refreshToken(subject: string, revoked: string | null): Promise<void> {
  await db()
    .insertInto('refresh_tokens')
    .values({
      id: randomUUID(),
      token_hash: `hash-${randomUUID()}`,
      client_id: 'c',
      role: 'visitor',
      subject_id: subject,
      created_date: ago(200),
      last_used_date: ago(1),
      revoked_date: revoked,
    })
    .execute();
}

const carts = async (ids: string[]) =>
  (await db().selectFrom('carts').select('id').where('id', 'in', ids).execute()).map((r) => r.id).sort();
const linesOf = async (id: string) =>
  (await db().selectFrom('cart_lines').select('id').where('cart_id', '=', id).execute()).length;

describe('purging carts nobody can reach', () => {
  it("deletes an idle visitor's cart once no live token of theirs is left, with its lines and one deleted event", async () => {
    const gone = await kit.newVisitor();
    const revokedOnly = await kit.newVisitor();
    const stillSignedIn = await kit.newVisitor();
    const recent = await kit.newVisitor();
    const member = await kit.newMember();
    const goneCart = await cartOf(gone, RETENTION.idleVisitorDays + 1);
    const revokedCart = await cartOf(revokedOnly, RETENTION.idleVisitorDays + 10);
    await refreshToken(revokedOnly.id, ago(40));
    const keptByToken = await cartOf(stillSignedIn, RETENTION.idleVisitorDays + 30);
    await refreshToken(stillSignedIn.id, null);
    const keptRecent = await cartOf(recent, RETENTION.idleVisitorDays - 1);
    const memberCart = await cartOf(member, RETENTION.idleVisitorDays + 300);
    const seq = await kit.lastSeq();

    expect(await purge()).toBe(2);

    expect(await carts([goneCart, revokedCart, keptByToken, keptRecent, memberCart])).toEqual(
      [keptByToken, keptRecent, memberCart].sort(),
    );
    expect(await linesOf(goneCart)).toBe(0);
    expect(await linesOf(keptByToken)).toBe(1);
    const events = await kit.eventsSince(seq);
    expect(events.map((e) => [e.type, e.entityId]).sort()).toEqual(
      [
        ['wix.ecom.v1.cart_deleted', goneCart],
        ['wix.ecom.v1.cart_deleted', revokedCart],
      ].sort(),
    );
    expect(events[0]?.payload).toEqual({ cartId: events[0]?.entityId });
    // The kept carts still answer; nothing more goes on a second run.
    expect((await stillSignedIn.get(CART)).status).toBe(200);
    expectAppError(await gone.get(CART), 404, 'OWNED_CART_NOT_FOUND');
    expect(await purge()).toBe(0);
    expect(await kit.eventsSince(seq)).toHaveLength(2);
  });

  it('purges in rounds until every unreachable cart is gone', async () => {
    const visitors = await Promise.all(Array.from({ length: 3 }, () => kit.newVisitor()));
    const ids = [];
    for (const v of visitors) ids.push(await cartOf(v, RETENTION.idleVisitorDays + 5));
    // 1,200 more idle carts written directly: more than two rounds of 500.
    const now = ago(RETENTION.idleVisitorDays + 5);
    const extra = Array.from({ length: 1200 }, () => ({
      id: randomUUID(),
      owner_kind: 'visitor',
      owner_id: randomUUID(),
      currency: 'USD',
      coupon_code: null,
      coupon_id: null,
      buyer_note: null,
      contact_info: null,
      created_date: now,
      updated_date: now,
      revision: 1,
    }));
    for (let i = 0; i < extra.length; i += 200)
      await db()
        .insertInto('carts')
        .values(extra.slice(i, i + 200))
        .execute();
    expect(await purge()).toBe(1203);
    expect(await carts([...ids, ...extra.map((c) => c.id)])).toEqual([]);
  });
});
