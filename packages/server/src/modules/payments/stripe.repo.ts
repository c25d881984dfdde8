import type { Database, Executor } from '@merx/db';
import type { Kysely } from 'kysely';

/*
 * Stripe's rows: the PaymentIntents made for orders, the events processed, members' customers and saved cards.
 */

export interface IntentRow {
  id: string;
  orderId: string;
  amountMinor: number;
  currency: string;
  captureManual: boolean;
  saveForMemberId: string | null;
  createdDate: string;
}

export interface SavedMethodRow {
  id: string;
  memberId: string;
  provider: 'stripe';
  customerId: string;
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  createdDate: string;
}

const intentOf = (r: Database['stripe_payment_intents']): IntentRow => ({
  id: r.id,
  orderId: r.order_id,
  amountMinor: Number(r.amount_minor),
  currency: r.currency,
  captureManual: r.capture_manual === 1,
  saveForMemberId: r.save_for_member_id,
  createdDate: r.created_date,
});

const savedOf = (r: Database['saved_payment_methods']): SavedMethodRow => ({
  id: r.id,
  memberId: r.member_id,
  provider: 'stripe',
  customerId: r.customer_id,
  paymentMethodId: r.payment_method_id,
  brand: r.brand,
  last4: r.last4,
  expMonth: Number(r.exp_month),
  expYear: Number(r.exp_year),
  createdDate: r.created_date,
});

export const stripeRepo = {
  async intent(db: Executor, id: string): Promise<IntentRow | undefined> {
    const row = await db.selectFrom('stripe_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? intentOf(row) : undefined;
  },

  /** The order's intents, newest first. */
  async intentsOf(db: Executor, orderId: string): Promise<IntentRow[]> {
    const rows = await db
      .selectFrom('stripe_payment_intents')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(intentOf);
  },

  async insertIntent(db: Executor, r: IntentRow): Promise<void> {
    await db
      .insertInto('stripe_payment_intents')
      .values({
        id: r.id,
        order_id: r.orderId,
        amount_minor: r.amountMinor,
        currency: r.currency,
        capture_manual: r.captureManual ? 1 : 0,
        save_for_member_id: r.saveForMemberId,
        created_date: r.createdDate,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },

  async eventSeen(db: Executor, id: string): Promise<boolean> {
    return Boolean(await db.selectFrom('stripe_events').select('id').where('id', '=', id).executeTakeFirst());
  },

  /** Marks the event processed; false when it already was. */
  async markEvent(db: Executor, id: string, type: string, now: string): Promise<boolean> {
    const res = await db
      .insertInto('stripe_events')
      .values({ id, type, received_date: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async customer(db: Executor, memberId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('payment_customers')
      .select('customer_id')
      .where('member_id', '=', memberId)
      .where('provider', '=', 'stripe')
      .executeTakeFirst();
    return row?.customer_id;
  },

  async insertCustomer(db: Executor, memberId: string, customerId: string, now: string): Promise<void> {
    await db
      .insertInto('payment_customers')
      .values({ member_id: memberId, provider: 'stripe', customer_id: customerId, created_date: now })
      .onConflict((oc) => oc.columns(['member_id', 'provider']).doNothing())
      .execute();
  },

  async saveMethod(db: Executor, r: SavedMethodRow): Promise<void> {
    await db
      .insertInto('saved_payment_methods')
      .values({
        id: r.id,
        member_id: r.memberId,
        provider: r.provider,
        customer_id: r.customerId,
        payment_method_id: r.paymentMethodId,
        brand: r.brand,
        last4: r.last4,
        exp_month: r.expMonth,
        exp_year: r.expYear,
        created_date: r.createdDate,
      })
      .onConflict((oc) => oc.columns(['provider', 'payment_method_id']).doNothing())
      .execute();
  },

  async savedMethods(db: Kysely<Database>, memberId: string): Promise<SavedMethodRow[]> {
    const rows = await db
      .selectFrom('saved_payment_methods')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('created_date', 'desc')
      .execute();
    return rows.map(savedOf);
  },

  async savedMethod(db: Kysely<Database>, id: string): Promise<SavedMethodRow | undefined> {
    const row = await db.selectFrom('saved_payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? savedOf(row) : undefined;
  },

  async deleteSavedMethod(db: Kysely<Database>, id: string): Promise<void> {
    await db.deleteFrom('saved_payment_methods').where('id', '=', id).execute();
  },
};
