import { MerxError } from '@merx/sdk';
import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from './errors';

/**
 * Whether a failed query is worth another try: a network failure or a server error (5xx) may pass, so it gets two
 * more; a not-found or any other refusal (4xx) will not change, so the page shows it at once.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= 2 || isNotFound(error)) return false;
  return !(error instanceof MerxError && error.status !== undefined && error.status >= 400 && error.status < 500);
}

/** One cache for the whole shop; route loaders warm it before their page renders. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
    },
  },
});
