import { type Database, dataVersionReader, type Executor } from '@merx/db';
import type { Kysely } from 'kysely';

/**
 * One value derived from the database (e.g. the store's shipping configuration), kept in this process while the
 * data version `name` it was read at is current and `stamp` (settings the value depends on that live outside
 * those tables) is unchanged. Every write to the tables behind the value bumps that version in its own
 * transaction, so a write made by any process is seen on the next call: a call costs one primary-key read, or that
 * read and `load` when the version moved. The value is shared by every caller, so it is frozen: a caller that
 * changed it would change it for all the others.
 */
export function versionMemo<T>(
  db: Kysely<Database>,
  name: string,
  load: (ex: Executor) => Promise<T>,
  stamp: () => string = () => '',
): (ex?: Executor) => Promise<T> {
  const readVersion = dataVersionReader(db, name);
  let kept: { version: number; stamp: string; value: T } | undefined;
  return async (ex = db) => {
    // The version is read BEFORE the value: a write landing in between makes the value newer than its version,
    // which only costs a reload on the next call (never an older value kept under a newer version).
    const version = await readVersion(ex);
    const current = stamp();
    if (kept !== undefined && kept.version === version && kept.stamp === current) return kept.value;
    const value = deepFreeze(await load(ex));
    // Loads running side by side may finish out of order: keep the one read at the newest version.
    if (kept === undefined || kept.version <= version) kept = { version, stamp: current, value };
    return value;
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
