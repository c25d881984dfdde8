import { createClient, type IdentityProvider, type IdentityProviderInput, identityProviders } from '@merx/sdk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffAuth } from '../../lib/session';

const KEY = ['identity-providers'] as const;

let clientPromise: Promise<{ identityProviders: ReturnType<typeof identityProviders> }> | undefined;

/** The staff member's client for this page (the module is not in the shared client's list yet). */
function client() {
  clientPromise ??= staffAuth().then((auth) =>
    createClient({ baseUrl: location.origin, auth, modules: { identityProviders } }),
  );
  return clientPromise;
}

/** The store's identity providers and the callback URL to register at each. */
export const identityProvidersQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: async () => (await client()).identityProviders.listIdentityProviders(),
  });

export const useIdentityProviders = () => useQuery(identityProvidersQuery());

export function useCreateIdentityProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: IdentityProviderInput) =>
      (await (await client()).identityProviders.createIdentityProvider(input)).identityProvider,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateIdentityProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: Partial<IdentityProviderInput> }) =>
      (await (await client()).identityProviders.updateIdentityProvider(id, patch)).identityProvider,
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteIdentityProvider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await (await client()).identityProviders.deleteIdentityProvider(id);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export type { IdentityProvider, IdentityProviderInput };
