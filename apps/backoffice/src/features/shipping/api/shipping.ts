import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Admin } from '../../../lib/admin';
import { admin } from '../../../lib/admin';

const OPTIONS = ['shipping-options'] as const;
const REGIONS = ['delivery-regions'] as const;

type Options = Admin['shippingOptions'];
export type ShippingOptionInput = Parameters<Options['createShippingOption']>[0];
export type ShippingOptionPatch = Parameters<Options['updateShippingOption']>[1];
export type DeliveryRegionInput = Parameters<Options['createDeliveryRegion']>[0];
export type DeliveryRegionPatch = Parameters<Options['updateDeliveryRegion']>[1];

/** Every shipping option of the store, delivery and pickup alike (a store has a handful), oldest first. */
export const optionsQuery = () =>
  queryOptions({
    queryKey: [...OPTIONS, 'all'],
    queryFn: async () =>
      (await (await admin()).shippingOptions.queryShippingOptions('offset').ascending('createdDate').limit(100).find())
        .items,
  });

export const useShippingOptions = () => useQuery(optionsQuery());

export const optionQuery = (id: string) =>
  queryOptions({
    queryKey: [...OPTIONS, 'one', id],
    queryFn: async () => (await (await admin()).shippingOptions.getShippingOption(id)).shippingOption,
  });

export const useShippingOption = (id: string) => useQuery(optionQuery(id));

/** The delivery regions: the countries and subdivisions options deliver to. */
export const regionsQuery = () =>
  queryOptions({
    queryKey: [...REGIONS, 'all'],
    queryFn: async () => (await (await admin()).shippingOptions.listDeliveryRegions()).deliveryRegions,
  });

export const useDeliveryRegions = () => useQuery(regionsQuery());

export function useSaveShippingOption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      change: { id?: undefined; input: ShippingOptionInput } | { id: string; input: ShippingOptionPatch },
    ) => {
      const a = await admin();
      return change.id === undefined
        ? (await a.shippingOptions.createShippingOption(change.input)).shippingOption
        : (await a.shippingOptions.updateShippingOption(change.id, change.input)).shippingOption;
    },
    onSuccess: (option) => {
      client.setQueryData(optionQuery(option.id).queryKey, option);
      return client.invalidateQueries({ queryKey: [...OPTIONS, 'all'] });
    },
  });
}

export function useDeleteShippingOption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await (await admin()).shippingOptions.deleteShippingOption(id);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: OPTIONS }),
  });
}

export function useSaveDeliveryRegion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      change: { id?: undefined; input: DeliveryRegionInput } | { id: string; input: DeliveryRegionPatch },
    ) => {
      const a = await admin();
      return change.id === undefined
        ? (await a.shippingOptions.createDeliveryRegion(change.input)).deliveryRegion
        : (await a.shippingOptions.updateDeliveryRegion(change.id, change.input)).deliveryRegion;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: REGIONS }),
  });
}

export function useDeleteDeliveryRegion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await (await admin()).shippingOptions.deleteDeliveryRegion(id);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: REGIONS }),
  });
}
