import type { Executor } from '@merx/db';
import { sql } from 'kysely';

/**
 * The line writes carts and checkouts share (their line tables have the same columns, keyed by their owner's id):
 * delete lines by id, and set the quantities of several lines in one statement.
 */
export function lineWrites(table: 'cart_lines' | 'checkout_lines', ownerColumn: 'cart_id' | 'checkout_id') {
  const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}`));
  return {
    /** Deletes the owner's lines with these ids; returns the ids deleted. */
    async deleteLines(ex: Executor, ownerId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<{ id: string }>`delete from ${sql.table(table)}
        where ${sql.ref(ownerColumn)} = ${ownerId} and id in (${idList(ids)}) returning id`.execute(ex);
      return rows.map((r) => r.id);
    },

    /** Sets the quantities of the owner's lines in one statement; returns the ids changed. */
    async setQuantities(
      ex: Executor,
      ownerId: string,
      updates: ReadonlyMap<string, number>,
      now: string,
    ): Promise<string[]> {
      if (updates.size === 0) return [];
      const ids = [...updates.keys()];
      const cases = sql.join(
        ids.map((id) => sql`when ${id} then cast(${updates.get(id)} as integer)`),
        sql` `,
      );
      const { rows } = await sql<{ id: string }>`update ${sql.table(table)}
        set quantity = case id ${cases} end, updated_date = ${now}
        where ${sql.ref(ownerColumn)} = ${ownerId} and id in (${idList(ids)}) returning id`.execute(ex);
      return rows.map((r) => r.id);
    },
  };
}
