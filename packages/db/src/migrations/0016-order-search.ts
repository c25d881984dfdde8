import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** The tables this migration reads and writes, as they are at this point of the history (not today's types). */
interface SchemaAt0016 {
  orders: { id: string; data: string; buyer_name: string | null; channel_type: string | null };
}

interface Contact {
  contactDetails?: { firstName?: string; lastName?: string };
}

/** The buyer's name as the order shows it: the billing contact's, else the recipient's (as the orders module does). */
function buyerNameOf(data: { billingInfo?: Contact; recipientInfo?: Contact }): string | null {
  for (const contact of [data.billingInfo, data.recipientInfo]) {
    const d = contact?.contactDetails;
    const name = [d?.firstName, d?.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ');
    if (name) return name;
  }
  return null;
}

const BATCH = 500;

/**
 * Orders can be found by the buyer's name and filtered by sales channel (`channelInfo.type`): both were only in the
 * order's JSON, which the query compiler does not read. Two columns kept from it by the orders module on every write,
 * filled here for the orders already placed, in batches by id.
 */
export function migration0016() {
  return {
    async up(db: Kysely<SchemaAt0016>): Promise<void> {
      await db.schema.alterTable('orders').addColumn('buyer_name', 'text').execute();
      await db.schema.alterTable('orders').addColumn('channel_type', 'text').execute();
      let after = '';
      for (;;) {
        const rows = await db
          .selectFrom('orders')
          .select(['id', 'data'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        for (const row of rows) {
          const data = JSON.parse(row.data) as { billingInfo?: Contact; recipientInfo?: Contact; channelType?: string };
          await db
            .updateTable('orders')
            .set({ buyer_name: buyerNameOf(data), channel_type: data.channelType ?? null })
            .where('id', '=', row.id)
            .execute();
        }
        if (rows.length < BATCH) break;
        after = rows.at(-1)?.id ?? after;
      }
      await db.schema.createIndex('orders_channel').on('orders').columns(['channel_type', 'created_date']).execute();
    },
  };
}
