import type { StoreSettings, StoreSettingsPatch } from '@merx/sdk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';
import { updateBoot } from '../../../lib/boot';

const KEY = ['store-settings'] as const;

/** The store's name, currency, locale, logo, contact and address. */
export const storeSettingsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: async () => (await (await admin()).storeSettings.getStoreSettings()).store,
  });

export const useStoreSettings = () => useQuery(storeSettingsQuery());

/** What the page saves: the name, the locale, the logo, the contact and the address (`null` removes those). */
export type StorePatch = StoreSettingsPatch;

/** Saves the store details; the top bar and page titles follow at once. */
export function useUpdateStoreSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (patch: StorePatch): Promise<StoreSettings> =>
      (await (await admin()).storeSettings.updateStoreSettings(patch)).store,
    onSuccess: (store) => {
      client.setQueryData(KEY, store);
      updateBoot({ storeName: store.name, locale: store.locale, logoUrl: store.logoUrl });
    },
  });
}
