import type { Kysely } from 'kysely';

// Frozen once released: never edit a released migration; add a new numbered file instead.

/** The tables this migration reads and writes, as they are at this point of the history (not today's types). */
interface SchemaAt0017 {
  coupons: { id: string; discount_total: number };
  orders: { id: string; currency: string; data: string };
}

/** Decimal digits of a currency's minor unit (2 for USD, 0 for JPY), from the runtime's own currency data. */
function digitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

interface AppliedCoupon {
  coupon?: { id?: unknown; amount?: { amount?: unknown } };
}

/**
 * What each coupon gave: `coupons.discount_total`, minor units of the store currency, grows by the coupon's
 * discount with every order that uses it (in the same statement that counts the use). Orders placed before this
 * migration are counted from the discounts they froze (`data.appliedDiscounts[].coupon.amount`).
 */
export function migration0017() {
  return {
    async up(db: Kysely<SchemaAt0017>): Promise<void> {
      await db.schema
        .alterTable('coupons')
        .addColumn('discount_total', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      const orders = await db
        .selectFrom('orders')
        .select(['currency', 'data'])
        .where('data', 'like', '%"coupon":%')
        .execute();
      const totals = new Map<string, number>();
      for (const order of orders) {
        const applied = (JSON.parse(order.data) as { appliedDiscounts?: AppliedCoupon[] }).appliedDiscounts ?? [];
        for (const entry of applied) {
          const id = entry.coupon?.id;
          const amount = Number(entry.coupon?.amount?.amount);
          if (typeof id !== 'string' || !Number.isFinite(amount)) continue;
          const minor = Math.round(amount * 10 ** digitsOf(order.currency));
          totals.set(id, (totals.get(id) ?? 0) + minor);
        }
      }
      for (const [id, total] of totals) {
        await db.updateTable('coupons').set({ discount_total: total }).where('id', '=', id).execute();
      }
    },
  };
}
