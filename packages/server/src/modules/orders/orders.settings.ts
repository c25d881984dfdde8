import { type OrdersSettings, orderEventTypes } from '@merx/contract';
import { type Database, type Executor, withTransaction } from '@merx/db';
import type { Kysely } from 'kysely';
import { type EventIdentity, identityOf } from '../../events/identity.js';
import type { EventOutbox } from '../../events/outbox.js';
import type { Caller } from '../../http/auth.js';
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
/** The `entityId` of the orders settings' events: there is one record per store. */
export const ORDERS_SETTINGS_ENTITY_ID = 'orders-settings';

/**
 * The orders settings (`/ecom/v1/orders-settings`), kept in the settings table: one primary-key read. A change
 * appends `wix.ecom.v1.orders_settings_updated` in its transaction; readers (the order mail) may leave `outbox` out,
 * the module's own instance, which the routes write through, must not.
 */
export function createOrdersSettings(db: Kysely<Database>, outbox?: EventOutbox) {
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
    /** Writes `patch` over the settings as `who` (whom the event names; the store itself when absent). */
    async update(patch: Partial<OrdersSettings>, who?: Caller | EventIdentity): Promise<OrdersSettings> {
      return withTransaction(db, async (uow) => {
        // Takes the row's write lock before reading it (a no-op upsert), so that two changes at once do not lose one.
        await uow.trx
          .insertInto('settings')
          .values({ key: KEY, value: '{}' })
          .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('settings.value') })))
          .execute();
        const before = await this.get(uow.trx);
        const next = { ...before, ...patch };
        const value = JSON.stringify(next);
        await uow.trx.updateTable('settings').set({ value }).where('key', '=', KEY).execute();
        const modifiedFields = (Object.keys(patch) as Array<keyof OrdersSettings>).filter(
          (k) => patch[k] !== undefined && JSON.stringify(before[k]) !== JSON.stringify(next[k]),
        );
        // A write that changes no value is no change: subscribers hear of real changes only.
        if (outbox && modifiedFields.length > 0) {
          await outbox.append(uow, {
            type: orderEventTypes.settingsUpdated,
            entityId: ORDERS_SETTINGS_ENTITY_ID,
            payload: { entity: next, modifiedFields: modifiedFields.sort() },
            identity: identityOf(who),
          });
        }
        return next;
      });
    },
  };
}

export type OrdersSettingsService = ReturnType<typeof createOrdersSettings>;
