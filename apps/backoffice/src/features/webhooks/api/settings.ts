import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type WebhookSettings, webhooksApi } from './client';
import { WEBHOOKS_KEY } from './endpoints';

const KEY = [...WEBHOOKS_KEY, 'settings'] as const;

/** The store's webhook settings (whether private network addresses may receive deliveries). */
export const webhookSettingsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await (await webhooksApi()).getSettings({ signal })).settings,
  });

export const useWebhookSettings = () => useQuery(webhookSettingsQuery());

export function useUpdateWebhookSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: WebhookSettings) => (await (await webhooksApi()).updateSettings(settings)).settings,
    onSuccess: (settings) => client.setQueryData(KEY, settings),
  });
}
