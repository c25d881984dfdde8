import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

const KEY = ['orders-settings'] as const;

/** When stock is taken, and when a checkout counts as abandoned. */
export const ordersSettingsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: async () => (await (await admin()).ordersSettings.getOrdersSettings()).ordersSettings,
  });

export const useOrdersSettings = () => useQuery(ordersSettingsQuery());

export type OrdersSettings = NonNullable<ReturnType<typeof useOrdersSettings>['data']>;

export function useUpdateOrdersSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: Partial<OrdersSettings>) =>
      (await (await admin()).ordersSettings.updateOrdersSettings(patch)).ordersSettings,
    onSuccess: (settings) => client.setQueryData(KEY, settings),
  });
}
