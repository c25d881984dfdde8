import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Admin } from '../../../lib/admin';
import { admin } from '../../../lib/admin';

const REGIONS = ['tax-regions'] as const;
const SETTINGS = ['tax-settings'] as const;

type Taxes = Admin['taxes'];
export type TaxRegionInput = Parameters<Taxes['createTaxRegion']>[0];
export type TaxRegionPatch = Parameters<Taxes['updateTaxRegion']>[1];
export type TaxSettingsPatch = Parameters<Taxes['updateTaxSettings']>[0];

/** The store's tax settings: prices with or without tax, the taxable address, the business address. */
export const taxSettingsQuery = () =>
  queryOptions({
    queryKey: SETTINGS,
    queryFn: async () => (await (await admin()).taxes.getTaxSettings()).taxSettings,
  });

export const useTaxSettings = () => useQuery(taxSettingsQuery());

export function useUpdateTaxSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: TaxSettingsPatch) => (await (await admin()).taxes.updateTaxSettings(patch)).taxSettings,
    onSuccess: (settings) => client.setQueryData(SETTINGS, settings),
  });
}

/** Tax regions: one country (or one subdivision of it) and its rates. */
export const taxRegionsQuery = () =>
  queryOptions({
    queryKey: [...REGIONS, 'all'],
    queryFn: async () => (await (await admin()).taxes.listTaxRegions()).taxRegions,
  });

export const useTaxRegions = () => useQuery(taxRegionsQuery());

export const taxRegionQuery = (id: string) =>
  queryOptions({
    queryKey: [...REGIONS, 'one', id],
    queryFn: async () => (await (await admin()).taxes.getTaxRegion(id)).taxRegion,
  });

export const useTaxRegion = (id: string) => useQuery(taxRegionQuery(id));

export function useSaveTaxRegion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: { id?: undefined; input: TaxRegionInput } | { id: string; input: TaxRegionPatch }) => {
      const a = await admin();
      return change.id === undefined
        ? (await a.taxes.createTaxRegion(change.input)).taxRegion
        : (await a.taxes.updateTaxRegion(change.id, change.input)).taxRegion;
    },
    onSuccess: (region) => {
      client.setQueryData(taxRegionQuery(region.id).queryKey, region);
      return client.invalidateQueries({ queryKey: [...REGIONS, 'all'] });
    },
  });
}

export function useDeleteTaxRegion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await (await admin()).taxes.deleteTaxRegion(id);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: REGIONS }),
  });
}
