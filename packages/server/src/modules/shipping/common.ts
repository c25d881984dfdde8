import { type ShippingEventType, type ShippingPagingMetadata, shippingErrorCodes } from '@merx/contract';
import { bumpDataVersion, type Database, type QueryPage, type UnitOfWork, withTransaction } from '@merx/db';
import { AppError } from '@merx/domain';
import type { Kysely } from 'kysely';
import { type EventIdentity, identityOf } from '../../events/identity.js';
import type { EventOutbox } from '../../events/outbox.js';
import type { Caller } from '../../http/auth.js';

/**
 * The data version every write of shipping options, delivery regions, tax regions and settings, tip settings and
 * additional fees bumps in its own transaction: the totals keep the configuration per process while it is current.
 */
export const SHIPPING_VERSION = 'shipping';

/** `withTransaction` for a write of this module's configuration: bumps `SHIPPING_VERSION` in the same transaction. */
export function configurationWrite<T>(db: Kysely<Database>, work: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  return withTransaction(db, async (uow) => {
    const result = await work(uow);
    await bumpDataVersion(uow.trx, SHIPPING_VERSION);
    return result;
  });
}

/** A refused compare-and-set: someone changed the entity since the caller (or this request) read it. */
export function concurrentModification(entity: string, current: number): AppError {
  return new AppError(
    'FAILED_PRECONDITION',
    shippingErrorCodes.concurrentModification,
    `The ${entity} was changed since it was read (its revision is now ${current}); read it again and retry`,
    { currentRevision: String(current) },
  );
}

/** The revision a write must find: the one the caller sent (refused at once when stale), else the one read. */
export function expectedRevision(sent: string | null | undefined, read: number, entity: string): number {
  if (sent === undefined || sent === null) return read;
  if (Number(sent) !== read) throw concurrentModification(entity, read);
  return read;
}

/** Throws the conflict unless the compare-and-set update changed exactly one row. */
export function assertUpdated(result: { numUpdatedRows: bigint }, entity: string, current: number): void {
  if (Number(result.numUpdatedRows) !== 1) throw concurrentModification(entity, current);
}

/**
 * Appends one of this area's events in the unit of work, naming `who` made the change (no one when absent: seeding).
 */
export async function appendEvent(
  outbox: EventOutbox,
  uow: UnitOfWork,
  who: Caller | EventIdentity | undefined,
  type: ShippingEventType,
  entityId: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await outbox.append(uow, { type, entityId, payload, identity: identityOf(who) });
}

/** Paging metadata of a query answer: counts for offset paging, cursors for cursor paging. */
export function pagingMetadataOf(page: QueryPage<unknown>, cursorPaging: boolean): ShippingPagingMetadata {
  if (cursorPaging) {
    return {
      count: page.rows.length,
      cursors: { next: page.nextCursor, prev: page.prevCursor },
      hasNext: page.nextCursor !== null,
    };
  }
  const total = page.total ?? page.offset + page.rows.length;
  return {
    count: page.rows.length,
    offset: page.offset,
    total,
    tooManyToCount: false,
    hasNext: page.offset + page.rows.length < total,
  };
}

/** True for a unique-constraint violation on either engine (a lost race for a unique key). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True for a foreign-key violation on either engine (a row referenced or removed by a concurrent write). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** `0`/`1` columns. */
export const bit = (value: boolean): number => (value ? 1 : 0);

/** The JSON `extendedFields` kept on an entity. */
export interface StoredExtendedFields {
  namespaces: Record<string, Record<string, unknown>>;
}

export function extendedFieldsOf(input: { namespaces?: Record<string, Record<string, unknown>> } | null | undefined) {
  return JSON.stringify({ namespaces: input?.namespaces ?? {} } satisfies StoredExtendedFields);
}
