import type { Product } from '@merx/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { type Admin, admin } from '../../../lib/admin';

export type { Product };
export type NewOrderInput = Parameters<Admin['orders']['createOrder']>[0];

/** Products whose name holds `text` (hidden ones too: staff sell them by hand), a few at a time. */
export const productSearchQuery = (text: string) =>
  queryOptions({
    queryKey: ['orders', 'new', 'products', text],
    queryFn: async () => {
      const q = text.trim();
      const page = await (await admin()).products.queryProductsPage(
        {
          filter: q ? { $or: [{ name: { $contains: q } }, { sku: { $startsWith: q } }] } : {},
          sort: [{ fieldName: 'name', order: 'ASC' }],
          paging: { limit: 8, offset: 0 },
        },
        { includeHiddenProducts: true, includeMerchantSpecificData: true },
      );
      return page.products;
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useProductSearch = (text: string, enabled: boolean) => useQuery({ ...productSearchQuery(text), enabled });

/** The store's shipping options (the server checks that the one chosen delivers to the address). */
export const shippingChoicesQuery = () =>
  queryOptions({
    queryKey: ['orders', 'new', 'shipping-options'],
    queryFn: async () => (await (await admin()).shippingOptions.queryShippingOptions().limit(100).find()).items,
    staleTime: 60_000,
  });

export const useShippingChoices = () => useQuery(shippingChoicesQuery());

/** Members whose email or name holds `text`, to put the order in their account. */
export const useMemberSearch = (text: string, enabled: boolean) =>
  useQuery({
    queryKey: ['orders', 'new', 'members', text],
    queryFn: async () => (await (await admin()).members.listMembers({ search: text.trim(), limit: 6 })).identities,
    enabled: enabled && text.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Creates the order; when asked, marks it paid at once (an offline payment of its total). */
export function useCreateOrder() {
  return useMutation({
    mutationFn: async (input: { order: NewOrderInput; markPaid: boolean }) => {
      const a = await admin();
      const { order } = await a.orders.createOrder(input.order);
      if (input.markPaid && order.paymentStatus !== 'PAID') {
        try {
          return { order: (await a.orders.paymentCollectionMarkOrderAsPaid(order.id)).order, paidError: undefined };
        } catch (error) {
          // The order exists: say that marking it paid failed rather than that nothing happened.
          return { order, paidError: error };
        }
      }
      return { order, paidError: undefined };
    },
  });
}
