import { createClient, payments, type StripeSettings, type StripeSettingsPatch } from '@merx/sdk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffAuth } from '../../lib/session';

const KEY = ['payments-settings'] as const;

let clientPromise: Promise<{ payments: ReturnType<typeof payments> }> | undefined;

/** The staff member's client for this page (the module is not in the shared client's list). */
function client() {
  clientPromise ??= staffAuth().then((auth) => createClient({ baseUrl: location.origin, auth, modules: { payments } }));
  return clientPromise;
}

/** The store's Stripe settings: the secrets only as "set" and a hint, and the webhook URL to register. */
export const paymentsSettingsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: async () => (await (await client()).payments.getPaymentSettings()).stripe,
  });

export const usePaymentsSettings = () => useQuery(paymentsSettingsQuery());

/** Saves what changed; the answer replaces the cached settings. */
export function useUpdatePaymentsSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (patch: StripeSettingsPatch) =>
      (await (await client()).payments.updatePaymentSettings(patch)).stripe,
    onSuccess: (saved) => qc.setQueryData(KEY, saved),
  });
}

export type { StripeSettings, StripeSettingsPatch };
