import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

const KEY = ['api-keys'] as const;

/** The store's API keys (never their secrets). */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: async () => (await (await admin()).apiKeys.listApiKeys()).apiKeys,
  });

export const useApiKeys = () => useQuery(apiKeysQuery());

/** Makes a key: the answer holds its secret, shown once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; scopes: string[] }) => (await admin()).apiKeys.createApiKey(input),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await (await admin()).apiKeys.revokeApiKey(id);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
