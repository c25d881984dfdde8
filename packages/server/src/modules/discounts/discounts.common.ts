import { discountErrorCodes, type EventType } from '@merx/contract';
import type { Database, QueryPage } from '@merx/db';
import { AppError } from '@merx/domain';
import type { Kysely } from 'kysely';
import { type EventIdentity, identityOf } from '../../events/identity.js';
import type { EventOutbox, NewEvent } from '../../events/outbox.js';
import type { Caller } from '../../http/auth.js';
import type { Clock } from '../../lib/clock.js';
import type { StoreSettings } from '../settings/settings.service.js';

/**
 * The data version every write of a rule or a coupon bumps in its own transaction (`bumpDataVersion`): the totals
 * keep the active rules per process while it is current. Use counters (an order's writes) do not bump it: nothing
 * kept depends on them, and a bump per order would make every order wait on one row.
 */
export const DISCOUNTS_VERSION = 'discounts';

/** What the discount services need from the app. */
export interface DiscountDeps {
  db: Kysely<Database>;
  clock: Clock;
  outbox: EventOutbox;
  cursorSecret: string;
  store: () => StoreSettings;
}

/**
 * An outbox event with one of the discount event names (part of the contract's `EventType`), naming `who` made the
 * change (the request's caller; no one when absent: seeding).
 */
export function discountEvent(
  type: EventType,
  entityId: string,
  payload: Record<string, unknown>,
  who?: Caller | EventIdentity,
): NewEvent {
  return { type, entityId, payload, identity: identityOf(who) };
}

/** The revision sent is not the stored one (or changed under us): nothing was written. */
export function concurrentModification(what: string, data: Record<string, unknown>): AppError {
  return new AppError(
    'FAILED_PRECONDITION',
    discountErrorCodes.concurrentModification,
    `The ${what} was changed since that revision was read; read it again and retry`,
    data,
  );
}

/** An ISO-8601 input as stored (UTC with milliseconds, so that text order is time order); null stays null. */
export function isoOf(value: string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** A field of a patch: `undefined` keeps the stored value, `null` clears it. */
export function patched<T>(value: T | null | undefined, before: T | null, map: (v: T) => T = (v) => v): T | null {
  if (value === undefined) return before;
  return value === null ? null : map(value);
}

/** The contract's paging metadata of one page: cursors for cursor paging, the total for offset paging. */
export function pagingMetadataOf(page: QueryPage<unknown>, cursorPaging: boolean) {
  return {
    count: page.rows.length,
    offset: page.offset,
    ...(page.total !== undefined ? { total: page.total } : {}),
    ...(cursorPaging ? { cursors: { next: page.nextCursor, prev: page.prevCursor } } : {}),
  };
}
