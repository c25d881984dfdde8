import type { Generated } from 'kysely';

/** Events appended in the same transaction as the change they describe; dispatched after commit. */
export interface OutboxTable {
  seq: Generated<number>;
  id: string;
  /** Event name from the contract's catalogue, e.g. `wix.stores.catalog.v1.product_created`. */
  type: string;
  entity_id: string;
  /** JSON payload. */
  payload: string;
  created_date: string;
  dispatched_date: string | null;
}
