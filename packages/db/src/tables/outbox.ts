import type { Generated } from 'kysely';

/** Events appended in the same transaction as the change they describe; dispatched after commit. Append-only. */
export interface OutboxTable {
  seq: Generated<number>;
  id: string;
  /** Event name from the contract's catalogue, e.g. `wix.stores.catalog.v1.product_created`. */
  type: string;
  entity_id: string;
  /** JSON payload. */
  payload: string;
  created_date: string;
  /** JSON of who made the change (the contract's event identity); null for the store's own work. */
  actor: string | null;
}

/** Events not yet handed out: a trigger enqueues each appended event; a dispatcher claims it by deleting its row. */
export interface OutboxQueueTable {
  seq: number;
}
