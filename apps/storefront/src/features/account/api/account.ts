import type { Identity } from '@merx/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../../lib/query-keys';
import { shop } from '../../../lib/shop';

/** The signed-in member (profile, email, second factors). */
export const memberQuery = () =>
  queryOptions({
    queryKey: keys.member,
    queryFn: async () => (await (await shop()).members.getCurrentMember()).identity,
  });

/** The member's orders, newest first (members see only their own). */
export const ordersQuery = () =>
  queryOptions({
    queryKey: keys.orders,
    queryFn: async () => {
      const s = await shop();
      const page = await s.orders.queryOrders().descending('createdDate').limit(50).find();
      return page.items;
    },
  });

/** One of the member's orders. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: keys.order(id),
    queryFn: async () => (await (await shop()).orders.getOrder(id)).order,
  });

type Profile = Parameters<Awaited<ReturnType<typeof shop>>['members']['updateCurrentMember']>[0];

/** Saves profile fields (names, phones, addresses); the answer replaces the cached member. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (profile: Profile) => (await (await shop()).members.updateCurrentMember(profile)).identity,
    onSuccess: (identity: Identity) => client.setQueryData(keys.member, identity),
  });
}

/** Second factors: TOTP enrolment and activation, emailed codes, removal. */
export function useFactors() {
  const client = useQueryClient();
  const onSuccess = ({ identity }: { identity: Identity }) => client.setQueryData(keys.member, identity);
  return {
    enrolTotp: useMutation({ mutationFn: async () => (await shop()).memberFactors.enrolTotp() }),
    activateTotp: useMutation({
      mutationFn: async (code: string) => (await shop()).memberFactors.activateTotp(code),
      onSuccess,
    }),
    setEmail: useMutation({
      mutationFn: async (enabled: boolean) => (await shop()).memberFactors.setEmailFactor(enabled),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: async (type: 'TOTP' | 'EMAIL') => (await shop()).memberFactors.removeFactor(type),
      onSuccess,
    }),
  };
}

/** The member's saved cards (kept by the card provider; Merx holds only what to show). */
export const savedCardsQuery = () =>
  queryOptions({
    queryKey: keys.savedCards,
    queryFn: async () => (await (await shop()).payments.listSavedPaymentMethods()).savedPaymentMethods,
  });

/** Forgets a saved card; the list is read again. */
export function useForgetCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await (await shop()).payments.deleteSavedPaymentMethod(id);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: keys.savedCards }),
  });
}
