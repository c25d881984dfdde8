import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Admin } from '../../../lib/admin';
import { admin } from '../../../lib/admin';

const FEES = ['additional-fees'] as const;
const TIPS = ['tip-settings'] as const;

type Taxes = Admin['taxes'];
type Tips = Admin['tipSettings'];
export type FeeInput = Parameters<Taxes['createAdditionalFee']>[0];
export type FeePatch = Parameters<Taxes['updateAdditionalFee']>[1];
export type TipSettingsInput = Parameters<Tips['createDefaultTipSettings']>[0];
export type TipSettingsPatch = Parameters<Tips['updateTipSettings']>[0];

/** The merchant's additional fees (handling, insurance), oldest first. */
export const feesQuery = () =>
  queryOptions({
    queryKey: [...FEES, 'all'],
    queryFn: async () => (await (await admin()).taxes.listAdditionalFees()).additionalFees,
  });

export const useFees = () => useQuery(feesQuery());

export const feeQuery = (id: string) =>
  queryOptions({
    queryKey: [...FEES, 'one', id],
    queryFn: async () => (await (await admin()).taxes.getAdditionalFee(id)).additionalFee,
  });

export const useFee = (id: string) => useQuery(feeQuery(id));

export function useSaveFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: { id?: undefined; input: FeeInput } | { id: string; input: FeePatch }) => {
      const a = await admin();
      return change.id === undefined
        ? (await a.taxes.createAdditionalFee(change.input)).additionalFee
        : (await a.taxes.updateAdditionalFee(change.id, change.input)).additionalFee;
    },
    onSuccess: (fee) => {
      client.setQueryData(feeQuery(fee.id).queryKey, fee);
      return client.invalidateQueries({ queryKey: [...FEES, 'all'] });
    },
  });
}

export function useDeleteFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await (await admin()).taxes.deleteAdditionalFee(id);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: FEES }),
  });
}

/** The store's default tip settings (what checkouts offer), or null when there are none yet. */
export const tipSettingsQuery = () =>
  queryOptions({
    queryKey: TIPS,
    queryFn: async () => {
      const page = await (await admin()).tipSettings.queryTipSettings('offset').eq('default', true).limit(1).find();
      return page.items[0] ?? null;
    },
  });

export const useTipSettings = () => useQuery(tipSettingsQuery());

/** Saves the default tip settings: creates them the first time, updates them (with the revision read) after. */
export function useSaveTipSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (
      change: { id?: undefined; input: TipSettingsInput } | { id: string; input: TipSettingsPatch },
    ) => {
      const t = (await admin()).tipSettings;
      return change.id === undefined
        ? (await t.createDefaultTipSettings(change.input)).tipSettings
        : (await t.updateTipSettings(change.input)).tipSettings;
    },
    onSuccess: (settings) => client.setQueryData(TIPS, settings),
  });
}
