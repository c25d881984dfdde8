import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EndpointInput, type EndpointPatch, type WebhookEndpoint, webhooksApi } from './client';

export const WEBHOOKS_KEY = ['webhooks'] as const;
const LIST_KEY = [...WEBHOOKS_KEY, 'endpoints'] as const;
const endpointKey = (id: string) => [...WEBHOOKS_KEY, 'endpoint', id] as const;

/**
 * The store's webhook endpoints (never their secrets). Read afresh on each visit: Merx changes their health (failing,
 * disabled) by itself, between the merchant's own changes.
 */
export const endpointsQuery = () =>
  queryOptions({
    queryKey: LIST_KEY,
    queryFn: async ({ signal }) => (await (await webhooksApi()).listEndpoints({ signal })).endpoints,
    staleTime: 0,
  });

export const useEndpoints = () => useQuery(endpointsQuery());

/** One endpoint, with its status (paused, disabled and why) and failing-since date. */
export const endpointQuery = (id: string) =>
  queryOptions({
    queryKey: endpointKey(id),
    queryFn: async ({ signal }) => (await (await webhooksApi()).getEndpoint(id, { signal })).endpoint,
    staleTime: 0,
  });

/** The endpoint, looked at again now and then while its page is in view (its health moves by itself). */
export const useEndpoint = (id: string) => useQuery({ ...endpointQuery(id), refetchInterval: 15_000 });

/** Puts a changed endpoint in the cache (its page and the list). */
function useStoreEndpoint() {
  const client = useQueryClient();
  return (endpoint: WebhookEndpoint) => {
    client.setQueryData(endpointKey(endpoint.id), endpoint);
    void client.invalidateQueries({ queryKey: LIST_KEY });
  };
}

/** Adds an endpoint: the answer holds its signing secret, shown once. */
export function useCreateEndpoint() {
  const store = useStoreEndpoint();
  return useMutation({
    mutationFn: async (input: EndpointInput) => (await webhooksApi()).createEndpoint(input),
    onSuccess: ({ endpoint }) => store(endpoint),
  });
}

/** Changes the URL, description or events, or pauses, resumes and re-enables (`status`). */
export function useUpdateEndpoint(id: string) {
  const store = useStoreEndpoint();
  return useMutation({
    mutationFn: async (patch: EndpointPatch) => (await (await webhooksApi()).updateEndpoint(id, patch)).endpoint,
    onSuccess: store,
  });
}

/** A new signing secret (shown once); the old one keeps signing beside it for `graceHours`. */
export function useRotateSecret(id: string) {
  const store = useStoreEndpoint();
  return useMutation({
    mutationFn: async (graceHours: number) => (await webhooksApi()).rotateSecret(id, { graceHours }),
    onSuccess: ({ endpoint }) => store(endpoint),
  });
}

export function useDeleteEndpoint(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<void> => {
      await (await webhooksApi()).deleteEndpoint(id);
    },
    onSuccess: () => {
      client.removeQueries({ queryKey: endpointKey(id) });
      void client.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}
