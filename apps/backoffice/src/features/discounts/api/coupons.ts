import type { Coupon } from '@merx/sdk';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';
import type { couponInputOf } from '../lib/coupon-model';

const KEY = ['coupons'] as const;
export const COUPON_PAGE_SIZE = 25;

/** The coupon list's view, as kept in the URL. */
export interface CouponListView {
  q: string;
  status: string;
  type: string;
  sort: string;
  page: number;
}

const SORTS: Record<string, { field: string; order: 'ASC' | 'DESC' }> = {
  newest: { field: 'createdDate', order: 'DESC' },
  code: { field: 'code', order: 'ASC' },
  used: { field: 'usageCount', order: 'DESC' },
  given: { field: 'totalDiscount', order: 'DESC' },
};

/** One page of coupons: search by code or name, filters by status and type, a sort. */
export const couponsQuery = (view: CouponListView) =>
  queryOptions({
    queryKey: [...KEY, 'list', view],
    queryFn: async () => {
      const base = (await admin()).coupons.queryCoupons('offset');
      let q = view.q ? base.contains('code', view.q).or(base.contains('name', view.q)) : base;
      if (view.status === 'active') q = q.eq('active', true).eq('status', 'LIVE');
      if (view.status === 'scheduled') q = q.eq('active', true).eq('status', 'PENDING');
      if (view.status === 'expired') q = q.eq('status', 'EXPIRED');
      if (view.status === 'inactive') q = q.eq('active', false);
      if (view.type) q = q.eq('discount.discountType', view.type);
      const sort = SORTS[view.sort] ?? SORTS['newest']!;
      q = sort.order === 'ASC' ? q.ascending(sort.field) : q.descending(sort.field);
      const page = await q
        .limit(COUPON_PAGE_SIZE)
        .skip(view.page * COUPON_PAGE_SIZE)
        .find();
      return { items: page.items, total: page.totalCount, hasNext: page.hasNext() };
    },
    placeholderData: keepPreviousData,
  });

export const useCoupons = (view: CouponListView) => useQuery(couponsQuery(view));

export const couponQuery = (id: string) =>
  queryOptions({
    queryKey: [...KEY, 'one', id],
    queryFn: async () => (await (await admin()).coupons.getCoupon(id)).coupon,
  });

export const useCoupon = (id: string) => useQuery(couponQuery(id));

type CouponInput = ReturnType<typeof couponInputOf>;

export function useCreateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CouponInput) => (await (await admin()).coupons.createCoupon(input)).coupon,
    onSuccess: (coupon) => {
      client.setQueryData(couponQuery(coupon.id).queryKey, coupon);
      return client.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}

export function useUpdateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: Partial<CouponInput> & { revision: string } }) =>
      (await (await admin()).coupons.updateCoupon(id, patch)).coupon,
    onSuccess: (coupon) => {
      client.setQueryData(couponQuery(coupon.id).queryKey, coupon);
      return client.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}

export function useDeleteCoupons() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const a = await admin();
      return settle(ids, (id) => a.coupons.deleteCoupon(id));
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Turns coupons on or off (each with the revision read, so a coupon changed meanwhile is not overwritten). */
export function useSetCouponsActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ coupons, active }: { coupons: readonly Coupon[]; active: boolean }) => {
      const a = await admin();
      return settle(
        coupons.map((c) => c.id),
        (id) => a.coupons.updateCoupon(id, { active, revision: coupons.find((c) => c.id === id)!.revision }),
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Runs `work` for each id, one after another; answers how many succeeded and the first error. */
export async function settle(
  ids: readonly string[],
  work: (id: string) => Promise<unknown>,
): Promise<{ done: number; failed: number; error?: unknown }> {
  let done = 0;
  let error: unknown;
  for (const id of ids) {
    try {
      await work(id);
      done++;
    } catch (e) {
      error ??= e;
    }
  }
  return { done, failed: ids.length - done, ...(error ? { error } : {}) };
}
