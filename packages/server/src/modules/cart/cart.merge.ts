import { cartEventTypes, MAX_CART_LINES, MAX_LINE_QUANTITY } from '@merx/contract';
import { type Database, type Executor, type UnitOfWork, withTransaction } from '@merx/db';
import type { Kysely, Transaction } from 'kysely';
import type { EventIdentity } from '../../events/identity.js';
import { newId } from '../../lib/ids.js';
import type { ModuleDeps } from '../module.js';
import { applyWritten } from './cart.changes.js';
import { type CartFields, lineRow, type NewLine } from './cart.rows.js';
import type { CartService } from './cart.service.js';
import type { CartLineRecord, CartOwner, CartRecord } from './cart.types.js';

/** What became of a visitor's cart when they signed in. */
export interface MergeResult {
  /** The member's cart, or null when the visitor had no cart. */
  cartId: string | null;
  /** Lines moved (new lines, or quantities added to the member's same items). */
  movedLineItems: number;
  /** Lines left out: beyond the cart's line limit, or a line already at its quantity limit. */
  droppedLineItems: number;
}

/** The visitor's lines that fit into the member's cart, as rows of it (same items add up, up to the limits). */
function linesToMove(visitorLines: readonly CartLineRecord[], memberLines: readonly CartLineRecord[], cartId: string) {
  const existing = new Map(memberLines.map((l) => [l.key, l]));
  let room = MAX_CART_LINES - memberLines.length;
  let position = memberLines.reduce((max, l) => Math.max(max, l.position), 0);
  const rows: NewLine[] = [];
  let dropped = 0;
  for (const line of visitorLines) {
    const same = existing.get(line.key);
    const quantity = same ? Math.min(line.quantity, MAX_LINE_QUANTITY - same.quantity) : line.quantity;
    if (quantity <= 0 || (!same && room === 0)) {
      dropped++;
      continue;
    }
    if (!same) room--;
    rows.push({ ...lineRow(line, cartId), quantity, position: same ? same.position : ++position });
  }
  return { rows, dropped };
}

/** Takes the visitor's coupon, buyer note and address where the member's cart has none; returns what changed. */
function carryOver(cart: CartRecord, from: CartRecord): CartFields {
  const set: CartFields = {};
  if (!cart.couponCode && from.couponCode) {
    Object.assign(cart, { couponCode: from.couponCode, couponId: from.couponId });
    Object.assign(set, { coupon_code: from.couponCode, coupon_id: from.couponId });
  }
  if (!cart.buyerNote && from.buyerNote) set.buyer_note = cart.buyerNote = from.buyerNote;
  if (!cart.contactInfo && from.contactInfo) {
    cart.contactInfo = from.contactInfo;
    set.contact_info = JSON.stringify(from.contactInfo);
  }
  return set;
}

/**
 * Moves a visitor's cart into a member's when they sign in: lines move (same items add up), the coupon, buyer
 * note and address carry over where the member's cart has none, and the visitor's cart is deleted, all in one
 * transaction. `ex` is the caller's unit of work or transaction (the sign-in's), or the database to run alone.
 */
export function createCartMerge(deps: ModuleDeps, service: CartService) {
  const { repo } = service;

  async function run(uow: UnitOfWork, visitorId: string, memberId: string): Promise<MergeResult> {
    const visitorOwner: CartOwner = { kind: 'visitor', id: visitorId };
    const visitor = await repo.findByOwner(uow.trx, visitorOwner);
    if (!visitor) return { cartId: null, movedLineItems: 0, droppedLineItems: 0 };
    const now = deps.clock.now().toISOString();
    await repo.deleteByOwner(uow.trx, visitorOwner);
    const member = await repo.take(
      uow.trx,
      { kind: 'member', id: memberId },
      {
        create: true,
        newId: newId(),
        currency: deps.store().currency,
        now,
        requestedIds: [...new Set(visitor.lines.flatMap((l) => (l.catalogItemId ? [l.catalogItemId] : [])))],
      },
    );
    if (!member) throw new Error('mergeVisitorCart: the member cart could not be taken');
    const { rows, dropped } = linesToMove(visitor.lines, member.lines, member.cart.id);
    const written = await repo.addLines(uow.trx, rows);
    applyWritten(member, rows, written, now);
    const cart = member.cart;
    const set = carryOver(cart, visitor.cart);
    await repo.updateCart(uow.trx, cart.id, set);
    const entity = service.present(member);
    // The member signing in moved the cart: both events name them.
    const identity: EventIdentity = { identityType: 'MEMBER', memberId };
    await deps.outbox.append(uow, [
      { type: cartEventTypes.deleted, entityId: visitor.cart.id, payload: { cartId: visitor.cart.id }, identity },
      member.created
        ? { type: cartEventTypes.created, entityId: cart.id, payload: { entity }, identity }
        : {
            type: cartEventTypes.updated,
            entityId: cart.id,
            payload: { entity, modifiedFields: ['lineItems'] },
            identity,
          },
    ]);
    return { cartId: cart.id, movedLineItems: written.length, droppedLineItems: dropped };
  }

  return async function mergeVisitorCart(
    ex: Executor | UnitOfWork,
    visitorId: string,
    memberId: string,
  ): Promise<MergeResult> {
    if ('afterCommit' in ex) return run(ex, visitorId, memberId);
    // Inside a caller's bare transaction the events wait for the dispatcher's next poll.
    if (ex.isTransaction) return run({ trx: ex as Transaction<Database>, afterCommit: () => {} }, visitorId, memberId);
    return withTransaction(ex as Kysely<Database>, (uow) => run(uow, visitorId, memberId));
  };
}
