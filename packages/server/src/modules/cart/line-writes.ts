import { MAX_LINE_QUANTITY } from '@merx/contract';
import type { Executor } from '@merx/db';
import { sql } from 'kysely';
import { preparedStatements } from '../../lib/prepared.js';

/**
 * The line writes carts and checkouts share (their line tables have the same columns, keyed by their owner's id):
 * add lines, delete lines by id, and set the quantities of several lines in one statement.
 */
export function lineWrites<Row extends { line_key: string }>(
  table: 'cart_lines' | 'checkout_lines',
  ownerColumn: 'cart_id' | 'checkout_id',
  columns: ReadonlyArray<keyof Row & string>,
) {
  const idList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}`));
  const run = preparedStatements();
  return {
    /**
     * Adds lines, or adds their quantities to the lines with the same key, in one statement (built once per number
     * of lines); a line that would go over the quantity limit is left as it was and missing from the answer.
     */
    async addLines(ex: Executor, lines: readonly Row[]): Promise<Array<{ id: string; key: string; quantity: number }>> {
      if (lines.length === 0) return [];
      const values = Object.fromEntries(
        lines.flatMap((line, i) => columns.map((column) => [`${i}:${column}`, line[column]])),
      );
      const rows = await run<{ id: string; line_key: string; quantity: number }>(
        ex,
        `add:${lines.length}`,
        (slot) => {
          const tuples = lines.map((_, i) => sql`(${sql.join(columns.map((c) => sql`${slot(`${i}:${c}`)}`))})`);
          const query = sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
            values ${sql.join(tuples)}
            on conflict (${sql.ref(ownerColumn)}, line_key) do update set
              quantity = ${sql.table(table)}.quantity + excluded.quantity,
              snapshot = excluded.snapshot,
              updated_date = excluded.updated_date
            where ${sql.table(table)}.quantity + excluded.quantity <= ${MAX_LINE_QUANTITY}
            returning id, line_key, quantity`;
          return { compile: () => query.compile(ex) };
        },
        values,
      );
      return rows.map((r) => ({ id: r.id, key: r.line_key, quantity: Number(r.quantity) }));
    },

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
