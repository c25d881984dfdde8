import { type Kysely, sql } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** The tables this migration reads and writes, as they are at this point of the history (not today's types). */
interface SchemaAt0018 {
  inventory_changes: {
    id: string;
    cause: string;
    order_id: string | null;
    created_date: string;
    reason: string | null;
    reference: string | null;
  };
  order_transactions: { order_id: string; kind: string; details: string; created_date: string };
}

/**
 * Why stock changed and who changed it. `inventory_changes` gains `reason` (finer than `cause`: ORDER_PLACED,
 * ORDER_CANCELED, REFUND_RESTOCK, STOCK_SET, CSV_IMPORT, …), its actor (`actor_kind`, `actor_id`, `actor_name`, as
 * `audit_log` names one) and `reference` (the refund or product import it belongs to); `product_imports` gains the
 * actor who started the job, whose name the import's changes carry. All nullable: a change logged before is told
 * apart where its order's own rows show what happened (written in the same transaction, at the same instant):
 * - ORDER at the order's creation was taken on placement, later at payment;
 * - REVERT_INVENTORY_CHANGE beside the order's cancel activity is a cancel, beside a refund a refund restock (with
 *   the refund's id).
 * A MANUAL change could have come from any of several paths and keeps no reason; no old change gets an actor.
 */
export function migration0018() {
  return {
    async up(db: Kysely<SchemaAt0018>): Promise<void> {
      for (const column of ['reason', 'actor_kind', 'actor_id', 'actor_name', 'reference']) {
        await db.schema.alterTable('inventory_changes').addColumn(column, 'text').execute();
      }
      for (const column of ['actor_kind', 'actor_id', 'actor_name']) {
        await db.schema.alterTable('product_imports').addColumn(column, 'text').execute();
      }
      await sql`
        update inventory_changes set reason = case
          when cause = 'ORDER' then (
            select case when o.created_date = inventory_changes.created_date then 'ORDER_PLACED' else 'ORDER_PAID' end
            from orders o where o.id = inventory_changes.order_id
          )
          when exists (
            select 1 from order_activities a
            where a.order_id = inventory_changes.order_id and a.type = 'ORDER_CANCELED'
              and a.created_date = inventory_changes.created_date
          ) then 'ORDER_CANCELED'
          when exists (
            select 1 from order_transactions t
            where t.order_id = inventory_changes.order_id and t.kind = 'REFUND'
              and t.created_date = inventory_changes.created_date
          ) then 'REFUND_RESTOCK'
        end
        where cause in ('ORDER', 'REVERT_INVENTORY_CHANGE') and order_id is not null`.execute(db);
      // The refund's id is in its transactions' JSON details: read in JavaScript (few rows; no JSON SQL to differ).
      const refunds = await db
        .selectFrom('inventory_changes as c')
        .innerJoin('order_transactions as t', (j) =>
          j.onRef('t.order_id', '=', 'c.order_id').onRef('t.created_date', '=', 'c.created_date'),
        )
        .select(['c.id', 't.details'])
        .where('c.reason', '=', 'REFUND_RESTOCK')
        .where('t.kind', '=', 'REFUND')
        .execute();
      const byChange = new Map<string, string>();
      for (const row of refunds) {
        const refundId = (JSON.parse(row.details) as { refundId?: unknown }).refundId;
        if (typeof refundId === 'string') byChange.set(row.id, refundId);
      }
      for (const [id, refundId] of byChange) {
        await db.updateTable('inventory_changes').set({ reference: refundId }).where('id', '=', id).execute();
      }
    },
  };
}
