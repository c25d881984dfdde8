import type { OrdersSettings } from '@merx/contract';
import type { Database, Executor } from '@merx/db';
import type { Kysely } from 'kysely';
import { preparedStatements } from '../../lib/prepared.js';

/**
 * Orders settings as a new store has them: stock taken when the order is placed; abandoned after an hour; an order
 * paid online that is still unpaid after an hour is canceled (docs/decisions/0013-unpaid-orders.md); no offline
 * payment instructions until the merchant writes them.
 */
export const DEFAULT_ORDERS_SETTINGS: OrdersSettings = {
  inventoryUpdateTrigger: 'ON_ORDER_PLACED',
  createInvoice: false,
  abandonedCheckoutAfterMinutes: 60,
  unpaidOrderTimeout: { duration: 1, unit: 'HOURS' },
  offlinePaymentInstructions: '',
};

const KEY = 'orders';

/** The orders settings (`/ecom/v1/orders-settings`), kept in the settings table: one primary-key read. */
export function createOrdersSettings(db: Kysely<Database>) {
  // Read by every order placed: compiled once.
  const run = preparedStatements();
  return {
    async get(ex: Executor = db): Promise<OrdersSettings> {
      const [row] = await run<{ value: string }>(
        ex,
        'get',
        (slot) => ex.selectFrom('settings').select('value').where('key', '=', slot('key')),
        { key: KEY },
      );
      return { ...DEFAULT_ORDERS_SETTINGS, ...(row ? (JSON.parse(row.value) as Partial<OrdersSettings>) : {}) };
    },
    async update(patch: Partial<OrdersSettings>): Promise<OrdersSettings> {
      return db.transaction().execute(async (trx) => {
        const next = { ...(await this.get(trx)), ...patch };
        const value = JSON.stringify(next);
        await trx
          .insertInto('settings')
          .values({ key: KEY, value })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
          .execute();
        return next;
      });
    },
  };
}

export type OrdersSettingsService = ReturnType<typeof createOrdersSettings>;
