import type { OAuthClient } from '@merx/sdk';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';

const KEY = ['oauth-clients'] as const;

/** The apps members and staff sign in to: the built-in shop and back office, and the merchant's own. */
export const oauthClientsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: async () => (await (await admin()).oauthClients.listOAuthClients()).clients,
  });

export const useOAuthClients = () => useQuery(oauthClientsQuery());

/** What the form edits. */
export interface ClientForm {
  name: string;
  redirectUris: string[];
  allowedOrigins: string[];
}

/** The form as sent: names trimmed, empty rows dropped (the page shows the same list, so errors match rows). */
export const clean = (form: ClientForm): ClientForm => ({
  name: form.name.trim(),
  redirectUris: form.redirectUris.map((u) => u.trim()).filter(Boolean),
  allowedOrigins: form.allowedOrigins.map((o) => o.trim()).filter(Boolean),
});

export function useCreateOAuthClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: ClientForm): Promise<OAuthClient> =>
      (await (await admin()).oauthClients.createOAuthClient(clean(form))).client,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateOAuthClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, form }: { id: string; form: ClientForm }): Promise<OAuthClient> =>
      (await (await admin()).oauthClients.updateOAuthClient(id, clean(form))).client,
    onSuccess: (updated) =>
      client.setQueryData<OAuthClient[]>(KEY, (list) => list?.map((c) => (c.id === updated.id ? updated : c))),
  });
}

export function useDeleteOAuthClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await (await admin()).oauthClients.deleteOAuthClient(id);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
