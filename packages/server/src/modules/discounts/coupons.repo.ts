import { bumpDataVersion, type Database, type Executor } from '@merx/db';
import type { Selectable } from 'kysely';
import { DISCOUNTS_VERSION } from './discounts.common.js';
import type { CouponRecord, DiscountAction } from './discounts.types.js';

export type CouponRow = Selectable<Database['coupons']>;

/** Codes are unique whatever their case: stored once as written and once lower-cased. */
export const codeKey = (code: string) => code.toLowerCase();

export function couponOf(row: CouponRow): CouponRecord {
  const n = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    active: row.active === 1,
    discount: JSON.parse(row.discount) as DiscountAction,
    minimumSubtotal: n(row.minimum_subtotal),
    usageLimit: n(row.usage_limit),
    usageLimitPerCustomer: n(row.usage_limit_per_customer),
    usageCount: Number(row.usage_count),
    discountTotal: Number(row.discount_total),
    startDate: row.start_date,
    expirationDate: row.expiration_date,
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    revision: Number(row.revision),
  };
}

function rowOf(coupon: CouponRecord): CouponRow {
  return {
    id: coupon.id,
    code: coupon.code,
    code_key: codeKey(coupon.code),
    name: coupon.name,
    active: coupon.active ? 1 : 0,
    discount_type: coupon.discount.type,
    target_type: coupon.discount.target,
    discount: JSON.stringify(coupon.discount),
    minimum_subtotal: coupon.minimumSubtotal,
    usage_limit: coupon.usageLimit,
    usage_limit_per_customer: coupon.usageLimitPerCustomer,
    usage_count: coupon.usageCount,
    discount_total: coupon.discountTotal,
    start_date: coupon.startDate,
    expiration_date: coupon.expirationDate,
    created_date: coupon.createdDate,
    updated_date: coupon.updatedDate,
    revision: coupon.revision,
  };
}

/** True for a unique-constraint failure on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Storage of coupons and of how often each customer used them. */
export const couponsRepo = {
  select(ex: Executor) {
    return ex.selectFrom('coupons').selectAll('coupons');
  },

  async find(ex: Executor, id: string): Promise<CouponRecord | undefined> {
    const row = await this.select(ex).where('id', '=', id).executeTakeFirst();
    return row && couponOf(row);
  },

  async findByCode(ex: Executor, code: string): Promise<CouponRecord | undefined> {
    const row = await this.select(ex).where('code_key', '=', codeKey(code)).executeTakeFirst();
    return row && couponOf(row);
  },

  /** Inserts the coupon unless its code is taken (ON CONFLICT, so two racing creates leave one); false if taken. */
  async insert(ex: Executor, coupon: CouponRecord): Promise<boolean> {
    const rows = await ex
      .insertInto('coupons')
      .values(rowOf(coupon))
      .onConflict((oc) => oc.column('code_key').doNothing())
      .returning('id')
      .execute();
    if (rows.length !== 1) return false;
    await bumpDataVersion(ex, DISCOUNTS_VERSION);
    return true;
  },

  /** Writes `coupon` over the row whose revision is still `expectedRevision`; false when it was not. */
  async replace(ex: Executor, coupon: CouponRecord, expectedRevision: number): Promise<boolean> {
    const { id: _id, created_date: _created, usage_count: _usage, discount_total: _given, ...set } = rowOf(coupon);
    const res = await ex
      .updateTable('coupons')
      .set(set)
      .where('id', '=', coupon.id)
      .where('revision', '=', expectedRevision)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await bumpDataVersion(ex, DISCOUNTS_VERSION);
    return true;
  },

  async delete(ex: Executor, id: string): Promise<boolean> {
    await ex.deleteFrom('coupon_uses').where('coupon_id', '=', id).execute();
    const res = await ex.deleteFrom('coupons').where('id', '=', id).executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) return false;
    await bumpDataVersion(ex, DISCOUNTS_VERSION);
    return true;
  },

  async customerUses(ex: Executor, couponId: string, customerKey: string): Promise<number> {
    const row = await ex
      .selectFrom('coupon_uses')
      .select('uses')
      .where('coupon_id', '=', couponId)
      .where('customer_key', '=', customerKey)
      .executeTakeFirst();
    return Number(row?.uses ?? 0);
  },

  /**
   * Takes one use of the coupon if it is usable at `now`, adding `discount` (minor units) to what it gave: one
   * conditional UPDATE, so concurrent orders can never take more than `usage_limit` (PostgreSQL re-checks the
   * condition on the row another order just changed). Returns the per-customer limit, or `undefined` when no use
   * was taken.
   */
  async takeUse(
    ex: Executor,
    couponId: string,
    now: string,
    discount: number,
  ): Promise<{ perCustomer: number | null } | undefined> {
    const row = await ex
      .updateTable('coupons')
      .set((eb) => ({ usage_count: eb('usage_count', '+', 1), discount_total: eb('discount_total', '+', discount) }))
      .where('id', '=', couponId)
      .where('active', '=', 1)
      .where((eb) =>
        eb.and([
          eb.or([eb('usage_limit', 'is', null), eb('usage_count', '<', eb.ref('usage_limit'))]),
          eb.or([eb('start_date', 'is', null), eb('start_date', '<=', now)]),
          eb.or([eb('expiration_date', 'is', null), eb('expiration_date', '>', now)]),
        ]),
      )
      .returning('usage_limit_per_customer')
      .executeTakeFirst();
    return row && { perCustomer: row.usage_limit_per_customer === null ? null : Number(row.usage_limit_per_customer) };
  },

  async giveBackUse(ex: Executor, couponId: string, discount: number): Promise<void> {
    await ex
      .updateTable('coupons')
      .set((eb) => ({ usage_count: eb('usage_count', '-', 1), discount_total: eb('discount_total', '-', discount) }))
      .where('id', '=', couponId)
      .execute();
  },

  /** Counts one use by `customerKey`, unless they already reached `limit`; false when they had. */
  async addCustomerUse(
    ex: Executor,
    couponId: string,
    customerKey: string,
    limit: number | null,
    now: string,
  ): Promise<boolean> {
    const rows = await ex
      .insertInto('coupon_uses')
      .values({ coupon_id: couponId, customer_key: customerKey, uses: 1, last_used_date: now })
      .onConflict((oc) => {
        const update = oc.columns(['coupon_id', 'customer_key']).doUpdateSet((eb) => ({
          uses: eb('coupon_uses.uses', '+', 1),
          last_used_date: eb.ref('excluded.last_used_date'),
        }));
        return limit === null ? update : update.where('coupon_uses.uses', '<', limit);
      })
      .returning('uses')
      .execute();
    return rows.length === 1;
  },
};
