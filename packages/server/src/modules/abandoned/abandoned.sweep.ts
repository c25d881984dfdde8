import { orderEventTypes } from '@merx/contract';
import { type UnitOfWork, withTransaction } from '@merx/db';
import { sql } from 'kysely';
import type { NewEvent } from '../../events/outbox.js';
import { newId } from '../../lib/ids.js';
import { compact } from '../cart/cart.mapper.js';
import type { CompletedCheckout } from '../checkout/checkout.order.js';
import type { CheckoutServices, PricedCheckout } from '../checkout/index.js';
import type { ModuleDeps } from '../module.js';
import type { OrdersSettingsService } from '../orders/orders.settings.js';
import { type AbandonedRow, abandonedWire } from './abandoned.mapper.js';

/*
 * Checkouts become abandoned checkouts when nobody changed them for the store's abandonment time, and recovered
 * when an order is placed from them later. Marking is idempotent across processes: one row per checkout (unique
 * `checkout_id`, INSERT … ON CONFLICT DO NOTHING), and its created event is appended only by the insert that wrote
 * the row. The insert re-checks, in the same statement, that the checkout is still open and unchanged since it was
 * priced (on PostgreSQL under a row lock, so an order being placed from it concurrently either wins or sees the row).
 */

/** Checkouts looked at per read of candidates. */
const BATCH = 100;
/**
 * No checkout younger than this can have been marked (the shortest abandonment time the settings allow is 5
 * minutes; one minute is left for clocks of other processes running ahead), so completing it skips the recovery
 * update: placing an order right after the checkout was made costs no statement more.
 */
const YOUNGEST_ABANDONED_MS = 4 * 60_000;

export interface AbandonmentDeps {
  deps: ModuleDeps;
  checkout: CheckoutServices;
  settings: OrdersSettingsService;
}

export function createAbandonment({ deps, checkout, settings }: AbandonmentDeps) {
  const wire = (row: AbandonedRow) => abandonedWire(row, { locale: deps.store().locale, publicUrl: deps.publicUrl });

  /** Open checkouts with lines and a buyer to reach, unchanged since `cutoff`, not yet marked; after `from`. */
  function candidates(cutoff: string, from: { updated: string; id: string } | null) {
    let q = deps.db
      .selectFrom('checkouts as c')
      .select(['c.id', 'c.updated_date'])
      .where('c.completed', '=', 0)
      .where('c.updated_date', '<', cutoff)
      .where((eb) =>
        eb.or([
          eb.and([eb('c.buyer_email', 'is not', null), eb('c.buyer_email', '!=', '')]),
          eb('c.owner_kind', '=', 'member'),
        ]),
      )
      .where((eb) =>
        eb.exists(eb.selectFrom('checkout_lines as l').select('l.id').whereRef('l.checkout_id', '=', 'c.id')),
      )
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('abandoned_checkouts as a').select('a.id').whereRef('a.checkout_id', '=', 'c.id')),
        ),
      );
    if (from)
      q = q.where((eb) =>
        eb.or([
          eb('c.updated_date', '>', from.updated),
          eb.and([eb('c.updated_date', '=', from.updated), eb('c.id', '>', from.id)]),
        ]),
      );
    return q.orderBy('c.updated_date').orderBy('c.id').limit(BATCH).execute();
  }

  /**
   * Marks one checkout, priced as `priced`, when it is still open and unchanged since it was priced (the row's
   * `updated_date` is compared in the same statement).
   */
  async function mark(priced: PricedCheckout, now: string): Promise<boolean> {
    const c = priced.state.checkout;
    const summary = priced.totals.priceSummary;
    const given = c.shippingDestination?.contactDetails ?? c.billingInfo?.contactDetails;
    const contact = given ? compact({ ...given }) : {};
    const contactJson = Object.keys(contact).length > 0 ? JSON.stringify(contact) : null;
    return withTransaction(deps.db, async (uow) => {
      const lock = deps.dialect === 'postgres' ? sql`for update` : sql``;
      const inserted = await sql<AbandonedRow>`
        insert into abandoned_checkouts (id, checkout_id, status, owner_kind, owner_id, buyer_email, currency,
          total_minor, subtotal_minor, cart_id, contact_details, checkout_updated_date, order_id, recovered_date,
          activities, created_date, updated_date)
        select ${newId()}, id, 'ABANDONED', owner_kind, owner_id, buyer_email, currency,
          cast(${summary.total} as bigint), cast(${summary.subtotal} as bigint), cart_id, ${contactJson},
          updated_date, null, null, '[]', ${now}, ${now}
        from checkouts where id = ${c.id} and completed = 0 and updated_date = ${c.updatedDate} ${lock}
        on conflict (checkout_id) do nothing
        returning *`.execute(uow.trx);
      const row = inserted.rows[0];
      if (!row) return false;
      // The store's own sweep marked it: the event names no one (UNKNOWN).
      await deps.outbox.append(uow, {
        type: orderEventTypes.abandonedCheckoutCreated,
        entityId: row.id,
        payload: { entity: wire(row) },
      });
      return true;
    });
  }

  return {
    /**
     * Marks every checkout left alone for the store's abandonment time as abandoned (at most once per checkout,
     * whichever process gets there first); answers how many this call marked.
     */
    async sweep(at: Date = deps.clock.now()): Promise<number> {
      const { abandonedCheckoutAfterMinutes } = await settings.get();
      const cutoff = new Date(at.getTime() - abandonedCheckoutAfterMinutes * 60_000).toISOString();
      const now = at.toISOString();
      let marked = 0;
      let failed: unknown;
      let from: { updated: string; id: string } | null = null;
      for (;;) {
        const batch = await candidates(cutoff, from);
        for (const c of batch) {
          try {
            // Priced as the buyer would see it now (outside the transaction: one SQLite connection).
            const priced = await checkout.checkouts.load(c.id);
            if (!priced || priced.state.checkout.completed) continue;
            if (await mark(priced, now)) marked++;
          } catch (error) {
            // One checkout that cannot be priced must not keep the others from being marked.
            failed ??= error;
          }
        }
        if (batch.length < BATCH) {
          if (failed) throw failed;
          return marked;
        }
        const last = batch[batch.length - 1]!;
        from = { updated: last.updated_date, id: last.id };
      }
    },

    /**
     * In the transaction that completes a checkout: its abandoned checkout (if any, and not deleted) becomes
     * RECOVERED with the order; answers the recovered event to append with the order's (naming who placed it).
     */
    async recover(uow: UnitOfWork, done: CompletedCheckout): Promise<NewEvent[]> {
      if (Date.parse(done.checkoutCreatedDate) > Date.parse(done.now) - YOUNGEST_ABANDONED_MS) return [];
      const row = await uow.trx
        .updateTable('abandoned_checkouts')
        .set({ status: 'RECOVERED', order_id: done.orderId, recovered_date: done.now, updated_date: done.now })
        .where('checkout_id', '=', done.checkoutId)
        .where('status', '=', 'ABANDONED')
        .returningAll()
        .executeTakeFirst();
      if (!row) return [];
      return [
        {
          type: orderEventTypes.abandonedCheckoutRecovered,
          entityId: row.id,
          payload: { abandonedCheckout: wire(row) },
        },
      ];
    },
  };
}

export type Abandonment = ReturnType<typeof createAbandonment>;
